/** SQL of discount cards, their debt ledger and bonus ledger. Money ×10^4, percent ×10^4. */
import type { Db } from '../../../../shared-node/sql/db.js';
import { statements } from '../../core/statements.js';

export interface CardRow {
  card: string;
  last_name: string;
  first_name: string;
  middle_name: string;
  discount_percent: number;
  bonus_percent: number;
  debt_allowed: number;
  debt_limit: number;
  debt: number;
  bonus: number;
  purchase_sum: number;
}

export interface DebtRow {
  id: number;
  check_number: number;
  receipt_total: number;
  amount: number;
  repaid: number;
  date_added: string;
}

export interface NewCard {
  card: string;
  last_name: string;
  first_name: string;
  middle_name: string;
  phone: string;
  birth_date: string;
  extra_info: string;
  discount_percent: number;
  bonus_percent: number;
  debt_allowed: number;
  debt_limit: number;
  purchase_sum: number;
  created_at: string;
}

const CARD = `card, last_name, first_name, middle_name, discount_percent, bonus_percent,
  debt_allowed, debt_limit, debt, bonus, purchase_sum`;
const DEBT = 'id, check_number, receipt_total, amount, repaid, date_added';

const prepare = (db: Db) => ({
  card: db.prepare<[string], CardRow>(`SELECT ${CARD} FROM discount_cards WHERE card = ?`),
  insertCard: db.prepare<[NewCard], void>(
    `INSERT INTO discount_cards (card, last_name, first_name, middle_name, phone, birth_date, extra_info,
       discount_percent, bonus_percent, debt_allowed, debt_limit, purchase_sum, created_at)
     VALUES (@card, @last_name, @first_name, @middle_name, @phone, @birth_date, @extra_info,
       @discount_percent, @bonus_percent, @debt_allowed, @debt_limit, @purchase_sum, @created_at)`,
  ),
  addDebt: db.prepare<[number, string], void>('UPDATE discount_cards SET debt = debt + ? WHERE card = ?'),
  addBonus: db.prepare<[number, string], void>('UPDATE discount_cards SET bonus = bonus + ? WHERE card = ?'),
  addPurchase: db.prepare<[number, string], void>('UPDATE discount_cards SET purchase_sum = purchase_sum + ? WHERE card = ?'),
  deleteExtraValue: db.prepare<[string, string], void>('DELETE FROM card_extra_values WHERE card = ? AND nt = ?'),
  setExtraValue: db.prepare<[string, string, string], void>(
    `INSERT INTO card_extra_values (card, nt, value) VALUES (?, ?, ?)
     ON CONFLICT (card, nt) DO UPDATE SET value = excluded.value`,
  ),

  insertDebt: db.prepare<[string, number, number, number, string, string, string], void>(
    `INSERT INTO card_debts (card, check_number, receipt_total, amount, date_added, user, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ),
  /** Oldest first: the order a repayment settles them in. */
  openDebts: db.prepare<[string], DebtRow>(
    `SELECT ${DEBT} FROM card_debts WHERE card = ? AND repaid < amount ORDER BY date_added, id`,
  ),
  repay: db.prepare<[number, number], void>('UPDATE card_debts SET repaid = repaid + ? WHERE id = ?'),
  insertDebtPayment: db.prepare<[number, number, string, string, string, string], void>(
    'INSERT INTO card_debt_payments (debt_id, amount, method, akas, user, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  ),
  /** Cards whose debt rows opened before a date ('' = any), optionally only of one cashier's receipts. */
  overdue: db.prepare<
    { before: string; user: string },
    { card: string; last_name: string; first_name: string; middle_name: string; debt: number }
  >(
    `SELECT c.card, c.last_name, c.first_name, c.middle_name, sum(d.amount - d.repaid) AS debt
     FROM card_debts d JOIN discount_cards c ON c.card = d.card
     WHERE d.repaid < d.amount
       AND (@before = '' OR d.date_added < @before)
       AND (@user = '' OR d.user = @user)
     GROUP BY c.card ORDER BY c.last_name, c.first_name, c.card`,
  ),

  insertBonus: db.prepare<[string, number, string, number | null, string, string], void>(
    'INSERT INTO bonus_ledger (card, amount, comment, check_number, user, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  ),
  bonusComments: db.prepare<[], string>('SELECT DISTINCT comment FROM bonus_ledger ORDER BY comment').pluck(),
  /** The bonus movements of one receipt, and the card balance right after the last of them. */
  bonusOfReceipt: db.prepare<{ card: string; check: number }, { moved: number | null; after: number | null }>(
    `WITH r AS (SELECT sum(amount) AS moved, max(id) AS last FROM bonus_ledger WHERE card = @card AND check_number = @check)
     SELECT r.moved, (SELECT sum(amount) FROM bonus_ledger WHERE card = @card AND id <= r.last) AS after FROM r`,
  ),
  settingValue: db.prepare<[string], string>('SELECT value FROM shop_settings WHERE key = ?').pluck(),
});

export const cardSql = (db: Db) => statements(db, prepare);
