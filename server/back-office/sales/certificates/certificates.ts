/**
 * Gift certificates (shared/fiscal/choices.ts, "gift certificates"): a certificate is registered
 * when the shop issues it and is redeemed by one receipt, for at most its amount; what is left of
 * it is not paid out. A second redemption, an unknown number or more than its amount is refused.
 */
import type { Db } from '../../../../shared-node/sql/db.js';
import { refuse } from '../../../upstream/upstream.js';
import { type D, fmt, fromDb, toDb } from '../../decimal.js';
import type { Moment } from '../kernel/moment.js';
import { shownAt } from '../kernel/moment.js';
import { certificateSql } from './statements.js';

export interface Redemption {
  readonly number: string;
  readonly amount: D;
  readonly path: string;
}

/** Checks a certificate payment before anything is written. */
export function checkRedemption(db: Db, r: Redemption, timeZone: string): void {
  if (r.number.trim() === '') throw refuse(r.path, 'certificate.number_required');
  const cert = certificateSql(db).get.get(r.number.trim());
  if (!cert) throw refuse(r.path, 'certificate.unknown', { number: r.number });
  if (cert.redeemed_at !== null) {
    throw refuse(r.path, 'certificate.redeemed', {
      number: cert.number,
      check_number: cert.check_number ?? 0,
      at: shownAt(cert.redeemed_at, timeZone),
    });
  }
  const amount = fromDb(cert.amount, 'cur');
  if (r.amount.gt(amount)) {
    throw refuse(r.path, 'certificate.too_much', { number: cert.number, amount: fmt(amount), asked: fmt(r.amount) });
  }
}

export function redeem(db: Db, r: Redemption, checkNumber: number, moment: Moment): void {
  certificateSql(db).redeem.run(moment.iso, toDb(r.amount, 'cur'), checkNumber, r.number.trim());
}

export function issueCertificate(db: Db, c: { number: string; amount: D; comment: string; user: string; moment: Moment }): void {
  const sql = certificateSql(db);
  if (sql.get.get(c.number)) throw refuse('params.number', 'certificate.exists', { number: c.number });
  sql.issue.run(c.number, toDb(c.amount, 'cur'), c.comment, c.moment.iso, c.user);
}
