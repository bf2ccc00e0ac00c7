/** A document as pos.prro_inline_error_grid shows it: the spec's columns, which the paged grid carries too. */
import { shownAt } from '../kernel/moment.js';

export interface ErrorGridDoc {
  readonly id: number;
  readonly created_at: string;
  readonly offline_session_id: string;
  readonly local_doc_number: number;
  readonly local_num: number;
  readonly fiscal_number: string;
  readonly doc_type: string;
  readonly control_code: string;
  readonly doc_hash: string;
  readonly prev_doc_hash: string;
  readonly user_id: string;
  readonly last_error: string;
  readonly status: number;
  readonly kasm: number;
  readonly numprro: string;
}

export const errorGridRow = (d: ErrorGridDoc, timeZone: string) => ({
  id: String(d.id),
  created_at: shownAt(d.created_at, timeZone),
  offline_session_id: d.offline_session_id,
  local_doc_number: String(d.local_doc_number),
  local_num: String(d.local_num),
  fiscal_number: d.fiscal_number,
  doc_type: d.doc_type,
  control_code: d.control_code,
  doc_hash: d.doc_hash,
  prev_doc_hash: d.prev_doc_hash,
  user_id: d.user_id,
  last_error: d.last_error,
  status: String(d.status),
  kasm: String(d.kasm),
  numprro: d.numprro,
});
