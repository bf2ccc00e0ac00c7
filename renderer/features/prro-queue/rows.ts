/** The grid's rows: the service's page rows with the status by name and the chain verdict beside them. */

import type { PrroStatusName, ResultRowOf } from '../../../shared/contract/index.js';
import type { op } from '../../../shared/contract/op.js';
import { type ChainVerdict, verdictOf } from './chain.js';
import { statusOf } from './status.js';

export type PageRow = Extract<ResultRowOf<typeof op.pos.prroErrorGridPage>, { tag: 'ROW' }>;
/** A document of the grid: the spec grid's columns, its shift and its chain verdict. */
export type ErrorRow = Omit<PageRow, 'tag'>;

export interface GridRow {
  readonly id: string;
  readonly row: ErrorRow;
  /** Undefined for a code outside the contract's 0..9. */
  readonly status: PrroStatusName | undefined;
  readonly chain: ChainVerdict;
  /** The shift the document belongs to ('' for none). */
  readonly shift: string;
}

/** A page row as the grid shows it (the tag is the page's, not the document's). */
export function gridRow({ tag: _, ...row }: PageRow): GridRow {
  return {
    id: row.id,
    row,
    status: statusOf(row),
    chain: verdictOf(row),
    shift: row.shift_id,
  };
}

/** The shop's wall-clock time of a contract date-time ("2026-11-20T08:20:20+02:00" → "20.11.2026 08:20:20"). */
export function shownTime(s: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(s);
  return m ? `${m[3]}.${m[2]}.${m[1]} ${m[4]}:${m[5]}:${m[6] ?? '00'}` : s;
}

/** The start of a hash, enough to tell documents apart on screen. */
export const shortHash = (h: string): string => (h.length > 12 ? `${h.slice(0, 12)}…` : h);
