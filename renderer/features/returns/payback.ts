/**
 * What a return pays back, worked out at the till before it is sent, with exact decimals and the
 * back office's own rule (server/back-office/sales/returns/plan.ts; shared/fiscal/choices.ts,
 * "returns"): each line at the receipt's prices (the last units pay back what is left of the
 * line); the money by the receipt's own forms in the order debt, bonus, certificate, card, cash,
 * each up to what it paid less earlier returns; the cash part rounded by the NBU rule, never to
 * more cash than the receipt took. It is a preview: the service's answer is what the cashier
 * pays out, and is shown after. Two things the till cannot see make it approximate, and only
 * then: earlier returns are estimated from their quantities (a line returned in several parts
 * may differ by a kopeck), and debt the customer has repaid since the sale comes back in cash.
 */
import { roundCash } from '../../money/cash-rounding.js';
import { Dec, dec, kopecks } from '../../money/money.js';

export const FORMS = ['debt', 'bonus', 'certificate', 'card', 'cash'] as const;
export type RefundForm = (typeof FORMS)[number];

/** A line of the receipt as pos.checkout_returnable gives it (decimal strings). */
export interface ReturnableLine {
  readonly line_no: string;
  readonly quantity: string;
  readonly returned: string;
  readonly returnable: string;
  readonly sum: string;
}

/** What the receipt was paid with, by form (cash: the rounded amount the drawer took). */
export type PaidForms = Readonly<Record<RefundForm, string>>;

export interface Payback {
  /** The goods' worth: what the return receipt totals before rounding. */
  readonly total: Dec;
  /** Paid back by form; cash is the rounded amount handed over. */
  readonly parts: Readonly<Record<RefundForm, Dec>>;
  /** The exact cash part less the rounded one (RNDSUM). */
  readonly rounding: Dec;
  /** Money actually handed back or credited: the parts summed. */
  readonly paidBack: Dec;
}

const ZERO = new Dec(0);
const sumOf = (xs: readonly Dec[]) => xs.reduce((a, b) => a.plus(b), ZERO);

/** What the earlier returns of a line paid back, as far as the till can tell. */
function earlierOfLine(l: ReturnableLine): Dec {
  const sold = dec(l.quantity);
  const returned = dec(l.returned);
  if (returned.isZero() || sold.isZero()) return ZERO;
  return returned.eq(sold) ? dec(l.sum) : kopecks(dec(l.sum).mul(returned).div(sold));
}

/** What returning `quantity` of a line pays back. */
export function lineRefund(l: ReturnableLine, quantity: Dec): Dec {
  const sold = dec(l.quantity);
  if (quantity.lte(0) || sold.isZero()) return ZERO;
  const left = sold.minus(dec(l.returned));
  return quantity.eq(left) ? dec(l.sum).minus(earlierOfLine(l)) : kopecks(dec(l.sum).mul(quantity).div(sold));
}

/** Fills the forms in order, each up to its capacity; what no form takes is left over. */
function fill(amount: Dec, capacity: Readonly<Record<RefundForm, Dec>>): Record<RefundForm, Dec> {
  let rest = amount;
  const out = {} as Record<RefundForm, Dec>;
  for (const f of FORMS) {
    const part = Dec.min(rest, Dec.max(ZERO, capacity[f]));
    out[f] = part;
    rest = rest.minus(part);
  }
  return out;
}

export function payback(a: {
  readonly lines: readonly ReturnableLine[];
  /** Quantity to return by line_no; lines not named return nothing. */
  readonly quantities: ReadonlyMap<string, Dec>;
  readonly paid: PaidForms;
  /** Today's cash step in kopecks (1: no rounding). */
  readonly stepKopecks: number;
}): Payback {
  const total = sumOf(a.lines.map((l) => lineRefund(l, a.quantities.get(l.line_no) ?? ZERO)));
  const paid = Object.fromEntries(FORMS.map((f) => [f, dec(a.paid[f] || '0')])) as Record<RefundForm, Dec>;
  // Earlier returns took their money in the same order, so what is left of each form is the same fill.
  const earlier = fill(sumOf(a.lines.map(earlierOfLine)), paid);
  const capacity = Object.fromEntries(FORMS.map((f) => [f, paid[f].minus(earlier[f])])) as Record<RefundForm, Dec>;
  const parts = fill(total, capacity);
  const cashExact = total.minus(sumOf(FORMS.filter((f) => f !== 'cash').map((f) => parts[f])));
  const cash = Dec.min(roundCash(cashExact, a.stepKopecks), Dec.max(ZERO, capacity.cash));
  parts.cash = cash;
  return { total, parts, rounding: cashExact.minus(cash), paidBack: sumOf(FORMS.map((f) => parts[f])) };
}

/** The forms a sale was paid with, from its journal row (pos.reports_checks_today). */
export function paidForms(r: {
  readonly cash_received: string;
  readonly change: string;
  readonly cashless: string;
  readonly debt: string;
  readonly bonus: string;
  readonly certificate: string;
}): PaidForms {
  return {
    debt: r.debt || '0',
    bonus: r.bonus || '0',
    certificate: r.certificate || '0',
    card: r.cashless || '0',
    // The drawer kept what was handed over less the change: the rounded cash part.
    cash: dec(r.cash_received || '0')
      .minus(dec(r.change || '0'))
      .toFixed(2),
  };
}
