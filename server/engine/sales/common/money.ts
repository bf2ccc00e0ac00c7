/** Money rules shared by the sales areas: receipts and payments are whole kopecks. */
import { BusinessRefusal } from '../../../upstream/upstream.js';
import { D, dec, fmt, toKopecks } from '../../decimal.js';

export const ZERO = new D(0);

export const isKopecks = (v: D): boolean => v.eq(toKopecks(v));

/** Parses a validated money string that must be a positive number of whole kopecks. */
export function positiveKopecks(s: string, path: string): D {
  const v = dec(s);
  if (v.lte(0)) throw new BusinessRefusal(path, `must be greater than 0.00, got ${fmt(v)}`);
  if (!isKopecks(v)) throw new BusinessRefusal(path, `${s} is not a whole number of kopecks`);
  return v;
}

/** Like positiveKopecks, but zero is allowed (a part of a split that is not used). */
export function kopecksOrZero(s: string | undefined, path: string): D {
  if (s === undefined || s === '') return ZERO;
  const v = dec(s);
  if (v.lt(0)) throw new BusinessRefusal(path, `must not be negative, got ${fmt(v)}`);
  if (!isKopecks(v)) throw new BusinessRefusal(path, `${s} is not a whole number of kopecks`);
  return v;
}

export const sum = (values: readonly D[]): D => values.reduce((a, b) => a.plus(b), ZERO);
