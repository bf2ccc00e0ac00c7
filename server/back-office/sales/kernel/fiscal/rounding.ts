/**
 * Cash rounding (NBU resolution 25 of 2018 and its later step): the part of a receipt or a
 * refund paid in cash is rounded half up to the step in effect on its date; other forms never.
 * The rule is shared with the till (shared/fiscal/rounding.ts); the steps are configuration
 * (cash_rounding_steps), sent to the till as the shop setting of that name.
 */

import { roundCashKopecks } from '../../../../../shared/fiscal/rounding.js';
import type { Db, Read } from '../../../../../shared-node/sql/db.js';
import { D, fromDb } from '../../../decimal.js';
import { fiscalSql } from './statements.js';

/** The read roundingStepOn makes, for a caller that sends it ahead (prefetch). */
export const stepRead = (db: Db, date: string): Read => ({ statement: fiscalSql(db).stepOn, args: [date] });

/** The step on a shop-local date, or 0.01 (no rounding) before the first configured one. */
export function roundingStepOn(db: Db, date: string): D {
  const step = fiscalSql(db).stepOn.get(date);
  return step === undefined ? new D('0.01') : fromDb(step, 'cur');
}

/**
 * Rounds an amount of money half up to a multiple of the step: with 0.10, 1–4 kopecks go down
 * and 5–9 up; with 0.50, 0.01–0.24 down, 0.25–0.74 to 0.50 and 0.75–0.99 up. A negative amount
 * (a refund) is rounded by its size.
 */
export function roundCash(amount: D, step: D): D {
  return new D(roundCashKopecks(amount.mul(100).toNumber(), step.mul(100).toNumber())).div(100);
}
