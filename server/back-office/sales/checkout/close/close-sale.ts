/**
 * pos.checkout_close_sale: one transaction writes the receipt, its lines, payments and
 * consultants; takes the goods from the oldest FIFO batches (recording their cost); issues the
 * receipt's fiscal document in the till's open shift; puts the rounded cash part into the till's
 * cash box on that document; books the debt part on the card and spends and accrues its bonus;
 * redeems gift certificates; and binds the excise stamps. Everything that can be refused is
 * checked first (plan.ts), and a refusal thrown later still rolls the whole transaction back: a
 * refused close changes nothing.
 */
import type { op } from '../../../../../shared/contract/index.js';
import { fmt, toDb } from '../../../decimal.js';
import type { BackOfficeContext, Handler } from '../../../handlers.js';
import { bookCardPayment } from '../../card-payments/card-payments.js';
import { nextBankDestination, recordBankDestination } from '../../kernel/cash/tills.js';
import { momentOf, shownAt } from '../../kernel/moment.js';
import { openSaleDoc } from '../sale-doc.js';
import { checkoutSql } from '../statements.js';
import { fiscalize } from './fiscal.js';
import { type CloseParams, planClose } from './plan.js';
import { writeLines, writeMoney } from './write.js';

function closeSale(p: CloseParams, ctx: BackOfficeContext) {
  const { db, user } = ctx;
  const moment = momentOf(ctx);
  const plan = planClose(db, p, moment, { cashier: ctx.cashier, confirmation: ctx.confirmation });
  const sql = checkoutSql(db);
  const destination = plan.payments.byType.bn.gt(0) ? nextBankDestination(db, plan.till) : undefined;

  const receipt = sql.insertReceipt.run({
    ndoc: plan.ndoc,
    kasm: plan.till.kasm,
    sk: plan.sk,
    user,
    card: plan.card?.card ?? '',
    created_at: moment.iso,
    sale_date: moment.date,
    total: toDb(plan.total, 'cur'),
    discount: toDb(plan.discount, 'cur'),
    cash_received: toDb(plan.payments.cashReceived, 'cur'),
    change: toDb(plan.payments.change, 'cur'),
    bonus_accrued: toDb(plan.bonusAccrued, 'cur'),
    bank_destination: destination?.destination ?? '',
    com1: p.com1,
    com2: p.com2,
  });
  // Numbered by the database as it is inserted (statements.ts says why).
  const checkNumber = Number(receipt.lastInsertRowid);
  const ndoc = plan.ndoc === '' ? String(checkNumber) : plan.ndoc;
  if (plan.ndoc === '') sql.ndocIsCheckNumber.run(checkNumber);
  writeLines(db, plan, checkNumber, user, moment);
  for (const x of plan.payments.items) sql.insertPayment.run(checkNumber, x.type, toDb(x.amount, 'cur'), x.card, x.certNumber);
  if (plan.cardPayment) bookCardPayment(db, plan.cardPayment, { checkNumber }, moment.iso);
  for (const id of p.consultants) sql.insertConsultant.run(checkNumber, id);
  const doc = fiscalize(db, plan, checkNumber, user, moment);
  writeMoney(db, plan, checkNumber, user, moment, doc?.id);
  if (destination) recordBankDestination(db, plan.till, destination.destination);
  if (plan.ndoc !== '') {
    openSaleDoc(db, { ndoc: plan.ndoc, kasm: plan.till.kasm, card: plan.card?.card ?? '', user, moment, path: 'params.ndoc' });
    sql.closeDoc.run(checkNumber, moment.iso, plan.ndoc);
  }

  return {
    check_number: String(checkNumber),
    ndoc,
    total: fmt(plan.total),
    change: fmt(plan.payments.change),
    bonus_accrued: fmt(plan.bonusAccrued),
    bonus_spent: fmt(plan.payments.byType.bonus),
    debt_added: fmt(plan.payments.byType.debt),
    prro_doc_id: doc === undefined ? '' : String(doc.id),
    created_at: shownAt(moment.iso, ctx.timeZone),
    rounding: fmt(plan.payments.rounding),
    cash_paid: fmt(plan.payments.byType.nal),
    shift_id: plan.fiscal ? String(plan.fiscal.shift.id) : '',
    fiscal_mode: doc === undefined ? '' : doc.offline ? 'offline' : 'online',
    fiscal_number: doc?.fiscalNumber ?? '',
    offline_warning: plan.fiscal?.clock.warning ?? '',
  };
}

export const closeSaleHandler: Handler<typeof op.pos.checkoutCloseSale> = (p, ctx) => ({ rows: [closeSale(p, ctx)] });
