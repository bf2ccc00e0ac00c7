/**
 * The lines of a sale in progress and their arithmetic, as pure functions over plain data (the
 * store keeps them; tests pin them). Money is exact (Dec) and every sum is whole kopecks, priced
 * the way the back office prices a line (server/back-office/sales/checkout/pricing.ts): the sum is
 * quantity × price less the discount percent, rounded half-up to kopecks, and the discount is
 * what that takes off the gross, so sum = quantity × price − discount holds as the close checks.
 */
import { MAX_RECEIPT_LINES, MAX_STAMPS_PER_LINE } from '../../../shared/contract/operations/bounds.js';
import { Dec, dec, kopecks } from '../../money/money.js';

/**
 * Where a line's price came from: `pending` asked of the back office, `confirmed` priced by it
 * (card and action discounts), `unconfirmed` the price the till knew while the back office was
 * unreachable (the receipt still adds up; the discounts may differ).
 */
export type PriceState = 'pending' | 'confirmed' | 'unconfirmed';

export interface SaleLine {
  readonly code: string;
  readonly name: string;
  readonly unit: string;
  /** Decimal strings, as on the wire. */
  readonly quantity: string;
  readonly price: string;
  readonly discountPercent: string;
  readonly discount: string;
  readonly sum: string;
  /** Needs one scanned excise stamp per unit. */
  readonly excise: boolean;
  /** Sold by weight (a fraction of its unit); otherwise by the piece, in whole units. */
  readonly weighted: boolean;
  readonly stamps: readonly string[];
  /** A manager confirmed a manual price or discount for it (pos.checkout_manual_price). */
  readonly manual?: { readonly confirmationId: string; readonly manager: string };
  readonly priceState: PriceState;
  /** Bumped by every change of quantity, so a late answer for an older quantity is ignored. */
  readonly revision: number;
}

/** What a scan found: a product with its shelf price and the quantity the code carries (a weight, or 1). */
export interface Found {
  readonly code: string;
  readonly name: string;
  readonly unit: string;
  readonly price: string;
  readonly quantity: string;
  readonly excise: boolean;
  readonly weighted: boolean;
}

/** A priced line as the back office answered it (pos.checkout_apply_sale_line). */
export interface Priced {
  readonly name: string;
  readonly quantity: string;
  readonly price: string;
  readonly discount_percent: string;
  readonly discount: string;
  readonly sum: string;
}

const HUNDRED = new Dec(100);

/** The sum and discount of a quantity at a price less a percent, as the back office computes them. */
export function priceOf(quantity: Dec, price: Dec, percent: Dec): { sum: Dec; discount: Dec } {
  const gross = kopecks(quantity.mul(price));
  const sum = kopecks(quantity.mul(price).mul(HUNDRED.minus(percent)).div(HUNDRED));
  return { sum, discount: gross.minus(sum) };
}

/** The line at a new quantity, its sum estimated with the price and percent it has until the back office answers. */
function requantified(line: SaleLine, quantity: Dec, priceState: PriceState): SaleLine {
  const { sum, discount } = priceOf(quantity, dec(line.price), dec(line.discountPercent));
  return {
    ...line,
    quantity: quantity.toFixed(),
    sum: sum.toFixed(2),
    discount: discount.toFixed(2),
    priceState,
    revision: line.revision + 1,
  };
}

/** Adds what was scanned: one line per product, a repeated scan adds its quantity to the line. */
export function addFound(lines: readonly SaleLine[], found: Found, priceState: PriceState): SaleLine[] {
  const at = lines.findIndex((l) => l.code === found.code);
  if (at >= 0) {
    const line = lines[at] as SaleLine;
    return lines.map((l, i) => (i === at ? requantified(line, dec(line.quantity).plus(dec(found.quantity)), priceState) : l));
  }
  const fresh: SaleLine = {
    code: found.code,
    name: found.name,
    unit: found.unit,
    quantity: '0',
    price: found.price,
    discountPercent: '0',
    discount: '0.00',
    sum: '0.00',
    excise: found.excise,
    weighted: found.weighted,
    stamps: [],
    priceState,
    revision: 0,
  };
  return [...lines, requantified(fresh, dec(found.quantity), priceState)];
}

