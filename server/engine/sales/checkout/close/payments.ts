/**
 * The payments of a close, checked against the receipt total: together they cover it exactly.
 * Only cash can be handed over in excess (nal), and the change comes from cash alone.
 */
import type { ParsedParamsOf } from '../../../../../shared/contract/index.js';
import { BusinessRefusal } from '../../../../upstream/upstream.js';
import { type D, fmt } from '../../../decimal.js';
import { kopecksOrZero, positiveKopecks, sum, ZERO } from '../../common/money.js';
import type { PaymentType } from '../../prro/receipt-xml.js';

type Params = ParsedParamsOf<'pos.checkout_close_sale'>;

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
}

export function readPayments(p: Params, total: D): Payments {
  const items: Payment[] = p.payments.map((x, i) => ({
    type: x.type,
    amount: positiveKopecks(x.amount, `params.payments[${i}].amount`),
    card: x.card,
    certNumber: x.cert_number,
  }));
  const of = (type: PaymentType) => sum(items.filter((x) => x.type === type).map((x) => x.amount));
  const byType = { nal: of('nal'), bn: of('bn'), debt: of('debt'), bonus: of('bonus'), cert: of('cert') };
  const paid = sum(items.map((x) => x.amount));
  if (paid.lt(total)) throw new BusinessRefusal('params.payments', `payments ${fmt(paid)} do not cover the total ${fmt(total)}`);
  if (paid.gt(total)) {
    throw new BusinessRefusal(
      'params.payments',
      `payments ${fmt(paid)} exceed the total ${fmt(total)}; change is given only from cash: send the cash handed over as nal`,
    );
  }
  const cash = byType.nal;
  const cashReceived = p.nal_equals_sum !== 0 || p.nal === undefined ? cash : kopecksOrZero(p.nal, 'params.nal');
  if (cashReceived.lt(cash)) {
    throw new BusinessRefusal('params.nal', `cash handed over ${fmt(cashReceived)} is less than the cash part ${fmt(cash)}`);
  }
  if (cash.isZero() && cashReceived.gt(ZERO)) {
    throw new BusinessRefusal(
      'params.nal',
      'cash handed over, but no part of the receipt is paid in cash: change is given only from cash',
    );
  }
  return { items, byType, cashReceived, change: cashReceived.minus(cash) };
}

/**
 * The one discount card of the receipt: named by payments, by mixed_card, or scanned into the
 * sale document. Two different cards on one receipt are refused.
 */
export function receiptCard(payments: Payments, mixedCard: string, docCard: string): string {
  const named = new Set([...payments.items.map((x) => x.card), mixedCard, docCard].filter((c) => c !== ''));
  if (named.size > 1) {
    throw new BusinessRefusal(
      'params.payments',
      `payments name cards ${[...named].join(' and ')}; a receipt has one discount card`,
    );
  }
  const [card = ''] = named;
  if (card === '' && (payments.byType.debt.gt(0) || payments.byType.bonus.gt(0))) {
    throw new BusinessRefusal('params.payments', "debt and bonus payments need the buyer's discount card");
  }
  return card;
}
