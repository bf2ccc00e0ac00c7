/**
 * Where the money is booked, a sale line is never cheaper than its card says unless something
 * recorded made it so (design.md, "money rules are the back office's"). The till asks a manager's
 * PIN for a manual price; a client that sends a line at half the card's price, with no discount
 * and no manager, is refused here, naming the line.
 *
 * A line's price is the card's, or one the card had until recently: a sale open while a manager
 * changed the card, or one the till rang up offline from its catalogue copy and queued, reaches
 * the back office at the price the buyer was shown (catalog/goods/price-history.ts). Below that
 * price (quantity × price), the line's sum is justified by the most it may take off:
 *
 *  - the automatic discount: the receipt's discount card's percent or a running promotion's,
 *    whichever is larger (checkout/pricing.ts, the same rule apply-line prices with);
 *  - a manual price or percent a manager confirmed for that product of that sale document
 *    (pos.checkout_manual_price, recorded in manual_price_changes);
 *  - the line of the sale document as the back office priced it (a promotion that ended at
 *    midnight while the receipt was open, a card percent changed since);
 *  - or a manager's confirmation the close carries (header X-Manager-Confirmation, action
 *    manual_price), spent by it, for clients that price by hand without a sale document.
 *
 * Goods at a regulated price (no_discount) take none of these.
 */
import type { Db } from '../../../../../shared-node/sql/db.js';
import { refuse } from '../../../../upstream/upstream.js';
import { pricesReplacedSince } from '../../../catalog/index.js';
import { D, fmt, fromDb, toKopecks } from '../../../decimal.js';
import type { Card } from '../../cards/cards.js';
import type { Moment } from '../../kernel/moment.js';
import { spendConfirmation } from '../../kernel/people/confirmations.js';
import type { SaleLine } from '../close/lines.js';
import { manualPriceSql } from '../manual-price/statements.js';
import { automaticPercent } from '../pricing.js';
import { checkoutSql } from '../statements.js';

const HUNDRED = new D(100);

/**
 * How long a replaced card price still sells: as long as a till's queued write is answered by its
 * Idempotency-Key (7 days by default, "longer than a till may stay offline"), so a sale the till
 * queued offline at the old price is closed as the buyer paid it, and a week-old price no longer is.
 */
export const OLD_PRICE_MS = 7 * 24 * 3_600_000;

export interface LinePriceCheck {
  readonly lines: readonly SaleLine[];
  readonly card: Card | undefined;
  /** The sale document the close takes ('' for none). */
  readonly ndoc: string;
  readonly sk: number;
  readonly kasm: number;
  readonly moment: Moment;
  /** A manager's confirmation the close carries (header X-Manager-Confirmation), if any. */
  readonly confirmation: number | undefined;
}

const percentOff = (quantity: D, price: D, percent: D): D =>
  toKopecks(quantity.mul(price).mul(HUNDRED.minus(percent)).div(HUNDRED));

interface Judged {
  readonly line: SaleLine;
  /** The list price the line is judged against. */
  readonly list: D;
  readonly gross: D;
  /** The lowest sum a recorded discount allows. */
  readonly lowest: D;
}

/** The card's price the line is judged against: its own price when the card has (or lately had) it. */
function listPriceOf(db: Db, line: SaleLine, moment: Moment): D {
  const current = fromDb(line.goods.price, 'cur');
  if (line.price.eq(current)) return current;
  const since = new Date(moment.at.getTime() - OLD_PRICE_MS).toISOString();
  const old = pricesReplacedSince(db, line.goods.code, since).map((p) => fromDb(p, 'cur'));
  return old.find((p) => p.eq(line.price)) ?? current;
}

/** The lowest sum of the line that something recorded allows, at the list price. */
function lowestRecorded(db: Db, c: LinePriceCheck, line: SaleLine, list: D, gross: D): D {
  if (line.goods.no_discount !== 0) return gross;
  const q = line.quantity;
  const sums: D[] = [percentOff(q, list, automaticPercent(db, line.goods, c.card, c.moment.date))];
  if (c.ndoc !== '') {
    const manual = manualPriceSql(db).latest.get(c.ndoc, line.goods.code);
    if (manual?.price != null) sums.push(toKopecks(q.mul(fromDb(manual.price, 'cur'))));
    if (manual?.percent != null) sums.push(percentOff(q, list, fromDb(manual.percent, 'pct')));
    const priced = checkoutSql(db).docLine.get(c.ndoc, line.goods.code, c.sk);
    if (priced && fromDb(priced.price, 'cur').eq(list)) {
      sums.push(percentOff(q, list, fromDb(priced.discount_percent, 'pct')));
      if (priced.manual_price !== null) sums.push(toKopecks(q.mul(fromDb(priced.manual_price, 'cur'))));
    }
  }
  return D.min(...sums);
}

/** Refuses a close with a line below its card's price that nothing recorded allows. */
export function checkLinePrices(db: Db, c: LinePriceCheck): void {
  const unjustified: Judged[] = [];
  for (const line of c.lines) {
    const list = listPriceOf(db, line, c.moment);
    const gross = toKopecks(line.quantity.mul(list));
    if (line.sum.gte(gross)) continue;
    const lowest = lowestRecorded(db, c, line, list, gross);
    if (line.sum.lt(lowest)) unjustified.push({ line, list, gross, lowest });
  }
  const [first] = unjustified;
  if (!first) return;
  // A manager confirmed the receipt's prices as a whole (never a regulated price).
  const regulated = unjustified.find((j) => j.line.goods.no_discount !== 0);
  if (c.confirmation !== undefined && !regulated) {
    spendConfirmation(db, {
      id: c.confirmation,
      action: 'manual_price',
      kasm: c.kasm,
      usedBy: c.ndoc === '' ? 'sale' : `sale:${c.ndoc}`,
      moment: c.moment,
      path: 'headers.X-Manager-Confirmation',
    });
    return;
  }
  const j = regulated ?? first;
  throw refuse(`params.rows[${j.line.index}].price`, 'sale.price_unconfirmed', {
    line: j.line.index + 1,
    code: j.line.goods.code,
    name: j.line.goods.name,
    sum: fmt(j.line.sum),
    gross: fmt(j.gross),
    list: fmt(j.list),
    lowest: fmt(j.lowest),
  });
}
