/**
 * Exact decimals for the back office. Values are stored in SQLite as INTEGER scaled by 10^scale
 * (money 10^4, quantity 10^3, percent 10^4, ratio 10^6: see DECIMAL_SCALE in the contract), so
 * sums in SQL stay exact; arithmetic in code goes through decimal.js, never binary floats.
 */
import { Decimal } from 'decimal.js';
import { DECIMAL_SCALE, type DecimalUnit } from '../../shared/contract/index.js';

export const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type D = InstanceType<typeof D>;

const FACTORS = Object.fromEntries(Object.entries(DECIMAL_SCALE).map(([unit, scale]) => [unit, new D(10).pow(scale)])) as Record<
  DecimalUnit,
  D
>;
const factor = (unit: DecimalUnit) => FACTORS[unit];

/** Parses a validated decimal-string (a comma is accepted, as the contract allows for `kf`). */
export const dec = (s: string | number): D => new D(typeof s === 'string' ? s.replace(',', '.') : s);

/** A decimal to its stored INTEGER, rounded half-up to the unit's scale. */
export const toDb = (v: D | string, unit: DecimalUnit): number =>
  (typeof v === 'string' ? dec(v) : v).mul(factor(unit)).toDecimalPlaces(0, D.ROUND_HALF_UP).toNumber();

/** A stored INTEGER back to a decimal. */
export const fromDb = (n: number | bigint | null, unit: DecimalUnit): D => new D((n ?? 0).toString()).div(factor(unit));

/** Money is rounded to kopecks where a receipt or a payment is concerned (half-up). */
export const toKopecks = (v: D): D => v.toDecimalPlaces(2, D.ROUND_HALF_UP);

/**
 * Wire format: money with at least 2 places ("12.50"), quantities with 3 ("1.500"),
 * percents and ratios as short as exact ("5", "1.25"). Never exponent notation.
 */
export function fmt(v: D, unit: DecimalUnit = 'cur'): string {
  const minPlaces = unit === 'cur' ? 2 : unit === 'unit' ? 3 : 0;
  const exact = v.toDecimalPlaces(DECIMAL_SCALE[unit], D.ROUND_HALF_UP);
  const places = Math.max(minPlaces, exact.decimalPlaces());
  return exact.toFixed(places);
}

/** A stored INTEGER straight to its wire format. */
export const fmtDb = (n: number | bigint | null, unit: DecimalUnit = 'cur'): string => fmt(fromDb(n, unit), unit);
