/**
 * pos.checkout_return: one transaction takes the goods back into the batches they came from,
 * releases the excise stamps of the units returned, pays the money back by the receipt's forms
 * (cash out of the returning till's drawer, rounded; debt taken off the card; bonus spent given
 * back and bonus earned on the goods taken back; a certificate's part as a new certificate), and
 * issues the return receipt in the till's shift, naming the original receipt's fiscal number.
 */

import type { op, ParsedParamsOf } from '../../../../shared/contract/index.js';
import { refuse } from '../../../upstream/upstream.js';
import { D, dec, fmt, fromDb, toDb, toKopecks } from '../../decimal.js';
import type { BackOfficeContext } from '../../handlers.js';
import { bookCardPayment, type CardPayment, paySysRow, readCardPayment } from '../card-payments/card-payments.js';
import { BONUS_COMMENT, moveBonus } from '../cards/bonus-ledger.js';
import { findCard } from '../cards/cards.js';
import { issueCertificate } from '../certificates/certificates.js';
import { moveCash } from '../kernel/cash/ledger.js';
import { findTill } from '../kernel/cash/tills.js';
import { type CheckMoney, checkContent } from '../kernel/fiscal/check-content.js';
import { roundingStepOn } from '../kernel/fiscal/rounding.js';
import { fiscalSql } from '../kernel/fiscal/statements.js';
import { lettersFor, taxTable } from '../kernel/fiscal/tax.js';
import { type Moment, momentOf } from '../kernel/moment.js';
import { ZERO } from '../kernel/money.js';
import { returnManagerLimit, spendConfirmation } from '../kernel/people/confirmations.js';
import { type IssuedDocument, issueDocument } from '../kernel/register/chain.js';
import { returnSql } from '../kernel/returns/statements.js';
import { type FiscalWork, fiscalWork } from '../kernel/shifts/guard.js';
import { planReturn, type ReturnLine, type ReturnPlan } from './plan.js';

type Params = ParsedParamsOf<typeof op.pos.checkoutReturn>;

/** Goods back into the batches the line took them from, newest batch first. */
function restock(ctx: BackOfficeContext, l: ReturnLine, returnId: number): D {
  const sql = returnSql(ctx.db);
  let rest = toDb(l.quantity, 'unit');
  let cost = ZERO;
  for (const b of sql.lineBatches.all(l.line.id)) {
    if (rest === 0) break;
    const q = Math.min(rest, b.quantity - b.returned);
    if (q <= 0) continue;
    const unitCost = fromDb(b.cost, 'cur').div(fromDb(b.quantity, 'unit'));
    const back = unitCost.mul(fromDb(q, 'unit'));
    sql.markBatchReturned.run(q, l.line.id, b.batch_id);
    sql.batchBack.run(q, b.batch_id);
    sql.moveBack.run(b.batch_id, q, toDb(back, 'cur'), `return:${returnId}`);
    sql.stockBack.run(b.code, b.sk, q);
    cost = cost.plus(back);
    rest -= q;
  }
  return toKopecks(cost);
}

function fiscalDocument(
  ctx: BackOfficeContext,
  work: FiscalWork,
  plan: ReturnPlan,
  returnId: number,
  moment: Moment,
  card: CardPayment | undefined,
): IssuedDocument {
  const tax = taxTable(ctx.db, work.seller.vatPayer);
  const money: CheckMoney[] = (['nal', 'bn', 'cert', 'bonus'] as const).flatMap((form) => {
    const amount = plan.refunds.get(form);
    return amount ? [{ form, amount }] : [];
  });
  const content = checkContent({
    subtype: '1',
    retNum: plan.receipt.fiscal_number ?? '',
    lines: plan.lines.map((l, i) => ({
      code: l.line.code,
      name: l.line.name,
      unit: l.line.unit_type,
      uktzed: l.line.uktzed,
      quantity: l.quantity,
      price: l.price,
      discount: l.discount,
      sum: l.sum,
      letters: lettersFor(
        tax,
        l.line.code,
        fiscalSql(ctx.db).goodsLetters.get(l.line.code)?.tax_letters ?? '',
        `params.rows[${i}]`,
      ),
      marks: l.stamps.map((s) => s.mark),
    })),
    money,
    ...(plan.refunds.get('nal') ? { provided: plan.refunds.get('nal') as D } : {}),
    rounding: plan.rounding,
    ...(plan.refunds.get('debt') ? { partial: { type: 1 as const } } : {}),
    tax,
    ...(card ? { cardPaySys: paySysRow(card) } : {}),
  });
  return issueDocument(ctx.db, {
    till: work.till,
    seller: work.seller,
    cashier: work.cashier,
    user: ctx.user,
    moment,
    docType: 'return',
    content,
    shiftId: work.shift.id,
    ref: `return:${returnId}`,
  });
}

