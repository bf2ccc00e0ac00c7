/**
 * A shift's documents in chain order (pos.shift_documents), each judged against the chain: the
 * service gives the hash of the live document before it in its register (whatever its shift), so
 * a break is seen even at a shift's first document. A withdrawn document is history, not a link.
 */

import { PRRO, type PrroStatusName, type ResultRowOf } from '../../../shared/contract/index.js';
import type { op } from '../../../shared/contract/op.js';
import { statusOf } from './status.js';

export type ShiftDocRow = ResultRowOf<typeof op.pos.shiftDocuments>;

export type ShiftLink = 'first' | 'linked' | 'break' | 'withdrawn';

export interface ShiftDoc {
  readonly id: string;
  readonly row: ShiftDocRow;
  readonly status: PrroStatusName | undefined;
  readonly link: ShiftLink;
}

const same = (a: string | null, b: string | null) => (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

export function linkOf(d: ShiftDocRow): ShiftLink {
  if (d.status === String(PRRO.cancelled)) return 'withdrawn';
  if ((d.expected_prev_hash ?? '') === '') return (d.prev_doc_hash ?? '') === '' ? 'first' : 'break';
  return same(d.prev_doc_hash, d.expected_prev_hash) ? 'linked' : 'break';
}

export const shiftDocs = (rows: readonly ShiftDocRow[]): ShiftDoc[] =>
  rows.map((row) => ({ id: row.id, row, status: statusOf(row), link: linkOf(row) }));
