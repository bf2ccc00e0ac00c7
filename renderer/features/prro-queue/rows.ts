/** The grid's rows: the service's rows with the inferred status and the chain verdict beside them. */
import type { ResultRowOf } from '../../../shared/contract/index.js';
import { type ChainVerdict, checkChain } from './chain.js';
import { inferStatus, type ListedStatus } from './status.js';

export type ErrorRow = ResultRowOf<'pos.prro_inline_error_grid'>;

export interface GridRow {
  readonly id: string;
  readonly row: ErrorRow;
  readonly status: ListedStatus;
  /** Undefined when the grid is not of one register, so the chain cannot be checked. */
  readonly chain: ChainVerdict | undefined;
}

export function gridRows(rows: readonly ErrorRow[], oneRegister: boolean): GridRow[] {
  const chain = oneRegister ? checkChain(rows) : undefined;
  return rows.map((row) => ({ id: row.id, row, status: inferStatus(row.last_error), chain: chain?.get(row.id) }));
}

/** The shop's wall-clock time of a contract date-time ("2026-11-20T08:20:20+02:00" → "20.11.2026 08:20:20"). */
export function shownTime(s: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(s);
  return m ? `${m[3]}.${m[2]}.${m[1]} ${m[4]}:${m[5]}:${m[6] ?? '00'}` : s;
}

/** The start of a hash, enough to tell documents apart on screen. */
export const shortHash = (h: string): string => (h.length > 12 ? `${h.slice(0, 12)}…` : h);
