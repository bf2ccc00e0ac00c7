/**
 * The writes of a close, once its plan passed every check: receipt lines with their FIFO cost and
 * excise stamps, money to the cash box and the card's ledgers, and the fiscal document.
 */
import type { Db } from '../../../../db/open.js';
import { takeFifo } from '../../../catalog/index.js';
import { fmt, toDb } from '../../../decimal.js';
import { BONUS_COMMENT, moveBonus } from '../../cards/bonus-ledger.js';
import { recordPurchase } from '../../cards/cards.js';
import { openDebt } from '../../cards/debt-ledger.js';
import { moveCash } from '../../cash/ledger.js';
import type { Moment } from '../../common/moment.js';
import { bindStamps } from '../../excise/stamps.js';
import { enqueueDocument } from '../../prro/chain.js';
import { receiptXml } from '../../prro/receipt-xml.js';
import { checkoutSql } from '../statements.js';
import type { Plan } from './plan.js';

export function writeLines(db: Db, plan: Plan, checkNumber: number, user: string, moment: Moment): void {
  const sql = checkoutSql(db);
  const allowNegative = sql.setting.get('allow_negative_stock') === '1';
  plan.lines.forEach((l, i) => {
    const { cost } = takeFifo(db, {
      code: l.goods.code,
      sk: plan.sk,
      quantity: l.quantity,
      allowNegative,
      ref: `check:${checkNumber}`,
    });
    const info = sql.insertReceiptLine.run({
      check_number: checkNumber,
      line_no: i + 1,
      code: l.goods.code,
      name: l.goods.name,
      unit_type: l.goods.unit_type,
      c2: l.goods.c2,
      category_id: l.goods.category_id,
      uktzed: l.goods.uktzed,
      excise_input: l.goods.excise_input,
      quantity: toDb(l.quantity, 'unit'),
      price: toDb(l.price, 'cur'),
      discount: toDb(l.discount, 'cur'),
      sum: toDb(l.sum, 'cur'),
      cost: toDb(cost, 'cur'),
    });
    const line = { id: Number(info.lastInsertRowid), code: l.goods.code };
    bindStamps(db, plan.stamps[i] ?? [], line, { kasm: plan.till.kasm, checkNumber, user, moment });
  });
}

export function writeMoney(db: Db, plan: Plan, checkNumber: number, user: string, moment: Moment): void {
  const { byType } = plan.payments;
  if (byType.nal.gt(0)) {
    moveCash(db, {
      akas: plan.till.akas,
      amount: byType.nal,
      tdoc: 'Продаж',
      paymentName: `Чек №${checkNumber}`,
      ref: `check:${checkNumber}`,
      user,
      moment,
      path: 'params.kasm',
    });
  }
  const card = plan.card;
  if (!card) return;
  const path = 'params.payments';
  if (byType.debt.gt(0)) {
    openDebt(db, { card, checkNumber, receiptTotal: plan.total, amount: byType.debt, user, moment, path });
  }
  if (byType.bonus.gt(0)) {
    moveBonus(db, { card: card.card, amount: byType.bonus.neg(), comment: BONUS_COMMENT.spent, checkNumber, user, moment, path });
  }
  if (plan.bonusAccrued.gt(0)) {
    moveBonus(db, {
      card: card.card,
      amount: plan.bonusAccrued,
      comment: BONUS_COMMENT.accrued,
      checkNumber,
      user,
      moment,
      path,
    });
  }
  recordPurchase(db, card.card, plan.total);
}

/** Queues the receipt's fiscal document for the till's PRRO; a till without one prints no fiscal receipt. */
export function fiscalize(db: Db, plan: Plan, checkNumber: number, user: string, moment: Moment): number | undefined {
  if (plan.till.numprro === '') return undefined;
  const body = receiptXml({
    numprro: plan.till.numprro,
    kasm: plan.till.kasm,
    checkNumber,
    cashier: user,
    moment,
    total: plan.total,
    discount: plan.discount,
    lines: plan.lines.map((l, i) => ({
      code: l.goods.code,
      name: l.goods.name,
      unitType: l.goods.unit_type,
      uktzed: l.goods.uktzed,
      quantity: l.quantity,
      price: l.price,
      discount: l.discount,
      sum: l.sum,
      exciseMarks: (plan.stamps[i] ?? []).map((s) => s.mark),
    })),
    payments: plan.payments.items,
    cashReceived: plan.payments.cashReceived,
    change: plan.payments.change,
  });
  const id = enqueueDocument(db, {
    kasm: plan.till.kasm,
    numprro: plan.till.numprro,
    docType: 'receipt',
    body,
    sum: fmt(plan.total),
    checkNumber,
    user,
    moment,
  });
  checkoutSql(db).setFiscalDoc.run(id, checkNumber);
  return id;
}
