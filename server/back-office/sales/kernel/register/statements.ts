/** SQL of the PRRO queue: registers, their documents in chain order, offline sessions, the audit trail. */
import { PRRO, PRRO_ERROR_STATUSES, PRRO_PENDING_STATUSES } from '../../../../../shared/contract/index.js';
import type { Db } from '../../../../../shared-node/sql/db.js';
import { statements } from '../../../core/statements.js';

const ERROR = PRRO_ERROR_STATUSES.join(', ');
const PENDING = PRRO_PENDING_STATUSES.join(', ');
const CANCELLED = PRRO.cancelled;
/** Settled: the tax server has it (or a person recorded that it has), or it was withdrawn. */
export const SETTLED_STATUSES: readonly number[] = [PRRO.accepted, PRRO.already_registered, PRRO.cancelled];
// In ascending order, as the partial index prro_docs_unsigned spells it: SQLite uses a partial
// index only where the query's terms match its WHERE term for term, and an IN list in another
// order is another term (a full scan of the documents' bodies instead, ~1 ms a write).
export const SETTLED = [...SETTLED_STATUSES].sort((a, b) => a - b).join(', ');

export type RegisterMode = 'online' | 'offline';

export interface RegisterRow {
  numprro: string;
  /** The offline session the register is in, or the next one the tax server handed out; 0: none. */
  offline_session_id: number;
  offline_seed: string;
  session_doc_count: number;
  last_local_num: number;
  mode: RegisterMode;
  /** Local number of a 102 whose place held a document the server may have registered online (0: none). */
  revoke_check: number;
  /** The register's device at the tax server: '' not asked yet, 'ours', or the other device's id. */
  device: string;
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
  check_number: number | null;
  shift_id: number | null;
  content_json: string;
  ref: string;
  /** SHA-256 of the signed document ('' until it is signed). */
  signed_hash: string;
}

/** A document waiting for its signature. */
export interface UnsignedRow {
  id: number;
  numprro: string;
  local_num: number;
  xml_body_b64: string;
  doc_hash: string;
}

export interface NewDoc {
  kasm: number;
  numprro: string;
  doc_type: string;
  created_at: string;
  created_date: string;
  xml_body_b64: string;
  doc_hash: string;
  /** null: the hash of the register's last document, read by the INSERT itself (no round trip of its own). */
  prev_doc_hash: string | null;
  offline_session_id: string;
  local_doc_number: number;
  local_num: number;
  control_code: string;
  fiscal_number: string;
  user_id: string;
  status: number;
  check_number: number | null;
  shift_id: number | null;
  content_json: string;
  ref: string;
  updated_at: string;
}

/** A document's place in its chain, as re-placing writes it. */
export interface Placement {
  id: number;
  local_num: number;
  offline_session_id: string;
  local_doc_number: number;
  control_code: string;
  fiscal_number: string;
  xml_body_b64: string;
  doc_hash: string;
  prev_doc_hash: string;
  status: number;
  updated_at: string;
}

export interface SessionRow {
  numprro: string;
  session_id: number;
  seed: string;
  started_at: string;
  last_financial_at: string;
  ended_at: string | null;
}

/** Which documents a view or a bulk change takes: -1 / '' mean any till / register / user. */
export interface DocFilter {
  kasm: number;
  numprro: string;
  user: string;
}

/** A document's columns as PrroDocRow names them. */
export const DOC = `id, kasm, numprro, doc_type, created_at, xml_body_b64, doc_hash, prev_doc_hash, offline_session_id,
  local_doc_number, local_num, control_code, fiscal_number, user_id, last_error, status, check_number, shift_id,
  content_json, ref, signed_hash`;
/** What the error grid shows: a document's body is read only when it is opened (pos.prro_inline_error_docs). */
const GRID = `id, kasm, numprro, doc_type, created_at, doc_hash, prev_doc_hash, offline_session_id, local_doc_number,
  local_num, control_code, fiscal_number, user_id, last_error, status`;
export type PrroGridRow = Omit<PrroDocRow, 'xml_body_b64' | 'check_number' | 'shift_id' | 'content_json' | 'ref' | 'signed_hash'>;
const FILTER = `(@kasm = -1 OR kasm = @kasm) AND (@numprro = '' OR numprro = @numprro) AND (@user = '' OR user_id = @user)`;

/** One change a person made to a queue document (prro_doc_audit). */
export interface AuditRow {
  id: number;
  doc_id: number;
  at: string;
  user: string;
  action: string;
  status_before: number;
  status_after: number;
  hash_before: string;
  hash_after: string;
  note: string;
}

