/** The cash a buyer hands over, as typed: it must be an amount in kopecks and cover the receipt; the rest is change. */
import { type Dec, parseAmount } from '../../money/money.js';

export type CashEntry =
  | { readonly given: Dec; readonly change: Dec }
  | { readonly problem: 'notAmount' | 'kopecks' }
  | { readonly problem: 'less'; readonly missing: Dec };

export function cashEntry(text: string, total: Dec): CashEntry {
  const given = parseAmount(text);
  if (given === undefined || given.isNegative()) return { problem: 'notAmount' };
  if (given.decimalPlaces() > 2) return { problem: 'kopecks' };
  if (given.lt(total)) return { problem: 'less', missing: total.minus(given) };
  return { given, change: given.minus(total) };
}
