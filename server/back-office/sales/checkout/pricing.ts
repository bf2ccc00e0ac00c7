/**
 * Pricing one sale line. Discounts do not stack: the buyer gets the largest of the card's
 * percent and the running discount actions, unless the cashier set a percent or a price by hand.
 * Goods marked no_discount take neither discount nor bonus (e.g. tobacco, sold at a regulated
 * price). Bonus accrues on what the line costs after discount.
 */
import type { Db } from '../../../../shared-node/sql/db.js';
import { D, fromDb, toKopecks } from '../../decimal.js';
import type { Card } from '../cards/cards.js';
import { ZERO } from '../kernel/money.js';
import { checkoutSql, type GoodsRow } from './statements.js';

const HUNDRED = new D(100);

export interface LineInput {
  readonly goods: GoodsRow;
  readonly quantity: D;
  readonly card: Card | undefined;
  /** Shop-local date of the sale: which discount actions run. */
  readonly date: string;
  readonly manualPercent: D | undefined;
  readonly manualPrice: D | undefined;
  readonly bonusKf: D;
}

export interface PricedLine {
  readonly price: D;
  readonly discountPercent: D;
  readonly discount: D;
  readonly sum: D;
  readonly bonus: D;
  readonly skipDiscount: boolean;
}

/** The automatic percent: the card's or the best running action, whichever is larger. */
export function automaticPercent(db: Db, goods: GoodsRow, card: Card | undefined, date: string): D {
  const action = checkoutSql(db).actionPercent.get({ code: goods.code, date, holder: card ? 1 : 0 });
  const actionPercent = fromDb(action ?? 0, 'pct');
  const cardPercent = card?.discountPercent ?? ZERO;
  return D.max(actionPercent, cardPercent);
}

export function priceLine(db: Db, l: LineInput): PricedLine {
  const price = fromDb(l.goods.price, 'cur');
  const gross = toKopecks(l.quantity.mul(price));
  if (l.goods.no_discount !== 0) {
    return { price, discountPercent: ZERO, discount: ZERO, sum: gross, bonus: ZERO, skipDiscount: true };
  }
  let sum: D;
  let percent: D;
  if (l.manualPrice !== undefined) {
    sum = toKopecks(l.quantity.mul(l.manualPrice));
    percent = price.isZero() ? ZERO : HUNDRED.minus(l.manualPrice.div(price).mul(HUNDRED)).toDecimalPlaces(4);
  } else {
    percent = l.manualPercent ?? automaticPercent(db, l.goods, l.card, l.date);
    sum = toKopecks(l.quantity.mul(price).mul(HUNDRED.minus(percent)).div(HUNDRED));
  }
  const bonus = l.card ? toKopecks(sum.mul(l.card.bonusPercent).div(HUNDRED).mul(l.bonusKf)) : ZERO;
  return { price, discountPercent: percent, discount: gross.minus(sum), sum, bonus, skipDiscount: false };
}
