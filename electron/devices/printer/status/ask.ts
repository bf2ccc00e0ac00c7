/** Asks the printer its three status bytes over a link that carries answers (dle-eot.ts). */
import type { PrinterLink } from '../link/link.js';
import { isStatusByte, QUERIES, query, type Reading, readStatus } from './dle-eot.js';

/** How long one answer may take: a printer answers a real-time query within a few milliseconds. */
export const ANSWER_MS = 1000;

async function answer(link: PrinterLink, n: number, ms: number): Promise<number | undefined> {
  await link.write(query(n));
  const deadline = Date.now() + ms;
  // A byte that is no status answer (an automatic status the printer sends unasked) is passed over.
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) return undefined;
    const b = await link.readByte(left);
    if (b === undefined || isStatusByte(b)) return b;
  }
}

/** The printer's reading, or undefined when it does not answer. */
export async function askStatus(link: PrinterLink, ms = ANSWER_MS): Promise<Reading | undefined> {
  const printer = await answer(link, QUERIES.printer, ms);
  if (printer === undefined) return undefined;
  const offlineCause = await answer(link, QUERIES.offlineCause, ms);
  const paper = await answer(link, QUERIES.paper, ms);
  if (offlineCause === undefined || paper === undefined) return undefined;
  return readStatus({ printer, offlineCause, paper });
}
