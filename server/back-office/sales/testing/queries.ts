/** Reads tests make of the books after an operation, in the wire format a client would see. */
import type { Db } from '../../../../shared-node/sql/db.js';
import { fmtDb } from '../../decimal.js';

export const balanceOf = (db: Db, akas: string): string =>
  fmtDb(db.prepare<[string], number>('SELECT balance FROM cash_boxes WHERE akas = ?').pluck().get(akas) ?? 0);

export const stockOf = (db: Db, code: string, sk = 0): string =>
  fmtDb(
    db.prepare<[string, number], number>('SELECT quantity FROM goods_stock WHERE code = ? AND sk = ?').pluck().get(code, sk) ?? 0,
    'unit',
  );

export const batchesOf = (db: Db, code: string): string[] =>
  db
    .prepare<[string], { quantity: number }>('SELECT quantity FROM stock_batches WHERE code = ? ORDER BY received_on, id')
    .all(code)
    .map((b) => fmtDb(b.quantity, 'unit'));

export function cardOf(db: Db, card: string): { debt: string; bonus: string; purchase_sum: string } {
  const c = db
    .prepare<[string], { debt: number; bonus: number; purchase_sum: number }>(
      'SELECT debt, bonus, purchase_sum FROM discount_cards WHERE card = ?',
    )
    .get(card);
  if (!c) throw new Error(`no card ${card}`);
  return { debt: fmtDb(c.debt), bonus: fmtDb(c.bonus), purchase_sum: fmtDb(c.purchase_sum) };
}

export const paymentsOf = (db: Db, check: number): { type: string; amount: string; card: string; cert_number: string }[] =>
  db
    .prepare<[number], { type: string; amount: number; card: string; cert_number: string }>(
      'SELECT type, amount, card, cert_number FROM receipt_payments WHERE check_number = ? ORDER BY id',
    )
    .all(check)
    .map((p) => ({ ...p, amount: fmtDb(p.amount) }));

export const linesOf = (db: Db, check: number): { code: string; quantity: string; sum: string; cost: string }[] =>
  db
    .prepare<[number], { code: string; quantity: number; sum: number; cost: number }>(
      'SELECT code, quantity, sum, cost FROM receipt_lines WHERE check_number = ? ORDER BY line_no',
    )
    .all(check)
    .map((l) => ({ code: l.code, quantity: fmtDb(l.quantity, 'unit'), sum: fmtDb(l.sum), cost: fmtDb(l.cost) }));
