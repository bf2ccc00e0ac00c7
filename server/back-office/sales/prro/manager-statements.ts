/** SQL of the manager's PRRO reads: a shift's documents, and the unsettled part of each chain. */
import { PRRO } from '../../../../shared/contract/index.js';
import type { Db } from '../../../../shared-node/sql/db.js';
import { statements } from '../../core/statements.js';
import { SETTLED_STATUSES } from '../kernel/register/statements.js';

const CANCELLED = PRRO.cancelled;

export interface ChainDocRow {
  id: number;
  kasm: number;
  numprro: string;
  shift_id: number | null;
  local_num: number;
  offline_session_id: string;
  local_doc_number: number;
  doc_type: string;
  created_at: string;
  fiscal_number: string;
  status: number;
  doc_hash: string;
  prev_doc_hash: string;
}

export interface ShiftDocRow extends ChainDocRow {
  /** The hash of the live document before it in its register's chain; null for the first or a withdrawn one. */
  expected_prev_hash: string | null;
  ref: string;
  user_id: string;
  last_error: string;
  control_code: string;
}

const COLUMNS = `d.id, d.kasm, d.numprro, d.shift_id, d.local_num, d.offline_session_id, d.local_doc_number, d.doc_type,
  d.created_at, d.fiscal_number, d.status, d.doc_hash, d.prev_doc_hash`;

const prepare = (db: Db) => ({
  /**
   * A withdrawn document gave its number to the next one: it is listed just before the live one
   * holding that number now, so the list reads as the chain's history.
   */
  shiftDocs: db.prepare<[number], ShiftDocRow>(
    `SELECT ${COLUMNS}, d.ref, d.user_id, d.last_error, d.control_code,
       CASE WHEN d.status = ${CANCELLED} THEN NULL ELSE (
         SELECT p.doc_hash FROM prro_docs p
         WHERE p.numprro = d.numprro AND p.local_num < d.local_num AND p.status <> ${CANCELLED}
         ORDER BY p.local_num DESC LIMIT 1
       ) END AS expected_prev_hash
     FROM prro_docs d WHERE d.shift_id = ?
     ORDER BY d.numprro, d.local_num, d.status <> ${CANCELLED}, d.id`,
  ),
  unsentChain: db.prepare<{ numprro: string }, ChainDocRow>(
    `SELECT ${COLUMNS} FROM prro_docs d
     WHERE d.status NOT IN (${SETTLED_STATUSES.join(', ')}) AND (@numprro = '' OR d.numprro = @numprro)
     ORDER BY d.numprro, d.local_num`,
  ),
});

export const managerSql = (db: Db) => statements(db, prepare);
