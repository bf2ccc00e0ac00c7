/**
 * The payments of a close, checked against the receipt total: together they cover it exactly,
 * the cash part rounded by the NBU rule (sales/fiscal/rounding.ts). A client may send the cash
 * part exact or already rounded; either way the cash paid is the rounded amount and the receipt
 * records the difference (RNDSUM). Only cash can be handed over in excess (nal), and the change
 * comes from cash alone.
 */

import type { op, ParsedParamsOf } from '../../../../../shared/contract/index.js';
import { refuse } from '../../../../upstream/upstream.js';
import { type D, fmt } from '../../../decimal.js';
import { roundCash } from '../../kernel/fiscal/rounding.js';
import { kopecksOrZero, positiveKopecks, sum, ZERO } from '../../kernel/money.js';

type Params = ParsedParamsOf<typeof op.pos.checkoutCloseSale>;

export type PaymentType = Params['payments'][number]['type'];

export interface Payment {
  readonly type: PaymentType;
  readonly amount: D;
  readonly card: string;
  readonly certNumber: string;
}

export interface Payments {
  readonly items: readonly Payment[];
  readonly byType: Readonly<Record<PaymentType, D>>;
  /** Cash the buyer handed over, and the change given back from it. */
  readonly cashReceived: D;
  readonly change: D;
  /** RNDSUM: the exact cash part less the rounded cash paid (12.57 paid as 12.60: -0.03). */
  readonly rounding: D;
}

export function readPayments(p: Params, total: D, step: D): Payments {
  const given: Payment[] = p.payments.map((x, i) => ({
    type: x.type,
    amount: positiveKopecks(x.amount, `params.payments[${i}].amount`),
    card: x.card,
    certNumber: x.cert_number,
  }));
  const nonCash = given.filter((x) => x.type !== 'nal');
  const cashGiven = sum(given.filter((x) => x.type === 'nal').map((x) => x.amount));
  const cashExact = total.minus(sum(nonCash.map((x) => x.amount)));
  const cashRounded = roundCash(cashExact, step);
  if (cashExact.lt(0) || (cashGiven.gt(0) && !cashGiven.eq(cashExact) && !cashGiven.eq(cashRounded))) {
    const paid = sum(given.map((x) => x.amount));
    throw refuse('params.payments', paid.lt(total) ? 'sale.payments_short' : 'sale.payments_exceed', {
      paid: fmt(paid),
      total: fmt(total),
      cash: fmt(cashRounded.lt(0) ? ZERO : cashRounded),
    });
  }
  // A cash part that rounds to nothing (0.02 at a 0.10 step) needs no cash.
  if (cashGiven.isZero() && !cashRounded.isZero()) {
    throw refuse('params.payments', 'sale.payments_short', {
      paid: fmt(sum(given.map((x) => x.amount))),
      total: fmt(total),
      cash: fmt(cashRounded),
    });
  }
  // The cash items become one, in the place of the first, paying the rounded cash part.
  const cashItem = given.find((x) => x.type === 'nal');
  const items = given.flatMap((x) =>
    x.type !== 'nal' ? [x] : x === cashItem && cashRounded.gt(0) ? [{ ...x, amount: cashRounded }] : [],
  );
  const of = (type: PaymentType) => sum(items.filter((x) => x.type === type).map((x) => x.amount));
  const byType = { nal: of('nal'), bn: of('bn'), debt: of('debt'), bonus: of('bonus'), cert: of('cert') };
  const cash = byType.nal;
  const cashReceived = p.nal_equals_sum !== 0 || p.nal === undefined ? cash : kopecksOrZero(p.nal, 'params.nal');
  if (cashReceived.lt(cash)) {
    throw refuse('params.nal', 'sale.cash_short', { given: fmt(cashReceived), cash: fmt(cash) });
  }
  if (cash.isZero() && cashReceived.gt(ZERO)) {
    throw refuse('params.nal', 'sale.cash_without_cash_part');
  }
  return { items, byType, cashReceived, change: cashReceived.minus(cash), rounding: cashExact.minus(cash) };
}

/**
 * The one discount card of the receipt: named by payments, by mixed_card, or scanned into the
 * sale document. Two different cards on one receipt are refused.
 */
export function receiptCard(payments: Payments, mixedCard: string, docCard: string): string {
  const named = new Set([...payments.items.map((x) => x.card), mixedCard, docCard].filter((c) => c !== ''));
  if (named.size > 1) {
    throw refuse('params.payments', 'sale.two_cards', { cards: [...named].join(' and ') });
  }
  const [card = ''] = named;
  if (card === '' && (payments.byType.debt.gt(0) || payments.byType.bonus.gt(0))) {
    throw refuse('params.payments', 'sale.card_needed');
  }
  return card;
}