const prepare = (db: Db) => ({
  register: db.prepare<[string], RegisterRow>('SELECT * FROM prro_registers WHERE numprro = ?'),
  createRegister: db.prepare<[string], void>(
    `INSERT OR IGNORE INTO prro_registers (numprro, offline_session_id, offline_seed, session_doc_count, last_local_num, mode)
     VALUES (?, 0, '', 0, 0, 'online')`,
  ),
  setCounters: db.prepare<[number, number, string], void>(
    'UPDATE prro_registers SET last_local_num = ?, session_doc_count = ? WHERE numprro = ?',
  ),
  setMode: db.prepare<[string, number, string], void>(
    'UPDATE prro_registers SET mode = ?, session_doc_count = ? WHERE numprro = ?',
  ),
  setCredentials: db.prepare<[number, string, string], void>(
    'UPDATE prro_registers SET offline_session_id = ?, offline_seed = ? WHERE numprro = ?',
  ),
  registersWithWork: db
    .prepare<[], string>(`SELECT DISTINCT numprro FROM prro_docs WHERE status NOT IN (${SETTLED}) ORDER BY numprro`)
    .pluck(),
  insertDoc: db.prepare<[NewDoc], void>(
    `INSERT INTO prro_docs (kasm, numprro, doc_type, created_at, created_date, xml_body_b64, doc_hash, prev_doc_hash,
       offline_session_id, local_doc_number, local_num, control_code, fiscal_number, user_id, status, check_number,
       updated_at, shift_id, content_json, ref)
     VALUES (@kasm, @numprro, @doc_type, @created_at, @created_date, @xml_body_b64, @doc_hash,
       coalesce(@prev_doc_hash, (SELECT t.doc_hash FROM prro_docs t WHERE t.numprro = @numprro AND t.status <> ${CANCELLED}
         ORDER BY t.local_num DESC LIMIT 1), ''),
       @offline_session_id, @local_doc_number, @local_num, @control_code, @fiscal_number, @user_id, @status,
       @check_number, @updated_at, @shift_id, @content_json, @ref)`,
  ),
  doc: db.prepare<[number], PrroDocRow>(`SELECT ${DOC} FROM prro_docs WHERE id = ?`),
  /** The live chain of a register from a place on, oldest first (withdrawn documents are not in it). */
  chainFrom: db.prepare<[string, number], PrroDocRow>(
    `SELECT ${DOC} FROM prro_docs WHERE numprro = ? AND local_num >= ? AND status <> ${CANCELLED} ORDER BY local_num`,
  ),
  /** The first live document from a place on, alone: a long queue's bodies are not read for it. */
  docFrom: db.prepare<[string, number], PrroDocRow>(
    `SELECT ${DOC} FROM prro_docs WHERE numprro = ? AND local_num >= ? AND status <> ${CANCELLED} ORDER BY local_num LIMIT 1`,
  ),
  /** Where the tax server picks a chain up: its first live document it has not settled. */
  firstOpen: db
    .prepare<[string], number | null>(`SELECT min(local_num) FROM prro_docs WHERE numprro = ? AND status NOT IN (${SETTLED})`)
    .pluck(),
  /** The live document right before a place in the chain. */
  predecessor: db.prepare<[string, number], PrroDocRow>(
    `SELECT ${DOC} FROM prro_docs WHERE numprro = ? AND local_num < ? AND status <> ${CANCELLED} ORDER BY local_num DESC LIMIT 1`,
  ),
  chainTail: db.prepare<[string], PrroDocRow>(
    `SELECT ${DOC} FROM prro_docs WHERE numprro = ? AND status <> ${CANCELLED} ORDER BY local_num DESC LIMIT 1`,
  ),
  /** How many documents of an offline session stand before a place: their count numbers the next. */
  sessionCountBefore: db
    .prepare<[string, string, number], number>(
      `SELECT count(*) FROM prro_docs
       WHERE numprro = ? AND offline_session_id = ? AND local_num > 0 AND local_num < ? AND status <> ${CANCELLED}`,
    )
    .pluck(),
  /** The last document of an offline session before a place that its hash chain runs through (not its 102/103). */
  sessionChainedBefore: db.prepare<[string, string, number], PrroDocRow>(
    `SELECT ${DOC} FROM prro_docs
     WHERE numprro = ? AND offline_session_id = ? AND local_num > 0 AND local_num < ? AND status <> ${CANCELLED}
       AND doc_type NOT IN ('offline_begin', 'offline_end')
     ORDER BY local_num DESC LIMIT 1`,
  ),
  place: db.prepare<[Placement], void>(
    `UPDATE prro_docs SET local_num = @local_num, offline_session_id = @offline_session_id,
       local_doc_number = @local_doc_number, control_code = @control_code, fiscal_number = @fiscal_number,
       xml_body_b64 = @xml_body_b64, doc_hash = @doc_hash, prev_doc_hash = @prev_doc_hash, status = @status,
       updated_at = @updated_at,
       signed_b64 = CASE WHEN doc_hash = @doc_hash THEN signed_b64 ELSE '' END,
       signed_hash = CASE WHEN doc_hash = @doc_hash THEN signed_hash ELSE '' END
     WHERE id = @id`,
  ),
  /** Moves live documents from a place on out of the way (negative numbers) before they are re-placed. */
  liftFrom: db.prepare<[string, number], void>(
    `UPDATE prro_docs SET local_num = -local_num WHERE numprro = ? AND local_num >= ? AND status <> ${CANCELLED}`,
  ),
  /** A document by the second it was made (what the views show) and its fiscal number. */
  findForRequeue: db.prepare<{ from: string; to: string; fiscal_number: string; local_num: number }, PrroDocRow>(
    `SELECT ${DOC} FROM prro_docs
     WHERE created_at >= @from AND created_at < @to AND fiscal_number = @fiscal_number
       AND (@local_num = 0 OR local_num = @local_num)`,
  ),
  replaceBody: db.prepare<{ id: number; body: string; hash: string; status: number; at: string }, void>(
    `UPDATE prro_docs SET xml_body_b64 = @body, doc_hash = @hash, status = @status, last_error = '', updated_at = @at,
       signed_b64 = '', signed_hash = ''
     WHERE id = @id`,
  ),
  setStatus: db.prepare<{ id: number; status: number; error: string; fiscal: string; at: string }, void>(
    `UPDATE prro_docs SET status = @status, last_error = @error, fiscal_number = @fiscal, updated_at = @at WHERE id = @id`,
  ),
  setContent: db.prepare<[string, number], void>('UPDATE prro_docs SET content_json = ? WHERE id = ?'),
  /**
   * Documents of a register still to go to the tax server and not signed yet, in chain order. Those
   * it settled stay as they went (a demo's history, or documents of before signing, went unsigned).
   */
  unsigned: db.prepare<[string], UnsignedRow>(
    `SELECT id, numprro, local_num, xml_body_b64, doc_hash FROM prro_docs
     WHERE numprro = ? AND signed_b64 = '' AND status NOT IN (${SETTLED}) ORDER BY local_num`,
  ),
  /** Registers with documents still to go that are not signed yet. */
  registersUnsigned: db
    .prepare<[], string>(`SELECT DISTINCT numprro FROM prro_docs WHERE signed_b64 = '' AND status NOT IN (${SETTLED})`)
    .pluck(),
  /** Keeps a signature of the body it was made of (a body changed meanwhile keeps none). */
  setSigned: db.prepare<{ id: number; signed: string; hash: string; doc_hash: string }, void>(
    `UPDATE prro_docs SET signed_b64 = @signed, signed_hash = @hash WHERE id = @id AND doc_hash = @doc_hash`,
  ),
  signedOf: db.prepare<[number], string>('SELECT signed_b64 FROM prro_docs WHERE id = ?').pluck(),
  /** Documents of a register the tax server has not settled that wait for their signature. */
  unsignedWaiting: db
    .prepare<[string], number>(
      // Counted over the ordered read, which SQLite plans on prro_docs_unsigned; a bare count it
      // plans on prro_docs_unsettled, reading each unsent document's record past its body.
      `SELECT count(*) FROM (SELECT id FROM prro_docs
       WHERE numprro = ? AND signed_b64 = '' AND status NOT IN (${SETTLED}) ORDER BY local_num) AS waiting`,
    )
    .pluck(),
  setRegisteredAt: db.prepare<[string, number], void>('UPDATE prro_docs SET registered_at = ? WHERE id = ?'),
  setRevokeCheck: db.prepare<[number, string], void>('UPDATE prro_registers SET revoke_check = ? WHERE numprro = ?'),
  setDevice: db.prepare<[string, string], void>('UPDATE prro_registers SET device = ? WHERE numprro = ?'),
  setStatusOnly: db.prepare<[number, string, number], void>('UPDATE prro_docs SET status = ?, updated_at = ? WHERE id = ?'),
  /** Documents a bulk change takes, in chain order. */
  byFilterAndStatus: db.prepare<DocFilter & { status: number }, PrroDocRow>(
    `SELECT ${DOC} FROM prro_docs WHERE status = @status AND ${FILTER} ORDER BY numprro, local_num`,
  ),
  /** Documents that need a person or are stuck, created within a date range. */
  errorDocs: db.prepare<DocFilter & { start: string; end: string }, PrroDocRow>(
    `SELECT ${DOC} FROM prro_docs
     WHERE status IN (${ERROR}) AND created_date BETWEEN @start AND @end AND ${FILTER}
     ORDER BY numprro, local_num`,
  ),
  errorGrid: db.prepare<DocFilter & { start: string; end: string }, PrroGridRow>(
    `SELECT ${GRID} FROM prro_docs
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
  /** Documents of a shift not yet settled with the tax server. */
  unsentOfShift: db
    .prepare<[number], number>(`SELECT count(*) FROM prro_docs WHERE shift_id = ? AND status NOT IN (${SETTLED})`)
    .pluck(),
  unsentOfRegister: db
    .prepare<[string], number>(`SELECT count(*) FROM prro_docs WHERE numprro = ? AND status NOT IN (${SETTLED})`)
    .pluck(),
  /**
   * What a till must know of its register's unsent documents in one read, over the index of
   * unsettled ones: how many, how many stand still behind a refusal (rejected or blocked), and the
   * local number of the first refused one, the document that holds the chain.
   */
  unsentSummary: db.prepare<[string], { unsent: number; stopped: number | null; refused_num: number | null }>(
    `SELECT count(*) AS unsent,
       sum(CASE WHEN status IN (${PRRO.rejected}, ${PRRO.blocked}) THEN 1 ELSE 0 END) AS stopped,
       min(CASE WHEN status = ${PRRO.rejected} THEN local_num END) AS refused_num
     FROM prro_docs WHERE numprro = ? AND status NOT IN (${SETTLED})`,
  ),
  /** The refused document at a place of a register's chain: what the till names as the cause. */
  refusedAt: db.prepare<[string, number], { id: number; doc_type: string; last_error: string }>(
    `SELECT id, doc_type, last_error FROM prro_docs WHERE numprro = ? AND local_num = ? AND status = ${PRRO.rejected}`,
  ),
  shiftDocs: db.prepare<[number], PrroDocRow>(
    `SELECT ${DOC} FROM prro_docs WHERE shift_id = ? AND status <> ${CANCELLED} ORDER BY local_num`,
  ),
  insertSession: db.prepare<[SessionRow], void>(
    `INSERT INTO prro_offline_sessions (numprro, session_id, seed, started_at, last_financial_at, ended_at)
     VALUES (@numprro, @session_id, @seed, @started_at, @last_financial_at, @ended_at)`,
  ),
  session: db.prepare<[string, number], SessionRow>('SELECT * FROM prro_offline_sessions WHERE numprro = ? AND session_id = ?'),
  /** Sessions with offline time between two UTC instants: begun before `until`, counted past `from`. */
  sessionsBetween: db.prepare<[{ numprro: string; from: string; until: string }], SessionRow>(
    `SELECT * FROM prro_offline_sessions
     WHERE numprro = @numprro AND started_at < @until AND (ended_at IS NULL OR last_financial_at > @from)
     ORDER BY session_id`,
  ),
  touchSession: db.prepare<[string, string, number], void>(
    'UPDATE prro_offline_sessions SET last_financial_at = ? WHERE numprro = ? AND session_id = ?',
  ),
  endSession: db.prepare<[string, string, number], void>(
    'UPDATE prro_offline_sessions SET ended_at = ? WHERE numprro = ? AND session_id = ?',
  ),
  insertAudit: db.prepare<[Omit<AuditRow, 'id'>], void>(
    `INSERT INTO prro_doc_audit (doc_id, at, user, action, status_before, status_after, hash_before, hash_after, note)
     VALUES (@doc_id, @at, @user, @action, @status_before, @status_after, @hash_before, @hash_after, @note)`,
  ),
  /** `from`/`until`: the UTC instants the shop's first day begins and the day after its last begins. */
  audit: db.prepare<{ id: number; from: string; until: string }, AuditRow & { numprro: string; local_num: number }>(
    `SELECT a.*, d.numprro, d.local_num FROM prro_doc_audit a JOIN prro_docs d ON d.id = a.doc_id
     WHERE (@id = 0 OR a.doc_id = @id) AND a.at >= @from AND a.at < @until ORDER BY a.id`,
  ),
});

export const prroSql = (db: Db) => statements(db, prepare);
