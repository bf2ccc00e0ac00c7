/** SQL of returns. Money ×10^4, quantity ×10^3. */
import type { Db } from '../../../../../shared-node/sql/db.js';
import { statements } from '../../../core/statements.js';

export interface SoldLine {
  id: number;
  line_no: number;
  code: string;
  name: string;
  unit_type: string;
  uktzed: string;
  excise_input: number;
  quantity: number;
  price: number;
  discount: number;
  sum: number;
  returned: number;
  returned_sum: number;
  returned_discount: number;
}

export interface ReceiptHead {
  check_number: number;
  kasm: number;
  sk: number;
  card: string;
  total: number;
  bonus_accrued: number;
  prro_doc_id: number | null;
  fiscal_number: string | null;
}

const prepare = (db: Db) => ({
  receipt: db.prepare<[number], ReceiptHead>(
    `SELECT r.check_number, r.kasm, r.sk, r.card, r.total, r.bonus_accrued, r.prro_doc_id, d.fiscal_number
     FROM receipts r LEFT JOIN prro_docs d ON d.id = r.prro_doc_id WHERE r.check_number = ?`,
  ),
  lines: db.prepare<[number], SoldLine>(
    `SELECT l.id, l.line_no, l.code, l.name, l.unit_type, l.uktzed, l.excise_input, l.quantity, l.price, l.discount, l.sum,
       coalesce(sum(x.quantity), 0) AS returned, coalesce(sum(x.sum), 0) AS returned_sum,
       coalesce(sum(x.discount), 0) AS returned_discount
     FROM receipt_lines l LEFT JOIN return_lines x ON x.line_id = l.id
     WHERE l.check_number = ? GROUP BY l.id ORDER BY l.line_no`,
  ),
  /** What each form paid on the receipt, and what earlier returns paid back by it. */
  paidByForm: db.prepare<[number], { type: string; amount: number }>(
    'SELECT type, sum(amount) AS amount FROM receipt_payments WHERE check_number = ? GROUP BY type',
  ),
  refundedByForm: db.prepare<[number], { type: string; amount: number }>(
    `SELECT p.type, sum(p.amount) AS amount FROM return_payments p JOIN returns r ON r.id = p.return_id
     WHERE r.check_number = ? GROUP BY p.type`,
  ),
  returnedTotal: db.prepare<[number], number>('SELECT coalesce(sum(total), 0) FROM returns WHERE check_number = ?').pluck(),
  certOfReceipt: db
    .prepare<[number], string>("SELECT cert_number FROM receipt_payments WHERE check_number = ? AND type = 'cert' LIMIT 1")
    .pluck(),
  debtOfReceipt: db.prepare<[number], { id: number; card: string; amount: number; repaid: number }>(
    'SELECT id, card, amount, repaid FROM card_debts WHERE check_number = ?',
  ),
  /** Stamps still sold on a line, newest first (a return takes the last units sold by default). */
  boundStamps: db.prepare<[number], { id: number; mark: string }>(
    "SELECT id, mark FROM excise_stamps WHERE receipt_line_id = ? AND state = 'bound' ORDER BY id DESC",
  ),
  releaseStamp: db.prepare<[number, number], void>("UPDATE excise_stamps SET state = 'released', return_id = ? WHERE id = ?"),
  lineBatches: db.prepare<
    [number],
    { batch_id: number; quantity: number; cost: number; returned: number; sk: number; code: string }
  >(
    `SELECT b.batch_id, b.quantity, b.cost, b.returned, s.sk, s.code FROM receipt_line_batches b
     JOIN stock_batches s ON s.id = b.batch_id WHERE b.line_id = ? ORDER BY b.batch_id DESC`,
  ),
  markBatchReturned: db.prepare<[number, number, number], void>(
    'UPDATE receipt_line_batches SET returned = returned + ? WHERE line_id = ? AND batch_id = ?',
  ),
  batchBack: db.prepare<[number, number], void>('UPDATE stock_batches SET quantity = quantity + ? WHERE id = ?'),
  moveBack: db.prepare<[number, number, number, string], void>(
    'INSERT INTO stock_moves (batch_id, quantity, cost, ref) VALUES (?, ?, ?, ?)',
  ),
  stockBack: db.prepare<[string, number, number], void>(
    `INSERT INTO goods_stock (code, sk, quantity) VALUES (?, ?, ?)
     ON CONFLICT (code, sk) DO UPDATE SET quantity = goods_stock.quantity + excluded.quantity`,
  ),
  insertReturn: db.prepare<
    [
      {
        check_number: number;
        kasm: number;
        shift_id: number | null;
        user: string;
        created_at: string;
        return_date: string;
        total: number;
        rounding: number;
        comment: string;
      },
    ],
    void
  >(
    `INSERT INTO returns (check_number, kasm, shift_id, user, created_at, return_date, total, rounding, comment)
     VALUES (@check_number, @kasm, @shift_id, @user, @created_at, @return_date, @total, @rounding, @comment)`,
  ),
  finishReturn: db.prepare<[number | null, string, number], void>(
    'UPDATE returns SET prro_doc_id = ?, certificate = ? WHERE id = ?',
  ),
  insertLine: db.prepare<[number, number, number, number, number, number], void>(
    'INSERT INTO return_lines (return_id, line_id, quantity, discount, sum, cost) VALUES (?, ?, ?, ?, ?, ?)',
  ),
  insertPayment: db.prepare<[number, string, number], void>(
    'INSERT INTO return_payments (return_id, type, amount) VALUES (?, ?, ?)',
  ),
  reduceDebt: db.prepare<[number, number], void>('UPDATE card_debts SET amount = amount - ? WHERE id = ?'),
  /** A debt row reversed in full leaves no trace of a debt (it never had a repayment). */
  deleteDebt: db.prepare<[number], void>('DELETE FROM card_debts WHERE id = ? AND repaid = 0'),
  cardBack: db.prepare<[number, number, string], void>(
    'UPDATE discount_cards SET debt = debt - ?, purchase_sum = purchase_sum - ? WHERE card = ?',
  ),
});

export const returnSql = (db: Db) => statements(db, prepare);
