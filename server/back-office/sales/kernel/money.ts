/** Money rules shared by the sales areas: receipts and payments are whole kopecks. */
import { refuse } from '../../../upstream/upstream.js';
import { D, dec, fmt, toKopecks } from '../../decimal.js';

export const ZERO = new D(0);

export const isKopecks = (v: D): boolean => v.eq(toKopecks(v));

/** Parses a validated money string that must be a positive number of whole kopecks. */
export function positiveKopecks(s: string, path: string): D {
  const v = dec(s);
  if (v.lte(0)) throw refuse(path, 'money.not_positive', { amount: fmt(v) });
  if (!isKopecks(v)) throw refuse(path, 'money.not_kopecks', { amount: s });
  return v;
}

/** Like positiveKopecks, but zero is allowed (a part of a split that is not used). */
export function kopecksOrZero(s: string | undefined, path: string): D {
  if (s === undefined || s === '') return ZERO;
  const v = dec(s);
  if (v.lt(0)) throw refuse(path, 'money.negative', { amount: fmt(v) });
  if (!isKopecks(v)) throw refuse(path, 'money.not_kopecks', { amount: s });
  return v;
}

export const sum = (values: readonly D[]): D => values.reduce((a, b) => a.plus(b), ZERO);
