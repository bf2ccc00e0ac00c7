/**
 * The printer's real-time status (ESC/POS DLE EOT n): the printer answers each query with one
 * byte at once, even while offline or out of paper, ahead of whatever it is printing. Asked over
 * links that carry answers back (TCP, serial); a Windows queue carries none.
 *
 * - n=1 printer status: bit 3 offline.
 * - n=2 offline cause: bit 2 cover open, bit 5 stopped at the paper's end, bit 6 an error.
 * - n=4 roll paper sensor: bits 2-3 near the end, bits 5-6 no paper.
 * Each answer has bits 1 and 4 set and bits 0 and 7 clear (0xx1xx10b): a byte that has not is no
 * answer to a status query.
 */
import type { PrinterCondition } from '../../../../shared/bridge/api.js';

export const QUERIES = { printer: 1, offlineCause: 2, paper: 4 } as const;
export const query = (n: number): Uint8Array => Uint8Array.of(0x10, 0x04, n);

export const isStatusByte = (b: number): boolean => (b & 0x93) === 0x12;

export interface StatusBytes {
  readonly printer: number;
  readonly offlineCause: number;
  readonly paper: number;
}

export interface Reading {
  readonly condition: Exclude<PrinterCondition, 'unreachable' | 'unknown'>;
  readonly paperNearEnd: boolean;
  readonly reason: string;
}

export function readStatus(s: StatusBytes): Reading {
  const paperNearEnd = (s.paper & 0x0c) === 0x0c;
  const hex = [s.printer, s.offlineCause, s.paper].map((b) => b.toString(16).padStart(2, '0')).join(' ');
  const said = (condition: Reading['condition'], what: string): Reading => ({
    condition,
    paperNearEnd,
    reason: `${what} (DLE EOT 1/2/4: ${hex})`,
  });
  if ((s.paper & 0x60) === 0x60 || (s.offlineCause & 0x20) !== 0) return said('paper_out', 'the printer has no paper');
  if ((s.offlineCause & 0x04) !== 0) return said('cover_open', "the printer's cover is open");
  if ((s.offlineCause & 0x40) !== 0) return said('error', 'the printer reports an error');
  if ((s.printer & 0x08) !== 0) return said('offline', 'the printer is offline');
  return said('ready', paperNearEnd ? 'ready; the paper is near its end' : 'ready');
}
