/**
 * Every change of a card's bonus balance is a ledger row written with the balance, so the
 * balance always equals the sum of its movements and never goes below zero.
 */
import type { Db } from '../../../../shared-node/sql/db.js';
import { refuse } from '../../../upstream/upstream.js';
import { type D, fmt, toDb } from '../../decimal.js';
import type { Moment } from '../kernel/moment.js';
import { findCard } from './cards.js';
import { cardSql } from './statements.js';

/** Comments of the ledger rows the back office writes itself (discounts.bonus_comments lists them). */
export const BONUS_COMMENT = {
  accrued: 'Нарахування бонусів за чек',
  spent: 'Оплата чека бонусами',
  debtPaid: 'Погашення боргу бонусами',
  returned: 'Повернення бонусів за повернений товар',
  returnedAccrual: 'Списання бонусів, нарахованих на повернений товар',
} as const;

export interface BonusMove {
  readonly card: string;
  /** Positive: accrued; negative: spent. */
  readonly amount: D;
  readonly comment: string;
  readonly checkNumber: number | null;
  readonly user: string;
  readonly moment: Moment;
  readonly path: string;
}

/** Returns the balance after the move. */
export function moveBonus(db: Db, m: BonusMove): D {
  const card = findCard(db, m.card, m.path);
  const after = card.bonus.plus(m.amount);
  if (after.lt(0)) {
    throw refuse(m.path, 'card.bonus_exceeds', { amount: fmt(m.amount.neg()), balance: fmt(card.bonus), card: m.card });
  }
  const sql = cardSql(db);
  const amount = toDb(m.amount, 'cur');
  sql.insertBonus.run(m.card, amount, m.comment, m.checkNumber, m.user, m.moment.iso);
  sql.addBonus.run(amount, m.card);
  return after;
}