function cardBack(ctx: BackOfficeContext, plan: ReturnPlan, moment: Moment): void {
  const { receipt } = plan;
  if (receipt.card === '') return;
  const sql = returnSql(ctx.db);
  const debt = plan.refunds.get('debt') ?? ZERO;
  if (debt.gt(0)) {
    const row = sql.debtOfReceipt.get(receipt.check_number);
    if (row) {
      const cut = toDb(debt, 'cur');
      if (row.amount === cut) sql.deleteDebt.run(row.id);
      else sql.reduceDebt.run(cut, row.id);
    }
  }
  sql.cardBack.run(toDb(debt, 'cur'), toDb(plan.total, 'cur'), receipt.card);
  const path = 'params.check_number';
  const spent = plan.refunds.get('bonus');
  if (spent)
    moveBonus(ctx.db, {
      card: receipt.card,
      amount: spent,
      comment: BONUS_COMMENT.returned,
      checkNumber: receipt.check_number,
      user: ctx.user,
      moment,
      path,
    });
  // The bonus the returned goods earned goes too, as far as the balance still holds it.
  const earned = toKopecks(fromDb(receipt.bonus_accrued, 'cur').mul(plan.total).div(fromDb(receipt.total, 'cur')));
  const takeBack = D.min(earned, findCard(ctx.db, receipt.card, path).bonus);
  if (takeBack.gt(0)) {
    moveBonus(ctx.db, {
      card: receipt.card,
      amount: takeBack.neg(),
      comment: BONUS_COMMENT.returnedAccrual,
      checkNumber: receipt.check_number,
      user: ctx.user,
      moment,
      path,
    });
  }
}

/** A return above the shop's limit is a manager's to allow: their confirmation is used by it. */
function confirmLargeReturn(ctx: BackOfficeContext, p: Params, total: D, returnId: number, moment: Moment): void {
  const limit = dec(returnManagerLimit(ctx.db));
  if (total.lte(limit)) return;
  if (p.confirmation === 0) {
    throw refuse('params.confirmation', 'confirmation.return_over_limit', { total: fmt(total), limit: fmt(limit) });
  }
  spendConfirmation(ctx.db, {
    id: p.confirmation,
    action: 'return',
    kasm: p.kasm,
    usedBy: `return:${returnId}`,
    moment,
    path: 'params.confirmation',
  });
}

export function performReturn(ctx: BackOfficeContext, p: Params) {
  const { db } = ctx;
  const moment = momentOf(ctx);
  const till = findTill(db, p.kasm, 'params.kasm');
  const work = fiscalWork(db, till.kasm, moment, 'params.kasm', ctx.cashier);
  const plan = planReturn(db, p, roundingStepOn(db, moment.date));
  if (work && plan.receipt.prro_doc_id === null) {
    throw refuse('params.check_number', 'return.original_not_fiscal', { check_number: p.check_number });
  }
  if (work && (plan.receipt.fiscal_number ?? '') === '') {
    throw refuse('params.check_number', 'return.original_not_fiscalized', { check_number: p.check_number });
  }
  const card = readCardPayment(db, p.card_payment, plan.refunds.get('bn') ?? ZERO, 'return');
  const sql = returnSql(db);
  const returnId = Number(
    sql.insertReturn.run({
      check_number: p.check_number,
      kasm: till.kasm,
      shift_id: work?.shift.id ?? null,
      user: ctx.user,
      created_at: moment.iso,
      return_date: moment.date,
      total: toDb(plan.total, 'cur'),
      rounding: toDb(plan.rounding, 'cur'),
      comment: p.comment,
    }).lastInsertRowid,
  );
  confirmLargeReturn(ctx, p, plan.total, returnId, moment);
  for (const l of plan.lines) {
    const cost = restock(ctx, l, returnId);
    sql.insertLine.run(
      returnId,
      l.line.id,
      toDb(l.quantity, 'unit'),
      toDb(l.discount, 'cur'),
      toDb(l.sum, 'cur'),
      toDb(cost, 'cur'),
    );
    for (const s of l.stamps) sql.releaseStamp.run(returnId, s.id);
  }
  for (const [form, amount] of plan.refunds) sql.insertPayment.run(returnId, form, toDb(amount, 'cur'));
  if (card) bookCardPayment(db, card, { returnId }, moment.iso);
  const doc = work ? fiscalDocument(ctx, work, plan, returnId, moment, card) : undefined;
  const cash = plan.refunds.get('nal');
  if (cash) {
    moveCash(db, {
      akas: till.akas,
      amount: cash.neg(),
      tdoc: 'Повернення',
      paymentName: `Повернення за чеком №${p.check_number}`,
      ref: `return:${returnId}`,
      user: ctx.user,
      moment,
      path: 'params.kasm',
      ...(doc ? { docId: doc.id } : {}),
    });
  }
  cardBack(ctx, plan, moment);
  const cert = plan.refunds.get('cert');
  const certificate = cert ? `R${p.check_number}-${returnId}` : '';
  if (cert)
    issueCertificate(db, {
      number: certificate,
      amount: cert,
      comment: `повернення за чеком №${p.check_number}`,
      user: ctx.user,
      moment,
    });
  sql.finishReturn.run(doc?.id ?? null, certificate, returnId);
  const of = (f: 'nal' | 'bn' | 'cert' | 'bonus' | 'debt') => fmt(plan.refunds.get(f) ?? ZERO);
  return {
    return_id: String(returnId),
    check_number: String(p.check_number),
    total: fmt(plan.total),
    cash: of('nal'),
    card: of('bn'),
    certificate: of('cert'),
    bonus: of('bonus'),
    debt_reversed: of('debt'),
    rounding: fmt(plan.rounding),
    certificate_number: certificate,
    prro_doc_id: doc ? String(doc.id) : '',
    fiscal_number: doc?.fiscalNumber ?? '',
    fiscal_mode: doc === undefined ? '' : doc.offline ? 'offline' : 'online',
  };
}
