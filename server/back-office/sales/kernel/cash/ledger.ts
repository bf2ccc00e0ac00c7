/**
 * The only way a cash box balance changes: one movement row and the balance in the same
 * transaction, so a box always equals the sum of its movements. A payout never takes a box
 * below zero: a cashier cannot hand over money the drawer does not hold.
 */
import type { Db } from '../../../../../shared-node/sql/db.js';
import { refuse } from '../../../../upstream/upstream.js';
import { type D, fmt, fromDb, toDb } from '../../../decimal.js';
import type { Moment } from '../moment.js';
import { type CashBoxRow, cashSql } from './statements.js';

export interface CashMove {
  readonly akas: string;
  /** Positive: money in; negative: money out. */
  readonly amount: D;
  readonly tdoc: string;
  readonly paymentName: string;
  readonly ref: string;
  readonly user: string;
  readonly moment: Moment;
  /** Where a refusal points in the request, e.g. `params.akas`. */
  readonly path: string;
  /** The fiscal document the movement stands on (a till's drawer moves only with one). */
  readonly docId?: number;
}

function findCashBox(db: Db, akas: string, path: string): CashBoxRow {
  const box = cashSql(db).box.get(akas);
  if (!box) throw refuse(path, 'cash.box_unknown', { akas });
  return box;
}

export function moveCash(db: Db, m: CashMove): { movementId: number; balance: D } {
  const sql = cashSql(db);
  const box = findCashBox(db, m.akas, m.path);
  const amount = toDb(m.amount, 'cur');
  if (amount < 0 && box.balance + amount < 0) {
    throw refuse(m.path, 'cash.box_short', {
      akas: m.akas,
      balance: fmt(fromDb(box.balance, 'cur')),
      amount: fmt(m.amount.neg()),
    });
  }
  const info = sql.insertMovement.run(m.akas, amount, m.tdoc, m.paymentName, m.ref, m.user, m.moment.iso, m.docId ?? null);
  sql.addToBalance.run(amount, m.akas);
  return { movementId: Number(info.lastInsertRowid), balance: fromDb(box.balance + amount, 'cur') };
}
