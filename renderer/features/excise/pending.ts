/**
 * The till's pending stamps as far as the till itself knows them. The registry has no read that
 * lists pending stamps, so this is what the till can see without one: the stamps scanned for the
 * sale in progress (the sale screen's own state), and, from the duplicates report, the duplicate
 * stamps of this till that are on no receipt yet.
 */

import type { ResultRowOf } from '../../../shared/contract/index.js';
import type { op } from '../../../shared/contract/op.js';

/** What the stamps view needs of a sale line (the sale screen's SaleLine has it). */
export interface StampedLine {
  readonly code: string;
  readonly name: string;
  readonly stamps: readonly string[];
}

export interface SaleStamp {
  readonly stamp: string;
  readonly code: string;
  readonly name: string;
}

/** Every stamp of the sale in progress with the product it was scanned for, in scan order per line. */
export const saleStamps = (lines: readonly StampedLine[]): SaleStamp[] =>
  lines.flatMap((l) => l.stamps.map((stamp) => ({ stamp, code: l.code, name: l.name })));

export type DuplicateRow = ResultRowOf<typeof op.pos.exciseDuplicate>;

/** A duplicate not yet on a receipt is still pending at the till that scanned it. */
export const pendingDuplicates = (rows: readonly DuplicateRow[], kasm: number): DuplicateRow[] =>
  rows.filter((r) => r.check_number === '' && r.cashdesk_number === String(kasm));

/** The stamps the till knows to be pending, each once: what a "release all" confirmation names. */
export const knownPending = (sale: readonly SaleStamp[], duplicates: readonly DuplicateRow[]): string[] => [
  ...new Set([...sale.map((s) => s.stamp), ...duplicates.map((d) => d.excise_mark)]),
];
