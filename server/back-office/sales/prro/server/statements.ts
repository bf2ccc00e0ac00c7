/**
 * SQL of the fiscal dispatch (dispatch.ts), each statement answering at once what the walk once
 * asked in several (issue 24: on PostgreSQL every read is a round trip the walk waits for).
 */
import { PRRO } from '../../../../../shared/contract/index.js';
import type { Db } from '../../../../../shared-node/sql/db.js';
import { statements } from '../../../core/statements.js';
import type { RegisterTillRow } from '../../kernel/fiscal/statements.js';
import { DOC, type PrroDocRow, type RegisterRow, SETTLED } from '../../kernel/register/statements.js';

/**
 * A till with a register as the walk finds it before sending: enough to pass over a register with
 * nothing to send, hold one whose key is missing or locked, and lock a key once its shift is
 * delivered, with no other read. The register's columns are null while it has no row yet.
 */
export interface RegisterState extends RegisterTillRow {
  /** The register's own row's numprro: null while it has none (registerOf makes it). */
  readonly known: string | null;
  readonly offline_session_id: number | null;
  readonly offline_seed: string | null;
  readonly session_doc_count: number | null;
  readonly last_local_num: number | null;
  readonly mode: RegisterRow['mode'] | null;
  readonly revoke_check: number | null;
  readonly device: string | null;
  /**
   * 1 if the tax server has not settled some of its documents, else 0: whether the first of them
   * (first_open, the index's first entry) exists. The walk asks only whether there are: counting
   * them read the whole backlog of a register offline or without its key at every walk, one after
   * each write (issue 24).
   */
  readonly any_unsent: number;
  /** 1 if some of those wait for a signature. */
  readonly any_unsigned: number;
  /**
   * 1 if some of those are repayments linked to their sale (register/prepay.ts). Read from the
   * links, which are few, each document looked up by its id: a join left to the planner read
   * every unsettled document of the register when its statistics were older than the backlog.
   */
  readonly any_repayments: number;
  /** The first of those in the chain (null: none): where sending starts, and what a hold is written on. */
  readonly first_id: number | null;
  readonly first_status: number | null;
  readonly first_error: string | null;
  readonly first_fiscal: string | null;
  /** The register's key's unattended password, sealed ('' kept for none); null: no key loaded. */
  readonly unattended: string | null;
  /** Whether the till's shift is open, and when its last one closed. */
  readonly shift_open: number;
  readonly last_closed_at: string | null;
}

/** A document as the walk sends it: with its signature, and whether it is a repayment naming its sale. */
export interface SendableRow extends PrroDocRow {
  signed_b64: string;
  /** 1: linked to its sale (prro_prepay_links, written with the document): prepayOf says whether it may go. */
  linked: number;
}

/** 1 if `select` finds a row, else 0, as an integer on both engines (PostgreSQL's EXISTS is a boolean); reads one row at most. */
const anyOf = (select: string) => `(SELECT count(*) FROM (${select} LIMIT 1) AS found)`;

/**
 * anyOf for a register's documents, read in chain order: the first in an index of (numprro,
 * local_num). Without the order PostgreSQL may read the table from its start and stop at the first
 * match, which it costs as cheap once its statistics count many unsent documents; but a
 * register's unsent documents are its newest, after every settled one, so each walk read the
 * whole history (a backlog of 4,000 after 4,400 settled: 10–26 ms a walk, one after every close).
 */
const anyDocOf = (where: string) => anyOf(`SELECT 1 FROM prro_docs d WHERE ${where} ORDER BY d.local_num`);

/** Not settled by the tax server, for the document of alias `d`. */
const unsettled = (d: string) => `${d}.status NOT IN (${SETTLED})`;
const SENDABLE = `SELECT ${DOC}, signed_b64, EXISTS (SELECT 1 FROM prro_prepay_links l WHERE l.doc_id = d.id) AS linked
  FROM prro_docs d WHERE d.numprro = @numprro AND d.status <> ${PRRO.cancelled}`;

/** Every till with a register, in till order: what the walk knows of each (RegisterState). */
export const REGISTERS_SQL = `SELECT o.*, CASE WHEN o.first_open IS NULL THEN 0 ELSE 1 END AS any_unsent,
  f.id AS first_id, f.status AS first_status, f.last_error AS first_error, f.fiscal_number AS first_fiscal
FROM (
  SELECT t.kasm, t.akas, t.numprro, t.register_local_number, r.numprro AS known, r.offline_session_id,
    r.offline_seed, r.session_doc_count, r.last_local_num, r.mode, r.revoke_check, r.device,
    (SELECT min(d.local_num) FROM prro_docs d WHERE d.numprro = t.numprro AND ${unsettled('d')}) AS first_open,
    ${anyDocOf(`d.numprro = t.numprro AND d.signed_b64 = '' AND ${unsettled('d')}`)} AS any_unsigned,
    ${anyOf(`SELECT 1 FROM prro_prepay_links l
     WHERE (SELECT d.status FROM prro_docs d WHERE d.id = l.doc_id AND d.numprro = t.numprro) NOT IN (${SETTLED})
       AND EXISTS (SELECT 1 FROM prro_docs s WHERE s.id = l.original_doc_id)`)} AS any_repayments,
    (SELECT k.unattended_b64 FROM prro_keys k WHERE k.numprro = t.numprro) AS unattended,
    (SELECT count(*) FROM shifts s WHERE s.kasm = t.kasm AND s.closed_at IS NULL) AS shift_open,
    (SELECT max(s.closed_at) FROM shifts s WHERE s.kasm = t.kasm) AS last_closed_at
  FROM tills t LEFT JOIN prro_registers r ON r.numprro = t.numprro
  WHERE t.numprro <> ''
) o
LEFT JOIN prro_docs f ON f.numprro = o.numprro AND f.local_num = o.first_open AND f.status <> ${PRRO.cancelled}
ORDER BY o.kasm`;

const prepare = (db: Db) => ({
  registers: db.prepare<[], RegisterState>(REGISTERS_SQL),
  /** A register's live chain from its first document the tax server has not settled, oldest first. */
  openChain: db.prepare<{ numprro: string }, SendableRow>(
    `${SENDABLE} AND d.local_num >= (SELECT min(u.local_num) FROM prro_docs u WHERE u.numprro = @numprro AND ${unsettled('u')})
     ORDER BY d.local_num`,
  ),
  /** A register's live chain from a place on, oldest first. */
  chainFrom: db.prepare<{ numprro: string; from: number }, SendableRow>(
    `${SENDABLE} AND d.local_num >= @from ORDER BY d.local_num`,
  ),
  /** One document, as it reads now. */
  doc: db.prepare<{ numprro: string; id: number }, SendableRow>(`${SENDABLE} AND d.id = @id`),
});

export const dispatchSql = (db: Db) => statements(db, prepare);
