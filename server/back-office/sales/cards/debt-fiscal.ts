/**
 * Debt repaid in cash into a till's drawer is money for goods sold: each receipt repaid gets a
 * receipt of its own (shared/fiscal/choices.ts, "sale on credit and debt repayment"), a partial
 * payment naming the sale's fiscal number: type 3 for a further payment, 2 for the one that
 * settles the receipt. Its cash is rounded; the drawer moves by it, on that document.
 */
import type { Db } from '../../../../shared-node/sql/db.js';
import { type D, fromDb } from '../../decimal.js';
import { moveCash } from '../kernel/cash/ledger.js';
import { checkContent } from '../kernel/fiscal/check-content.js';
import { roundCash, roundingStepOn } from '../kernel/fiscal/rounding.js';
import { fiscalSql } from '../kernel/fiscal/statements.js';
import { lettersFor, taxTable } from '../kernel/fiscal/tax.js';
import type { Moment } from '../kernel/moment.js';
import { sum } from '../kernel/money.js';
import { issueDocument } from '../kernel/register/chain.js';
import { linkPrepay } from '../kernel/register/prepay.js';
import { returnSql } from '../kernel/returns/statements.js';
import type { FiscalWork } from '../kernel/shifts/guard.js';

export interface FiscalRepayment {
  readonly work: FiscalWork;
  readonly documents: readonly { checkNumber: number; paid: D }[];
  readonly tdoc: string;
  readonly paymentName: string;
  readonly ref: string;
  readonly user: string;
  readonly moment: Moment;
  readonly path: string;
}

/**
 * Issues a repayment receipt per receipt repaid and takes its rounded cash. Returns the cash box
 * balance, and the documents in the order of `documents` (each is the paper of its repayment).
 */
export function fiscalizeRepayment(db: Db, r: FiscalRepayment): { cash: D; balance: D | undefined; docIds: number[] } {
  const { till, seller, shift, cashier } = r.work;
  const tax = taxTable(db, seller.vatPayer);
  const step = roundingStepOn(db, r.moment.date);
  const sales = returnSql(db);
  let balance: D | undefined;
  const taken: D[] = [];
  const docIds: number[] = [];
  for (const d of r.documents) {
    const receipt = sales.receipt.get(d.checkNumber);
    const debt = sales.debtOfReceipt.get(d.checkNumber);
    const settled = debt !== undefined && debt.repaid === debt.amount;
    const cash = roundCash(d.paid, step);
    const content = checkContent({
      subtype: '0',
      lines: sales.lines.all(d.checkNumber).map((l) => ({
        code: l.code,
        name: l.name,
        unit: l.unit_type,
        uktzed: l.uktzed,
        quantity: fromDb(l.quantity, 'unit'),
        price: fromDb(l.price, 'cur'),
        discount: fromDb(l.discount, 'cur'),
        sum: fromDb(l.sum, 'cur'),
        letters: lettersFor(tax, l.code, fiscalSql(db).goodsLetters.get(l.code)?.tax_letters ?? '', r.path),
        marks: [],
      })),
      money: cash.gt(0) ? [{ form: 'nal', amount: cash }] : [],
      provided: cash,
      rounding: d.paid.minus(cash),
      partial: { type: settled ? 2 : 3, ...(receipt?.fiscal_number ? { prepayNum: receipt.fiscal_number } : {}) },
      tax,
    });
    const doc = issueDocument(db, {
      till,
      seller,
      cashier,
      user: r.user,
      moment: r.moment,
      docType: 'receipt',
      content,
      shiftId: shift.id,
      ref: `debt:${d.checkNumber}`,
    });
    // The repayment names the sale by its fiscal number, which an online sale has only once the tax
    // server accepted it: a sale still waiting for it is named when the documents go in order.
    if (receipt?.prro_doc_id != null) linkPrepay(db, doc.id, receipt.prro_doc_id, d.checkNumber);
    if (cash.gt(0)) {
      balance = moveCash(db, {
        akas: till.akas,
        amount: cash,
        tdoc: r.tdoc,
        paymentName: r.paymentName,
        ref: r.ref,
        user: r.user,
        moment: r.moment,
        path: r.path,
        docId: doc.id,
      }).balance;
    }
    taken.push(cash);
    docIds.push(doc.id);
  }
  return { cash: sum(taken), balance, docIds };
}
