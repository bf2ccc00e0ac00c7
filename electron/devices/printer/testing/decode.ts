/**
 * Reads back what a till sent an ESC/POS printer, as the printer would print it: text lines in the
 * code table the printer was told to use (ESC t n, by the numbers the till was set with), the QR
 * codes' data (GS ( k, function 180), the drawer's pulses (ESC p, DLE DC4 1) and the cuts (GS V),
 * papers split at the cuts. A command it does not know fails the test: every byte the till sends
 * is one a printer understands.
 */
import type { PrinterCodePage } from '../../../../shared/bridge/api.js';
import { tableOf } from '../escpos/code-page.js';

export interface DecodedPaper {
  readonly lines: string[];
  readonly qr: string[];
  /** ESC p pulses (in the job) and DLE DC4 real-time pulses. */
  drawer: number;
  drawerNow: number;
}

export interface Decoded {
  /** One per cut, and what followed the last cut if anything did. */
  readonly papers: DecodedPaper[];
  readonly statusQueries: number;
  /** Every drawer pulse, in the papers or between them. */
  readonly drawer: number;
}

const newPaper = (): DecodedPaper => ({ lines: [], qr: [], drawer: 0, drawerNow: 0 });

export function decode(bytes: Uint8Array, tables: Readonly<Record<number, PrinterCodePage>>): Decoded {
  const papers: DecodedPaper[] = [];
  let paper = newPaper();
  let line: number[] = [];
  let table: string[] = tableOf('cp866');
  let statusQueries = 0;
  let drawer = 0;
  const flush = () => {
    paper.lines.push(line.map((b) => table[b] ?? '?').join(''));
    line = [];
  };
  let i = 0;
  const at = (k: number) => {
    const b = bytes[i + k];
    if (b === undefined) throw new Error(`a command is cut short at byte ${i}`);
    return b;
  };
  while (i < bytes.length) {
    const b = at(0);
    if (b === 0x0a) {
      flush();
      i++;
    } else if (b === 0x0d) i++;
    else if (b >= 0x20) {
      line.push(b);
      i++;
    } else if (b === 0x1b) {
      const c = at(1);
      if (c === 0x40) i += 2;
      else if (c === 0x74) {
        const page = tables[at(2)];
        if (!page) throw new Error(`ESC t ${at(2)}: a table the till was not set with`);
        table = tableOf(page);
        i += 3;
      } else if ([0x45, 0x4d, 0x61, 0x21, 0x2d, 0x64, 0x47].includes(c)) i += 3;
      else if (c === 0x70) {
        paper.drawer++;
        drawer++;
        i += 5;
      } else throw new Error(`ESC ${c.toString(16)} at byte ${i} is not a command the till sends`);
    } else if (b === 0x1c && at(1) === 0x2e) i += 2;
    else if (b === 0x1d) {
      const c = at(1);
      if (c === 0x21) i += 3;
      else if (c === 0x56) {
        if (line.length > 0) flush();
        papers.push(paper);
        paper = newPaper();
        i += at(2) >= 65 ? 4 : 3;
        // The encoder ends its cut with a line feed, which feeds nothing onto the next paper.
        if (bytes[i] === 0x0a) i++;
      } else if (c === 0x28 && at(2) === 0x6b) {
        const size = at(3) + at(4) * 256;
        const cn = at(5);
        const fn = at(6);
        if (cn === 0x31 && fn === 0x50) paper.qr.push(Buffer.from(bytes.subarray(i + 8, i + 5 + size)).toString('utf8'));
        i += 5 + size;
      } else throw new Error(`GS ${c.toString(16)} at byte ${i} is not a command the till sends`);
    } else if (b === 0x10 && at(1) === 0x04) {
      statusQueries++;
      i += 3;
    } else if (b === 0x10 && at(1) === 0x14) {
      paper.drawerNow++;
      drawer++;
      i += 5;
    } else throw new Error(`byte ${b.toString(16)} at ${i} is not text or a command the till sends`);
  }
  if (line.length > 0) flush();
  if (paper.lines.length > 0 || paper.qr.length > 0 || paper.drawer > 0 || paper.drawerNow > 0) papers.push(paper);
  return { papers, statusQueries, drawer };
}

/** The lines with runs of spaces made one (the alignment's padding), trimmed. */
export const plain = (lines: readonly string[]): string[] => lines.map((l) => l.replace(/ +/g, ' ').trim());
