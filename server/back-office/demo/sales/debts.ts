/** Card holders coming back to pay what they owe: in cash at the first till, or from their bonus. */
import { op } from '../../../../shared/contract/index.js';
import type { Db } from '../../../../shared-node/sql/db.js';
import { D, fmt, fromDb } from '../../decimal.js';
import { invoke } from '../../operations.js';
import type { Prng } from '../prng.js';
import { contextAt } from './clock.js';
import { demoSql } from './statements.js';

export function repayDebtsOfDay(db: Db, rnd: Prng, at: Date, akas: string, cashier: string, method: 'cash' | 'bonus'): void {
  const debtors = demoSql(db).debtors.all();
  const ctx = contextAt(db, cashier, at);
  if (method === 'bonus') {
    const payer = debtors.find((d) => d.bonus >= 10_000);
    if (payer) invoke(ctx, op.pos.debtPayBonus, { card: payer.card });
    return;
  }
  for (const d of debtors.slice(0, 2)) {
    // A repayment names each sale by its fiscal number: receipts still waiting for theirs are not repaid yet.
    const fiscal = demoSql(db).fiscalizedDebts.all(d.card);
    if (fiscal.length === 0) continue;
    const owed = fiscal.reduce((s, r) => s.plus(fromDb(r.owed, 'cur')), new D(0));
    const half = owed.div(2).toDecimalPlaces(0, D.ROUND_DOWN);
    if (half.lte(0)) continue;
    // Some pay half in round hryvnias, some settle those receipts in full.
    const only = fiscal.map((r) => r.check_number).join(',');
    invoke(ctx, op.pos.debtPayCash, { akas, card: d.card, only_nc: only, ...(rnd.chance(50) ? { amount: fmt(half) } : {}) });
  }
}
