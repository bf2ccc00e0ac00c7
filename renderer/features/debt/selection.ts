/**
 * Which open receipts a repayment settles and how much: exact decimals, the same rules the back
 * office applies (server/back-office/sales/cards/debt-ledger.ts), checked before anything is sent so
 * the cashier hears about a wrong amount at once and in their own words.
 */

import type { ResultRowOf } from '../../../shared/contract/index.js';
import type { op } from '../../../shared/contract/op.js';
import { roundCash } from '../../money/cash-rounding.js';
import { Dec, parseAmount } from '../../money/money.js';

export type OpenDebtRow = ResultRowOf<typeof op.pos.debtOpenRows>;

/** No receipt ticked means every open receipt, oldest first (what the service does with an empty only_nc). */
export function selectedRows(rows: readonly OpenDebtRow[], ticked: ReadonlySet<string>): OpenDebtRow[] {
  const chosen = rows.filter((r) => ticked.has(r.check_number));
  return chosen.length > 0 ? chosen : [...rows];
}

export const owedBy = (rows: readonly OpenDebtRow[]): Dec => rows.reduce((sum, r) => sum.plus(r.debt), new Dec(0));

/** `only_nc` for the write: empty when nothing (or everything) is ticked, so the service takes them all. */
export function onlyNcParam(rows: readonly OpenDebtRow[], ticked: ReadonlySet<string>): string {
  const chosen = rows.filter((r) => ticked.has(r.check_number));
  return chosen.length === 0 || chosen.length === rows.length ? '' : chosen.map((r) => r.check_number).join(',');
}

export type AmountProblem = 'notNumber' | 'notPositive' | 'kopecks' | 'overDebt';

/** An empty amount means "all of it"; otherwise a positive sum of whole kopecks no larger than what is owed. */
export function checkAmount(text: string, owed: Dec): { amount: Dec | undefined; problem?: AmountProblem } {
  if (text.trim() === '') return { amount: undefined };
  const amount = parseAmount(text);
  if (!amount) return { amount, problem: 'notNumber' };
  if (amount.lte(0)) return { amount, problem: 'notPositive' };
  if (!amount.eq(amount.toDecimalPlaces(2))) return { amount, problem: 'kopecks' };
  if (amount.gt(owed)) return { amount, problem: 'overDebt' };
  return { amount };
}

/** What the drawer takes for a repayment in cash, and what the rounding added to the debt repaid. */
export interface CashToTake {
  readonly repaid: Dec;
  readonly cash: Dec;
  readonly rounding: Dec;
}

/**
 * The cash a repayment takes, as the back office takes it (server/back-office/sales/cards/debt-handlers.ts):
 * the amount settles the chosen receipts in order (the oldest first), and each receipt's part is
 * rounded by the NBU rule, as its own repayment receipt says. So the question states the cash the
 * cashier takes into the drawer, not the debt before rounding.
 */
export function cashToTake(rows: readonly OpenDebtRow[], amount: Dec | undefined, stepKopecks: number): CashToTake {
  const owed = owedBy(rows);
  const repaid = amount ?? owed;
  let rest = repaid;
  let cash = new Dec(0);
  for (const r of rows) {
    if (rest.lte(0)) break;
    const part = Dec.min(rest, new Dec(r.debt));
    cash = cash.plus(roundCash(part, stepKopecks));
    rest = rest.minus(part);
  }
  return { repaid, cash, rounding: cash.minus(repaid) };
}
