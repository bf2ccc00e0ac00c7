/**
 * Raw bytes to a Windows printer queue. Electron has no raw-print API (webContents.print takes a
 * page, and the driver would render it), so the usual way is taken: the printer is shared (its
 * "Share name" in the printer's properties, the driver's "Generic / Text Only" or the maker's) and
 * the bytes are written to the share's path, \\localhost\<share>, which the spooler passes to the
 * printer as they are (what `copy /b receipt.bin \\localhost\POS58` does). One way: the spooler
 * says nothing of the paper or the cover, so no status is read. This is not tested on Windows
 * here (no Windows machine): the tests check the path and that only a share name is accepted.
 */
import { writeFile } from 'node:fs/promises';
import { SHARE_NAME } from '../../../../shared/bridge/validate.js';
import { LinkError, type PrinterLink } from './link.js';

export const sharePath = (share: string): string => `\\\\localhost\\${share}`;

export async function openWindowsQueue(share: string, platform: string = process.platform): Promise<PrinterLink> {
  if (platform !== 'win32') throw new LinkError('a Windows printer queue is reached only on Windows');
  if (!SHARE_NAME.test(share)) throw new LinkError(`"${share}" is not a printer's share name`);
  const chunks: Uint8Array[] = [];
  return {
    answers: false,
    // The queue takes a job whole: the bytes are gathered and written as one file at the close.
    write: async (bytes) => {
      chunks.push(bytes);
    },
    readByte: async () => undefined,
    close: async () => {
      if (chunks.length === 0) return;
      try {
        await writeFile(sharePath(share), Buffer.concat(chunks));
      } catch (err) {
        throw new LinkError(`the queue ${sharePath(share)} did not take the job: ${(err as Error).message}`, { cause: err });
      }
    },
  };
}
