/** SQL of the PRRO queue. */
import { PRRO, PRRO_ERROR_STATUSES, PRRO_PENDING_STATUSES } from '../../../../shared/contract/index.js';
import type { Db } from '../../../db/open.js';
import { statements } from '../../core/statements.js';

const ERROR = PRRO_ERROR_STATUSES.join(', ');
const PENDING = PRRO_PENDING_STATUSES.join(', ');
/** What the fiscal server still has to look at: the pending ones, and those sent or held back. */
const UNSENT = [...PRRO_PENDING_STATUSES, PRRO.sending, PRRO.blocked].join(', ');
const CANCELLED = PRRO.cancelled;

export interface RegisterRow {
  numprro: string;
  offline_session_id: number;
  offline_seed: string;
  session_doc_count: number;
  last_local_num: number;
}

export interface PrroDocRow {
  id: number;
  kasm: number;
  numprro: string;
  doc_type: string;
  created_at: string;
  xml_body_b64: string;
  doc_hash: string;
  prev_doc_hash: string;
  offline_session_id: string;
  local_doc_number: number;
  local_num: number;
  control_code: string;
  fiscal_number: string;
  user_id: string;
  last_error: string;
  status: number;
}

export interface NewDoc {
  kasm: number;
  numprro: string;
  doc_type: string;
  created_at: string;
  created_date: string;
  xml_body_b64: string;
  doc_hash: string;
  prev_doc_hash: string;
  offline_session_id: string;
  local_doc_number: number;
  local_num: number;
  control_code: string;
  user_id: string;
  status: number;
  check_number: number | null;
}

/** Which documents a view or a bulk change takes: -1 / '' mean any till / register / user. */
export interface DocFilter {
  kasm: number;
  numprro: string;
  user: string;
}

const DOC = `id, kasm, numprro, doc_type, created_at, xml_body_b64, doc_hash, prev_doc_hash, offline_session_id,
  local_doc_number, local_num, control_code, fiscal_number, user_id, last_error, status`;
const FILTER = `(@kasm = -1 OR kasm = @kasm) AND (@numprro = '' OR numprro = @numprro) AND (@user = '' OR user_id = @user)`;

