/**
 * The bookkeeping invariants every sequence of operations keeps. Each query returns the rows that
 * break one; an empty result everywhere is a consistent shop.
 */
import type { Db } from '../../../../shared-node/sql/db.js';

export function invariantBreaches(db: Db): Record<string, unknown[]> {
  const q = (sql: string) => db.prepare(sql).all();
  return {
    cashBoxNotSumOfMovements: q(
      `SELECT b.akas, b.balance, coalesce(sum(m.amount), 0) AS movements FROM cash_boxes b
       LEFT JOIN cash_movements m ON m.akas = b.akas GROUP BY b.akas HAVING b.balance <> coalesce(sum(m.amount), 0)`,
    ),
    cardDebtNotOpenRows: q(
      `SELECT c.card, c.debt, coalesce(sum(d.amount - d.repaid), 0) AS open_rows FROM discount_cards c
       LEFT JOIN card_debts d ON d.card = c.card GROUP BY c.card HAVING c.debt <> coalesce(sum(d.amount - d.repaid), 0)`,
    ),
    cardBonusNotLedger: q(
      `SELECT c.card, c.bonus, coalesce(sum(l.amount), 0) AS ledger FROM discount_cards c
       LEFT JOIN bonus_ledger l ON l.card = c.card GROUP BY c.card HAVING c.bonus <> coalesce(sum(l.amount), 0)`,
    ),
    // What was paid is the total less the cash rounding (RNDSUM = exact − paid).
    receiptPaymentsNotTotal: q(
      `SELECT r.check_number, r.total, r.rounding, coalesce(sum(p.amount), 0) AS paid FROM receipts r
       LEFT JOIN receipt_payments p ON p.check_number = r.check_number
       GROUP BY r.check_number HAVING r.total - r.rounding <> coalesce(sum(p.amount), 0)`,
    ),
    receiptLinesNotTotal: q(
      `SELECT r.check_number, r.total, coalesce(sum(l.sum), 0) AS lines FROM receipts r
       LEFT JOIN receipt_lines l ON l.check_number = r.check_number
       GROUP BY r.check_number HAVING r.total <> coalesce(sum(l.sum), 0)`,
    ),
    stockNotSumOfBatches: q(
      `SELECT s.code, s.sk, s.quantity, coalesce(sum(b.quantity), 0) AS batches FROM goods_stock s
       LEFT JOIN stock_batches b ON b.code = s.code AND b.sk = s.sk
       GROUP BY s.code, s.sk HAVING s.quantity <> coalesce(sum(b.quantity), 0)`,
    ),
  };
}

export const NO_BREACHES = {
  cashBoxNotSumOfMovements: [],
  cardDebtNotOpenRows: [],
  cardBonusNotLedger: [],
  receiptPaymentsNotTotal: [],
  receiptLinesNotTotal: [],
  stockNotSumOfBatches: [],
};
