/** Finding a discount card, and the card as a cashier reads it (decimals, not stored integers). */
import type { Db } from '../../../../shared-node/sql/db.js';
import { refuse } from '../../../upstream/upstream.js';
import { type D, fromDb, toDb } from '../../decimal.js';
import { type CardRow, cardSql } from './statements.js';

export interface Card {
  readonly card: string;
  readonly discountPercent: D;
  readonly bonusPercent: D;
  readonly debtAllowed: boolean;
  readonly debtLimit: D;
  readonly debt: D;
  readonly bonus: D;
}

const toCard = (r: CardRow): Card => ({
  card: r.card,
  discountPercent: fromDb(r.discount_percent, 'pct'),
  bonusPercent: fromDb(r.bonus_percent, 'pct'),
  debtAllowed: r.debt_allowed !== 0,
  debtLimit: fromDb(r.debt_limit, 'cur'),
  debt: fromDb(r.debt, 'cur'),
  bonus: fromDb(r.bonus, 'cur'),
});

export function lookupCard(db: Db, card: string): Card | undefined {
  const row = card === '' ? undefined : cardSql(db).card.get(card);
  return row ? toCard(row) : undefined;
}

export function findCard(db: Db, card: string, path: string): Card {
  const found = lookupCard(db, card);
  if (!found) throw card === '' ? refuse(path, 'card.required') : refuse(path, 'card.unknown', { card });
  return found;
}

/** What the holder has bought in all: the card's purchase sum, kept with every receipt. */
export function recordPurchase(db: Db, card: string, total: D): void {
  cardSql(db).addPurchase.run(toDb(total, 'cur'), card);
}
