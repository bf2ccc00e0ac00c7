/**
 * Cash put into or taken out of a till's drawer other than by a sale: a service deposit (the
 * opening float too) or a service withdrawal (collection, a supplier paid from the drawer). At a
 * till with a PRRO each is a fiscal document of its shift; the drawer moves with it.
 */
import type { Db } from '../../../../../shared-node/sql/db.js';
import type { D } from '../../../decimal.js';
import { moveCash } from '../cash/ledger.js';
import { serviceCashContent } from '../fiscal/check-content.js';
import type { Moment } from '../moment.js';
import { issueDocument } from '../register/chain.js';
import type { FiscalWork } from './guard.js';

export interface ServiceCash {
  readonly work: FiscalWork;
  readonly amount: D;
  readonly comment: string;
  readonly user: string;
  readonly moment: Moment;
  /** What the cash movement says it is, e.g. "Службове внесення". */
  readonly tdoc?: string;
  readonly ref?: string;
  readonly path?: string;
}

export interface ServiceCashDone {
  readonly docId: number;
  readonly fiscalNumber: string;
  readonly balance: D;
}

function serviceCash(db: Db, s: ServiceCash, kind: 'deposit' | 'withdrawal'): ServiceCashDone {
  const { till, seller, shift, cashier } = s.work;
  const deposit = kind === 'deposit';
  const doc = issueDocument(db, {
    till,
    seller,
    cashier,
    user: s.user,
    moment: s.moment,
    docType: deposit ? 'service_deposit' : 'service_withdrawal',
    content: serviceCashContent(deposit ? '2' : '4', s.amount),
    shiftId: shift.id,
    ref: s.ref ?? `cash:${kind}`,
  });
  const { balance } = moveCash(db, {
    akas: till.akas,
    amount: deposit ? s.amount : s.amount.neg(),
    tdoc: s.tdoc ?? (deposit ? 'Службове внесення' : 'Службова видача'),
    paymentName: s.comment,
    ref: s.ref ?? `prro:${doc.id}`,
    user: s.user,
    moment: s.moment,
    path: s.path ?? 'params.amount',
    docId: doc.id,
  });
  return { docId: doc.id, fiscalNumber: doc.fiscalNumber, balance };
}

export const depositCash = (db: Db, s: ServiceCash): ServiceCashDone => serviceCash(db, s, 'deposit');
export const withdrawCash = (db: Db, s: ServiceCash): ServiceCashDone => serviceCash(db, s, 'withdrawal');
