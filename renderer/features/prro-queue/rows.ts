/** The grid's rows: the service's rows with the status by name and the chain verdict beside them. */
import type { PrroStatusName, ResultRowOf } from '../../../shared/contract/index.js';
import { type ChainVerdict, checkChain } from './chain.js';
import { statusOf } from './status.js';

export type ErrorRow = ResultRowOf<'pos.prro_inline_error_grid'>;

export interface GridRow {
  readonly id: string;
  readonly row: ErrorRow;
  /** Undefined for a code outside the contract's 0..9. */
  readonly status: PrroStatusName | undefined;
  readonly chain: ChainVerdict;
  /** The shift the document belongs to ('' while unknown: pos.prro_unsent_chain not read yet, or none). */
  readonly shift: string;
}

/** `shifts`: the shift of each document by id (dependents.ts shiftsById); the grid's own rows do not carry it. */
export function gridRows(rows: readonly ErrorRow[], shifts: ReadonlyMap<string, string> = new Map()): GridRow[] {
  const chain = checkChain(rows);
  // checkChain judges every row it is given.
  return rows.map((row) => ({
    id: row.id,
    row,
    status: statusOf(row),
    chain: chain.get(row.id) as ChainVerdict,
    shift: shifts.get(row.id) ?? '',
  }));
}

/** The shop's wall-clock time of a contract date-time ("2026-11-20T08:20:20+02:00" → "20.11.2026 08:20:20"). */
export function shownTime(s: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(s);
  return m ? `${m[3]}.${m[2]}.${m[1]} ${m[4]}:${m[5]}:${m[6] ?? '00'}` : s;
}

/** The start of a hash, enough to tell documents apart on screen. */
export const shortHash = (h: string): string => (h.length > 12 ? `${h.slice(0, 12)}…` : h);
