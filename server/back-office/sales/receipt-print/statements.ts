/** SQL of the papers: the document a receipt, a return or a service document was issued as. */
import type { Db } from '../../../../shared-node/sql/db.js';
import { statements } from '../../core/statements.js';

export interface PrintedDoc {
  id: number;
  kasm: number;
  numprro: string;
  doc_type: string;
  created_at: string;
  xml_body_b64: string;
  local_num: number;
  control_code: string;
  fiscal_number: string;
  offline_session_id: string;
  status: number;
  content_json: string;
  /** What the document stands for in the books: receipt:N, return:N, debt:N, cash:…, collection:N, shift:N. */
  ref: string;
}

const DOC = `d.id, d.kasm, d.numprro, d.doc_type, d.created_at, d.xml_body_b64, d.local_num, d.control_code, d.fiscal_number,
  d.offline_session_id, d.status, d.content_json, d.ref`;

const prepare = (db: Db) => ({
  ofReceipt: db.prepare<[number], PrintedDoc>(
    `SELECT ${DOC} FROM receipts r JOIN prro_docs d ON d.id = r.prro_doc_id WHERE r.check_number = ?`,
  ),
  ofReturn: db.prepare<[number], PrintedDoc>(
    `SELECT ${DOC} FROM returns x JOIN prro_docs d ON d.id = x.prro_doc_id WHERE x.id = ?`,
  ),
  byId: db.prepare<[number], PrintedDoc>(`SELECT ${DOC} FROM prro_docs d WHERE d.id = ?`),
  /** Why a service deposit or withdrawal moved the drawer: the reason the cashier gave. */
  cashComment: db
    .prepare<[number], string>('SELECT payment_name FROM cash_movements WHERE prro_doc_id = ? ORDER BY id LIMIT 1')
    .pluck(),
  receiptExists: db.prepare<[number], number>('SELECT check_number FROM receipts WHERE check_number = ?').pluck(),
  returnOf: db.prepare<[number], { check_number: number }>('SELECT check_number FROM returns WHERE id = ?'),
  byFiscalNumber: db.prepare<{ fiscal: string; numprro: string }, { id: number; ref: string; kasm: number; created_at: string }>(
    `SELECT id, ref, kasm, created_at FROM prro_docs
     WHERE fiscal_number = @fiscal AND (@numprro = '' OR numprro = @numprro) AND status <> 5 ORDER BY id`,
  ),
});

export const printSql = (db: Db) => statements(db, prepare);
