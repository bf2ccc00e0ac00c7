/** SQL of sale documents in progress, closed receipts, and what pricing reads from the catalog. */
import type { Db } from '../../../../shared-node/sql/db.js';
import { inKeysByIndex, textsOfJsonArray } from '../../core/dialect-sql.js';
import { statements } from '../../core/statements.js';

export interface GoodsRow {
  code: string;
  name: string;
  unit_type: string;
  price: number;
  no_discount: number;
  excise_input: number;
  weighted: number;
  uktzed: string;
  c2: string;
  category_id: string;
  /** The product's own tax letters ('' = the shop's default): read here so a close reads each product once. */
  tax_letters: string;
}

export interface SaleDocRow {
  ndoc: string;
  kasm: number;
  card: string;
  check_number: number | null;
}

export interface SaleLineRow {
  id: number;
  code: string;
  sk: number;
  quantity: number;
  price: number;
  discount_percent: number;
  discount: number;
  sum: number;
  bonus: number;
  skip_discount: number;
  bonus_kf: number;
  manual_percent: number | null;
  manual_price: number | null;
}

export interface SplitRow {
  cash: number;
  cashless: number;
  debt: number;
  bonus: number;
  certificate: number;
  certificate_number: string;
  card: string;
  comment: string;
}

export interface NewReceipt {
  ndoc: string;
  kasm: number;
  sk: number;
  user: string;
  card: string;
  created_at: string;
  sale_date: string;
  total: number;
  discount: number;
  cash_received: number;
  change: number;
  bonus_accrued: number;
  bank_destination: string;
  com1: string;
  com2: string;
}

export interface NewReceiptLine {
  check_number: number;
  line_no: number;
  code: string;
  name: string;
  unit_type: string;
  c2: string;
  category_id: string;
  uktzed: string;
  excise_input: number;
  quantity: number;
  price: number;
  discount: number;
  sum: number;
  cost: number;
}

const LINE = `id, code, sk, quantity, price, discount_percent, discount, sum, bonus, skip_discount, bonus_kf,
  manual_percent, manual_price`;

const GOODS = 'code, name, unit_type, price, no_discount, excise_input, weighted, uktzed, c2, category_id, tax_letters';

