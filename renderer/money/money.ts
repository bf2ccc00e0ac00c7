/**
 * Money in the interface: exact decimals (decimal.js) for every sum, decimal strings on the
 * wire, and hryvnia shown the Ukrainian way: "1 234,50 ₴" (no-break space groups, comma).
 */
import { Decimal } from 'decimal.js';

export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = InstanceType<typeof Dec>;

/** Parses a wire decimal or what a person typed ("12,5" or "12.5"); undefined when it is not a number. */
export function parseAmount(text: string): Dec | undefined {
  const t = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(t)) return undefined;
  return new Dec(t);
}

export const dec = (s: string | number): Dec => new Dec(typeof s === 'string' ? s.replace(',', '.') : s);

/** Kopecks, rounded half-up: what a receipt and a payment carry. */
export const kopecks = (d: Dec): Dec => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/** The wire form of a sum: a plain decimal string with 2 places. */
export const toWire = (d: Dec): string => kopecks(d).toFixed(2);

const GROUP = '\u00a0';

function grouped(intPart: string): string {
  return intPart.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP);
}

/** "1 234,50" for a number of hryvnias. */
export function formatAmount(value: Dec | string, places = 2): string {
  const d = typeof value === 'string' ? dec(value) : value;
  const fixed = d.toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toFixed(places);
  const negative = fixed.startsWith('-');
  const [i = '0', f] = (negative ? fixed.slice(1) : fixed).split('.');
  return `${negative ? '−' : ''}${grouped(i)}${f ? `,${f}` : ''}`;
}

/** "1 234,50 ₴". */
export const formatMoney = (value: Dec | string): string => `${formatAmount(value)}${GROUP}₴`;

/** A quantity: up to 3 places, trailing zeros dropped ("1,5", "2"). */
export function formatQuantity(value: Dec | string): string {
  const d = typeof value === 'string' ? dec(value) : value;
  const s = d.toDecimalPlaces(3, Decimal.ROUND_HALF_UP).toFixed();
  return s.replace('.', ',');
}

/** Money in the interface language: "1 234,50 ₴" in Ukrainian, "1,234.50 ₴" in English. */
export function formatMoneyIn(value: Dec | string, language: 'uk' | 'en'): string {
  if (language === 'uk') return formatMoney(value);
  const d = typeof value === 'string' ? dec(value) : value;
  const fixed = d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
  const negative = fixed.startsWith('-');
  const [i = '0', f = '00'] = (negative ? fixed.slice(1) : fixed).split('.');
  return `${negative ? '−' : ''}${i.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${f}${GROUP}₴`;
}

/** A quantity in the interface language: "1,5" in Ukrainian, "1.5" in English. */
export function formatQuantityIn(value: Dec | string, language: 'uk' | 'en'): string {
  const shown = formatQuantity(value);
  return language === 'uk' ? shown : shown.replace(',', '.');
}
