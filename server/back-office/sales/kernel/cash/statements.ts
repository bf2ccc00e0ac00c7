/** SQL of cash boxes, their movements, tills and the bank-destination rotation. Money ×10^4. */
import type { Db } from '../../../../../shared-node/sql/db.js';
import { statements } from '../../../core/statements.js';

export interface CashBoxRow {
  akas: string;
  name: string;
  balance: number;
}

export interface TillRow {
  kasm: number;
  name: string;
  akas: string;
  numprro: string;
  bank_destination: string;
}

const prepare = (db: Db) => ({
  box: db.prepare<[string], CashBoxRow>('SELECT akas, name, balance FROM cash_boxes WHERE akas = ?'),
  boxes: db.prepare<[], CashBoxRow>('SELECT akas, name, balance FROM cash_boxes ORDER BY akas'),
  addToBalance: db.prepare<[number, string], void>('UPDATE cash_boxes SET balance = balance + ? WHERE akas = ?'),
  insertMovement: db.prepare<[string, number, string, string, string, string, string, number | null], void>(
    `INSERT INTO cash_movements (akas, amount, tdoc, payment_name, ref, user, created_at, prro_doc_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ),
  lastMovementOf: db.prepare<[string], number>('SELECT max(id) FROM cash_movements WHERE akas = ?').pluck(),
  till: db.prepare<[number], TillRow>('SELECT kasm, name, akas, numprro, bank_destination FROM tills WHERE kasm = ?'),
  lastDestination: db.prepare<[number], string>('SELECT last_destination FROM bank_rotation WHERE kasm = ?').pluck(),
  setLastDestination: db.prepare<[number, string], void>(
    `INSERT INTO bank_rotation (kasm, last_destination) VALUES (?, ?)
     ON CONFLICT (kasm) DO UPDATE SET last_destination = excluded.last_destination`,
  ),
  insertCounterpartyPayment: db.prepare<[string, string, string, number, string, number, string, string], void>(
    `INSERT INTO counterparty_payments (nn, contrag, akas, amount, comment, movement_id, user, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ),
  /** A delivery to pay for (catalog's invoices) and what its lines cost: quantity ×10^3 × cost ×10^4. */
  invoice: db.prepare<[string], { nn: string; kind: string; supplier: string }>(
    'SELECT nn, kind, supplier FROM invoices WHERE nn = ?',
  ),
  invoiceCost: db.prepare<[string], number>('SELECT coalesce(sum(quantity * cost), 0) FROM invoice_lines WHERE nn = ?').pluck(),
  counterpartyExists: db.prepare<[string], number>('SELECT 1 FROM counterparties WHERE name = ?').pluck(),
  paidForInvoice: db.prepare<[string], number>('SELECT coalesce(sum(amount), 0) FROM counterparty_payments WHERE nn = ?').pluck(),
});

export const cashSql = (db: Db) => statements(db, prepare);
