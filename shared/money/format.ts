/**
 * Money and quantities as every paper and screen of the till writes them: exact decimals
 * (decimal.js), never binary floats, and hryvnia the Ukrainian way, "1 234,50" (no-break space
 * groups, a comma). Here, below the interface and the main process, because both print the same
 * papers (shared/paper): the interface as HTML, the main process as ESC/POS.
 */
import { Decimal } from 'decimal.js';

export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = InstanceType<typeof Dec>;

export const dec = (s: string | number): Dec => new Dec(typeof s === 'string' ? s.replace(',', '.') : s);

/** The no-break space that groups thousands: a line break never splits an amount. */
export const GROUP = '\u00a0';

const grouped = (intPart: string): string => intPart.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP);

/** "1 234,50" for a number of hryvnias. */
export function formatAmount(value: Dec | string, places = 2): string {
  const d = typeof value === 'string' ? dec(value) : value;
  const fixed = d.toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toFixed(places);
  const negative = fixed.startsWith('-');
  const [i = '0', f] = (negative ? fixed.slice(1) : fixed).split('.');
  return `${negative ? '−' : ''}${grouped(i)}${f ? `,${f}` : ''}`;
}

/** A quantity: up to 3 places, trailing zeros dropped ("1,5", "2"). */
export function formatQuantity(value: Dec | string): string {
  const d = typeof value === 'string' ? dec(value) : value;
  const s = d.toDecimalPlaces(3, Decimal.ROUND_HALF_UP).toFixed();
  return s.replace('.', ',');
}