const prepare = (db: Db) => ({
  register: db.prepare<[string], RegisterRow>('SELECT * FROM prro_registers WHERE numprro = ?'),
  saveRegister: db.prepare<[RegisterRow], void>(
    `INSERT INTO prro_registers (numprro, offline_session_id, offline_seed, session_doc_count, last_local_num)
     VALUES (@numprro, @offline_session_id, @offline_seed, @session_doc_count, @last_local_num)
     ON CONFLICT (numprro) DO UPDATE SET offline_session_id = excluded.offline_session_id,
       session_doc_count = excluded.session_doc_count, last_local_num = excluded.last_local_num`,
  ),
  registersWithWork: db
    .prepare<[], string>(`SELECT DISTINCT numprro FROM prro_docs WHERE status IN (${UNSENT}) ORDER BY numprro`)
    .pluck(),
  insertDoc: db.prepare<[NewDoc & { updated_at: string }], void>(
    `INSERT INTO prro_docs (kasm, numprro, doc_type, created_at, created_date, xml_body_b64, doc_hash, prev_doc_hash,
       offline_session_id, local_doc_number, local_num, control_code, user_id, status, check_number, updated_at)
     VALUES (@kasm, @numprro, @doc_type, @created_at, @created_date, @xml_body_b64, @doc_hash, @prev_doc_hash,
       @offline_session_id, @local_doc_number, @local_num, @control_code, @user_id, @status, @check_number, @updated_at)`,
  ),
  doc: db.prepare<[number], PrroDocRow>(`SELECT ${DOC} FROM prro_docs WHERE id = ?`),
  /** Where the fiscal server picks a chain up: its first document not yet settled (sent or refused). */
  firstOpen: db
    .prepare<[string], number | null>(
      `SELECT min(local_num) FROM prro_docs WHERE numprro = ? AND status IN (${UNSENT}, ${PRRO.rejected})`,
    )
    .pluck(),
  /** The chain of a register from a place on, oldest first. */
  chainFrom: db.prepare<[string, number], PrroDocRow>(
    `SELECT ${DOC} FROM prro_docs WHERE numprro = ? AND local_num >= ? ORDER BY local_num`,
  ),
  /** The document a given place in the chain follows (withdrawn ones do not count). */
  predecessor: db.prepare<[string, number], PrroDocRow>(
    `SELECT ${DOC} FROM prro_docs WHERE numprro = ? AND local_num < ? AND status <> ${CANCELLED} ORDER BY local_num DESC LIMIT 1`,
  ),
  /** The document the next one chains to: the newest that was not withdrawn. */
  chainTail: db.prepare<[string], PrroDocRow>(
    `SELECT ${DOC} FROM prro_docs WHERE numprro = ? AND status <> ${CANCELLED} ORDER BY local_num DESC LIMIT 1`,
  ),
  /** The documents chained right after and right before one (withdrawn ones do not count). */
  successor: db.prepare<[string, number], PrroDocRow>(
    `SELECT ${DOC} FROM prro_docs WHERE numprro = ? AND local_num > ? AND status <> ${CANCELLED} ORDER BY local_num LIMIT 1`,
  ),
  /** A document by the second it was made (what the views show) and its fiscal number. */
  findForRequeue: db.prepare<{ from: string; to: string; fiscal_number: string; local_num: number }, PrroDocRow>(
    `SELECT ${DOC} FROM prro_docs
     WHERE created_at >= @from AND created_at < @to AND fiscal_number = @fiscal_number
       AND (@local_num = 0 OR local_num = @local_num)`,
  ),
  replaceBody: db.prepare<
    { id: number; body: string; hash: string; prev: string; control: string; status: number; at: string },
    void
  >(
    `UPDATE prro_docs SET xml_body_b64 = @body, doc_hash = @hash, prev_doc_hash = @prev, control_code = @control,
       status = @status, last_error = '', updated_at = @at
     WHERE id = @id`,
  ),
  relink: db.prepare<[string, string, number], void>('UPDATE prro_docs SET prev_doc_hash = ?, updated_at = ? WHERE id = ?'),
  setStatus: db.prepare<{ id: number; status: number; error: string; fiscal: string; at: string }, void>(
    `UPDATE prro_docs SET status = @status, last_error = @error, fiscal_number = @fiscal, updated_at = @at WHERE id = @id`,
  ),
  setStatusOnly: db.prepare<[number, string, number], void>('UPDATE prro_docs SET status = ?, updated_at = ? WHERE id = ?'),
  setStatusByFilter: db.prepare<DocFilter & { from: number; to: number; at: string }, void>(
    `UPDATE prro_docs SET status = @to, updated_at = @at WHERE status = @from AND ${FILTER}`,
  ),
  /** Documents that need a person or are stuck, created within a date range. */
  errorDocs: db.prepare<DocFilter & { start: string; end: string }, PrroDocRow>(
    `SELECT ${DOC} FROM prro_docs
     WHERE status IN (${ERROR}) AND created_date BETWEEN @start AND @end AND ${FILTER}
     ORDER BY numprro, local_num`,
  ),
  /** What still has to reach the tax server, in the order the queue sends it. */
  pending: db.prepare<DocFilter, PrroDocRow>(
    `SELECT ${DOC} FROM prro_docs WHERE status IN (${PENDING}) AND ${FILTER} ORDER BY numprro, local_num`,
  ),
  countByStatus: db.prepare<[], { numprro: string; status: number; n: number }>(
    'SELECT numprro, status, count(*) AS n FROM prro_docs GROUP BY numprro, status ORDER BY numprro, status',
  ),
});

export const prroSql = (db: Db) => statements(db, prepare);
