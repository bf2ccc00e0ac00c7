/**
 * Money in the interface: exact decimals (decimal.js) for every sum, decimal strings on the
 * wire, and hryvnia shown the Ukrainian way: "1 234,50 ₴" (no-break space groups, comma). The
 * amounts the papers print too are written in shared/money/format.ts, which both the interface
 * and the main process (ESC/POS printing) use.
 */
import { Decimal } from 'decimal.js';
import { Dec, dec, formatAmount, formatQuantity, GROUP } from '../../shared/money/format.js';

export { Dec, dec, formatAmount, formatQuantity } from '../../shared/money/format.js';

/** Parses a wire decimal or what a person typed ("12,5" or "12.5"); undefined when it is not a number. */
export function parseAmount(text: string): Dec | undefined {
  const t = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(t)) return undefined;
  return new Dec(t);
}

/** Kopecks, rounded half-up: what a receipt and a payment carry. */
export const kopecks = (d: Dec): Dec => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/** The wire form of a sum: a plain decimal string with 2 places. */
export const toWire = (d: Dec): string => kopecks(d).toFixed(2);

/** "1 234,50 ₴". */
export const formatMoney = (value: Dec | string): string => `${formatAmount(value)}${GROUP}₴`;

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
