/** Prices of invoice lines: currency conversion, markup, sale price from a markup. */
import type { Db } from '../../../../shared-node/sql/db.js';
import { refuse } from '../../../upstream/upstream.js';
import { type D, fromDb, toDb, toKopecks } from '../../decimal.js';
import { naklSql } from './statements.js';

export const HRYVNIA = 'UAH';

/** Markup of a sale price over a unit cost, in percent; nothing to say without a cost. */
export function markupOf(price: number, cost: number): number {
  if (cost <= 0) return 0;
  return toDb(fromDb(price, 'cur').div(fromDb(cost, 'cur')).minus(1).mul(100), 'pct');
}

/** A sale price from a cost and a markup, to the kopeck. */
export const priceWithMarkup = (cost: number, markup: D): number =>
  toDb(toKopecks(fromDb(cost, 'cur').mul(markup.div(100).plus(1))), 'cur');

/** A cost billed in a currency, in hryvnias. */
export const inHryvnias = (amount: D, rate: number): number => toDb(amount.mul(fromDb(rate, 'ratio')), 'cur');

/** The other way, for a line started from the card's hryvnia cost. */
export const inCurrency = (cost: number, rate: number): number => toDb(fromDb(cost, 'cur').div(fromDb(rate, 'ratio')), 'cur');

/** The rate to use: the one given, or the shop's rate of that currency. */
export function rateOf(db: Db, currency: string, given: D, path: string): number {
  if (given.isNegative()) throw refuse(path, 'invoice.rate_negative');
  if (!given.isZero()) return toDb(given, 'ratio');
  const known = naklSql(db).currency.get(currency);
  if (!known) throw refuse(path, 'invoice.rate_unknown', { currency });
  return known.rate;
}
