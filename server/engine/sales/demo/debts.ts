/** Card holders coming back to pay what they owe: in cash at the first till, or from their bonus. */
import type { Db } from '../../../db/open.js';
import { D, fmt, fromDb } from '../../decimal.js';
import type { Prng } from '../../demo/prng.js';
import { invoke } from '../../operations.js';
import { contextAt } from './clock.js';
import { demoSql } from './statements.js';

export function repayDebtsOfDay(db: Db, rnd: Prng, at: Date, akas: string, cashier: string, method: 'cash' | 'bonus'): void {
  const debtors = demoSql(db).debtors.all();
  const ctx = contextAt(db, cashier, at);
  if (method === 'bonus') {
    const payer = debtors.find((d) => d.bonus >= 10_000);
    if (payer) invoke(ctx, 'pos.debt_pay_bonus', { card: payer.card });
    return;
  }
  for (const d of debtors.slice(0, 2)) {
    const half = fromDb(d.debt, 'cur').div(2).toDecimalPlaces(0, D.ROUND_DOWN);
    if (half.lte(0)) continue;
    // Some pay half in round hryvnias, some settle their oldest receipts in full.
    invoke(ctx, 'pos.debt_pay_cash', { akas, card: d.card, ...(rnd.chance(50) ? { amount: fmt(half) } : {}) });
  }
}
