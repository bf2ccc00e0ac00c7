/** Amounts typed on the shift screen (the float, cash in and out), checked before anything is sent. */
import { type Dec, parseAmount } from '../../money/money.js';

/** The contract's ceiling of one service document (pos.cash_deposit / pos.cash_withdrawal / the float). */
export const MAX_AMOUNT = '10000000';

export type AmountProblem = 'notNumber' | 'notPositive' | 'kopecks' | 'tooBig' | 'overCash';

/**
 * A sum of whole kopecks, more than zero (or zero where allowed: a shift may open without a float),
 * at most the contract's ceiling and, for cash out, at most what the drawer holds.
 */
export function checkAmount(
  text: string,
  opts: { allowZero?: boolean; atMost?: Dec | string | undefined } = {},
): { amount: Dec; problem?: undefined } | { amount?: undefined; problem: AmountProblem } {
  const empty = text.trim() === '';
  const amount = empty && opts.allowZero ? parseAmount('0') : parseAmount(text);
  if (!amount) return { problem: 'notNumber' };
  if (amount.isNegative() || (amount.isZero() && !opts.allowZero)) return { problem: 'notPositive' };
  if (!amount.eq(amount.toDecimalPlaces(2))) return { problem: 'kopecks' };
  if (amount.gt(MAX_AMOUNT)) return { problem: 'tooBig' };
  if (opts.atMost !== undefined && amount.gt(opts.atMost)) return { problem: 'overCash' };
  return { amount };
}