export function setQuantity(lines: readonly SaleLine[], code: string, quantity: Dec, priceState: PriceState): SaleLine[] {
  return lines.map((l) => (l.code === code ? requantified(l, quantity, priceState) : l));
}

/** Takes the back office's pricing, unless the quantity changed again since it was asked. */
export function applyPriced(lines: readonly SaleLine[], code: string, revision: number, p: Priced): SaleLine[] {
  return lines.map((l) =>
    l.code === code && l.revision === revision
      ? {
          ...l,
          name: p.name || l.name,
          price: p.price,
          discountPercent: p.discount_percent,
          discount: p.discount,
          sum: p.sum,
          priceState: 'confirmed',
        }
      : l,
  );
}

export function setPriceState(lines: readonly SaleLine[], code: string, revision: number, priceState: PriceState): SaleLine[] {
  return lines.map((l) => (l.code === code && l.revision === revision ? { ...l, priceState } : l));
}

export const saleTotal = (lines: readonly SaleLine[]): Dec => lines.reduce((t, l) => t.plus(dec(l.sum)), new Dec(0));

/** Whole units of a line: excise goods are sold by the piece, one stamp each. */
export const unitsOf = (line: SaleLine): number => dec(line.quantity).ceil().toNumber();

/** Units of an excise line still waiting for their stamp. */
export const stampsMissing = (line: SaleLine): number => (line.excise ? Math.max(0, unitsOf(line) - line.stamps.length) : 0);

/** Every stamp of the sale, to catch the same stamp scanned twice before the back office sees it. */
export const stampsOf = (lines: readonly SaleLine[]): Set<string> => new Set(lines.flatMap((l) => l.stamps));

export type QuantityProblem = 'notNumber' | 'notPositive' | 'places' | 'tooMuch' | 'pieces';

/** A line of goods by the piece holds at most this many: more is a slip of the keyboard, not a sale. */
export const MAX_PIECES = new Dec(999);
/** The heaviest line of goods by weight, in its unit (kg). */
export const MAX_WEIGHT = new Dec('999.999');

/**
 * A quantity the cashier typed, or why it cannot be one: goods by the piece take whole pieces from
 * 1 to MAX_PIECES; goods by weight up to grams (3 places), above zero and at most MAX_WEIGHT.
 */
export function parseQuantity(text: string, weighted: boolean, excise = false): { quantity: Dec } | { problem: QuantityProblem } {
  const t = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(t)) return { problem: 'notNumber' };
  const quantity = new Dec(t);
  if (!quantity.gt(0)) return { problem: 'notPositive' };
  if (!weighted && !quantity.isInteger()) return { problem: 'pieces' };
  if (quantity.decimalPlaces() > 3) return { problem: 'places' };
  if (quantity.gt(maxQuantity(weighted, excise))) return { problem: 'tooMuch' };
  return { quantity };
}

/** The most a line takes, for the words of a `tooMuch` problem; an excise line takes a stamp a unit, so no more than the contract's stamps a line. */
export const maxQuantity = (weighted: boolean, excise = false): Dec =>
  weighted ? MAX_WEIGHT : excise ? new Dec(MAX_STAMPS_PER_LINE) : MAX_PIECES;

/**
 * Why what was scanned cannot go on this receipt, if it cannot: the contract takes at most
 * MAX_RECEIPT_LINES lines and MAX_STAMPS_PER_LINE stamps a line (shared/contract/operations/bounds.ts),
 * so the till says so at the scan, not at the close after the money was taken.
 */
export function lineLimit(lines: readonly SaleLine[], found: Found): 'receiptFull' | 'lineFull' | undefined {
  const line = lines.find((l) => l.code === found.code);
  if (!line) return lines.length >= MAX_RECEIPT_LINES ? 'receiptFull' : undefined;
  const next = dec(line.quantity).plus(dec(found.quantity));
  return next.gt(maxQuantity(line.weighted, line.excise)) ? 'lineFull' : undefined;
}
