/**
 * The writes of a close, once its plan passed every check: receipt lines with their FIFO cost,
 * the batches they came from (a return puts goods back there) and excise stamps; money to the
 * cash box (on the receipt's fiscal document), the card's ledgers and the certificate register.
 */
import type { Db } from '../../../../../shared-node/sql/db.js';
import { type FifoTake, takeFifoMany } from '../../../catalog/index.js';
import { type D, toDb } from '../../../decimal.js';
import { BONUS_COMMENT, moveBonus } from '../../cards/bonus-ledger.js';
import { recordPurchase } from '../../cards/cards.js';
import { openDebt } from '../../cards/debt-ledger.js';
import { redeem } from '../../certificates/certificates.js';
import { bindStamps } from '../../excise/stamps.js';
import { moveCash } from '../../kernel/cash/ledger.js';
import type { Moment } from '../../kernel/moment.js';
import { ZERO } from '../../kernel/money.js';
import { recordLineBatches } from './line-batches.js';
import type { Plan } from './plan.js';
import { insertReceiptLines } from './receipt-lines.js';

export function writeLines(db: Db, plan: Plan, checkNumber: number, user: string, moment: Moment): void {
  // A closed sale is never refused for stock: a shortage is recorded instead (catalog/stock/fifo.ts).
  const takes = takeFifoMany(
    db,
    { sk: plan.sk, shortage: 'record', ref: `check:${checkNumber}`, at: moment.iso, on: moment.date },
    plan.lines.map((l) => ({ code: l.goods.code, quantity: l.quantity })),
  );
  const ids = insertReceiptLines(
    db,
    plan.lines.map((l, i) => ({
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
      cost: toDb((takes[i] as FifoTake).cost, 'cur'),
    })),
  );
  // insertReceiptLines answers each line's id by its line_no, i + 1 above.
  const lineId = (i: number) => ids.get(i + 1) as number;
  recordLineBatches(
    db,
    takes.map((take, i) => ({ lineId: lineId(i), batches: take.batches })),
  );
  plan.lines.forEach((l, i) => {
    const line = { id: lineId(i), code: l.goods.code };
    bindStamps(db, plan.stamps[i] ?? [], line, { kasm: plan.till.kasm, checkNumber, user, moment });
  });
}

export function writeMoney(
  db: Db,
  plan: Plan,
  checkNumber: number,
  user: string,
  moment: Moment,
  docId: number | undefined,
): void {
  const { byType } = plan.payments;
  const redeemed = new Map<string, D>();
  for (const x of plan.payments.items) {
    if (x.type === 'cert') redeemed.set(x.certNumber.trim(), (redeemed.get(x.certNumber.trim()) ?? ZERO).plus(x.amount));
  }
  for (const [number, amount] of redeemed) redeem(db, { number, amount, path: 'params.payments' }, checkNumber, moment);

  if (byType.nal.gt(0)) {
    moveCash(db, {
      ...(docId === undefined ? {} : { docId }),
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
