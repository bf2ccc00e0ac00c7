/**
 * Exact arithmetic on decimal strings for building boundary values. Kept apart from the validator's
 * own comparison so a test built from these values does not share a bug with the code it tests.
 */
import type { DecimalSpec } from '../dsl/params.js';

/** `"1.5"` at scale 3 → `1500n`. The fraction must not be longer than the scale. */
export function toScaled(s: string, scale: number): bigint {
  const negative = s.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? s.slice(1) : s).split('.');
  const v = BigInt(whole + fraction.padEnd(scale, '0'));
  return negative ? -v : v;
}

/** `1500n` at scale 3 → `"1.500"`. */
export function fromScaled(v: bigint, scale: number): string {
  const negative = v < 0n;
  const digits = (negative ? -v : v).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`;
}

/** The value `units` steps of the smallest fraction (10^-scale) away from `s`. */
export const stepDecimal = (s: string, scale: number, units: number): string =>
  fromScaled(toScaled(s, scale) + BigInt(units), scale);

/** Whether `s` lies within the value bounds of the contract (not its syntax). */
export function withinBounds(spec: DecimalSpec, s: string): boolean {
  const v = toScaled(s.replace(',', '.'), spec.scale);
  if (spec.minValue !== undefined) {
    const min = toScaled(spec.minValue, spec.scale);
    if (spec.exclusiveMin ? v <= min : v < min) return false;
  }
  return spec.maxValue === undefined || v <= toScaled(spec.maxValue, spec.scale);
}
