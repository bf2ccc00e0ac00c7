/**
 * The fiscal side of a close: the receipt's document in the DPS format, issued in the till's
 * shift, and the receipt's link to its shift, rounding and document. A sale with a debt part is a
 * partial payment (shared/fiscal/choices.ts, "sale on credit"): the document pays for what was
 * paid now, and each later repayment at a till is a document of its own.
 */
import type { Db } from '../../../../../shared-node/sql/db.js';
import { statements } from '../../../core/statements.js';
import { toDb } from '../../../decimal.js';
import { paySysRow } from '../../card-payments/card-payments.js';
import { type CheckMoney, checkContent } from '../../kernel/fiscal/check-content.js';
import type { Moment } from '../../kernel/moment.js';
import { type IssuedDocument, issueDocument } from '../../kernel/register/chain.js';
import type { Plan } from './plan.js';

const prepare = (d: Db) => ({
  link: d.prepare<[number | null, number, number | null, number, number], void>(
    'UPDATE receipts SET shift_id = ?, rounding = ?, prro_doc_id = ?, fiscal = ? WHERE check_number = ?',
  ),
});
// One function for the cache key: statements() prepares once per database and function.
const sqlOf = (db: Db) => statements(db, prepare);

/** Issues the receipt's fiscal document (none at a till without a PRRO) and links the receipt to it. */
export function fiscalize(db: Db, plan: Plan, checkNumber: number, user: string, moment: Moment): IssuedDocument | undefined {
  const work = plan.fiscal;
  let issued: IssuedDocument | undefined;
  if (work && plan.tax) {
    const money: CheckMoney[] = plan.payments.items.flatMap((x) =>
      x.type === 'debt' ? [] : [{ form: x.type, amount: x.amount }],
    );
    const content = checkContent({
      subtype: '0',
      lines: plan.lines.map((l, i) => ({
        code: l.goods.code,
        name: l.goods.name,
        unit: l.goods.unit_type,
        uktzed: l.goods.uktzed,
        quantity: l.quantity,
        price: l.price,
        discount: l.discount,
        sum: l.sum,
        letters: plan.letters[i] ?? '',
        marks: (plan.stamps[i] ?? []).map((s) => s.mark),
      })),
      money,
      provided: plan.payments.cashReceived,
      change: plan.payments.change,
      rounding: plan.payments.rounding,
      ...(plan.payments.byType.debt.gt(0) ? { partial: { type: 1 as const } } : {}),
      tax: plan.tax,
      ...(plan.cardPayment ? { cardPaySys: paySysRow(plan.cardPayment) } : {}),
    });
    issued = issueDocument(db, {
      till: work.till,
      seller: work.seller,
      cashier: work.cashier,
      user,
      moment,
      docType: 'receipt',
      content,
      shiftId: work.shift.id,
      checkNumber,
      ref: `receipt:${checkNumber}`,
    });
  }
  sqlOf(db).link.run(
    work?.shift.id ?? null,
    toDb(plan.payments.rounding, 'cur'),
    issued?.id ?? null,
    issued ? 1 : 0,
    checkNumber,
  );
  return issued;
}