const prepare = (db: Db) => ({
  goods: db.prepare<[string], GoodsRow>(`SELECT ${GOODS} FROM goods WHERE code = ?`),
  /**
   * The goods of many codes (a JSON array) in one read: a close reads its lines' goods together,
   * each by its key (inKeysByIndex: else PostgreSQL read the whole catalogue).
   */
  goodsOf: db.prepare<[string], GoodsRow>(
    `SELECT ${GOODS} FROM goods WHERE ${inKeysByIndex(db, 'code', textsOfJsonArray(db, '?'))}`,
  ),
  /** The best discount action running for a product on a day (catalog's directory). */
  actionPercent: db
    .prepare<{ code: string; date: string; holder: number }, number | null>(
      `SELECT max(disc) FROM discount_actions
       WHERE (code = '' OR code = @code) AND @date BETWEEN date_from AND date_to
         AND (action_type = 0 OR (action_type = 1 AND @holder = 1))`,
    )
    .pluck(),
  setting: db.prepare<[string], string>('SELECT value FROM shop_settings WHERE key = ?').pluck(),
  userExists: db.prepare<[number], number>('SELECT 1 FROM users WHERE id = ?').pluck(),

  saleDoc: db.prepare<[string], SaleDocRow>('SELECT ndoc, kasm, card, check_number FROM sale_docs WHERE ndoc = ?'),
  insertSaleDoc: db.prepare<[string, number, string, string, string, string], void>(
    'INSERT INTO sale_docs (ndoc, kasm, card, user, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
  ),
  setDocCard: db.prepare<[string, string, string], void>('UPDATE sale_docs SET card = ?, updated_at = ? WHERE ndoc = ?'),
  touchDoc: db.prepare<[string, string], void>('UPDATE sale_docs SET updated_at = ? WHERE ndoc = ?'),
  closeDoc: db.prepare<[number, string, string], void>('UPDATE sale_docs SET check_number = ?, updated_at = ? WHERE ndoc = ?'),
  docLines: db.prepare<[string], SaleLineRow>(`SELECT ${LINE} FROM sale_doc_lines WHERE ndoc = ? ORDER BY id`),
  docLine: db.prepare<[string, string, number], SaleLineRow>(
    `SELECT ${LINE} FROM sale_doc_lines WHERE ndoc = ? AND code = ? AND sk = ?`,
  ),
  docBonus: db.prepare<[string], number>('SELECT coalesce(sum(bonus), 0) FROM sale_doc_lines WHERE ndoc = ?').pluck(),
  saveLine: db.prepare<[Omit<SaleLineRow, 'id'> & { ndoc: string }], void>(
    `INSERT INTO sale_doc_lines (ndoc, code, sk, quantity, price, discount_percent, discount, sum, bonus, skip_discount,
       bonus_kf, manual_percent, manual_price)
     VALUES (@ndoc, @code, @sk, @quantity, @price, @discount_percent, @discount, @sum, @bonus, @skip_discount,
       @bonus_kf, @manual_percent, @manual_price)
     ON CONFLICT (ndoc, code, sk) DO UPDATE SET quantity = excluded.quantity, price = excluded.price,
       discount_percent = excluded.discount_percent, discount = excluded.discount, sum = excluded.sum,
       bonus = excluded.bonus, skip_discount = excluded.skip_discount, bonus_kf = excluded.bonus_kf,
       manual_percent = excluded.manual_percent, manual_price = excluded.manual_price`,
  ),
  deleteLine: db.prepare<[number], void>('DELETE FROM sale_doc_lines WHERE id = ?'),
  split: db.prepare<[string], SplitRow>(
    `SELECT cash, cashless, debt, bonus, certificate, certificate_number, card, comment FROM sale_doc_payments WHERE ndoc = ?`,
  ),
  saveSplit: db.prepare<[SplitRow & { ndoc: string; updated_at: string }], void>(
    `INSERT INTO sale_doc_payments (ndoc, cash, cashless, debt, bonus, certificate, certificate_number, card, comment, updated_at)
     VALUES (@ndoc, @cash, @cashless, @debt, @bonus, @certificate, @certificate_number, @card, @comment, @updated_at)
     ON CONFLICT (ndoc) DO UPDATE SET cash = excluded.cash, cashless = excluded.cashless, debt = excluded.debt,
       bonus = excluded.bonus, certificate = excluded.certificate, certificate_number = excluded.certificate_number,
       card = excluded.card, comment = excluded.comment, updated_at = excluded.updated_at`,
  ),

  /**
   * The database numbers the receipt (its lastInsertRowid): SQLite one past the largest number, as
   * a max()+1 read did; PostgreSQL from the column's identity, so two tills closing at once neither
   * take the same number nor read the same last one (a SERIALIZABLE conflict that ran one of them
   * again). A close PostgreSQL rolls back leaves its number unused; the fiscal numbers are the
   * register's own, gapless per PRRO, and never come from here.
   */
  insertReceipt: db.prepare<[NewReceipt], void>(
    `INSERT INTO receipts (ndoc, kasm, sk, user, card, created_at, sale_date, total, discount, cash_received,
       change, bonus_accrued, bank_destination, com1, com2, fiscal)
     VALUES (@ndoc, @kasm, @sk, @user, @card, @created_at, @sale_date, @total, @discount, @cash_received,
       @change, @bonus_accrued, @bank_destination, @com1, @com2, 0)`,
  ),
  /** A receipt closed without a sale document of its own is its own document: its ndoc is its number. */
  ndocIsCheckNumber: db.prepare<[number], void>('UPDATE receipts SET ndoc = CAST(check_number AS TEXT) WHERE check_number = ?'),
  insertPayment: db.prepare<[number, string, number, string, string], void>(
    'INSERT INTO receipt_payments (check_number, type, amount, card, cert_number) VALUES (?, ?, ?, ?, ?)',
  ),
  insertConsultant: db.prepare<[number, number], void>('INSERT INTO receipt_consultants (check_number, user_id) VALUES (?, ?)'),
  setFiscalDoc: db.prepare<[number, number], void>('UPDATE receipts SET prro_doc_id = ?, fiscal = 1 WHERE check_number = ?'),
  receiptOfCard: db
    .prepare<{ card: string; ndoc: string }, number>(
      `SELECT check_number FROM receipts WHERE card = @card AND (@ndoc = '' OR ndoc = @ndoc)
     ORDER BY check_number DESC LIMIT 1`,
    )
    .pluck(),
});

export const checkoutSql = (db: Db) => statements(db, prepare);
