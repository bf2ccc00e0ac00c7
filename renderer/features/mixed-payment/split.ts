/**
 * The arithmetic of a mixed payment, pure so it can be pinned by tests. The parts together pay
 * the receipt to the kopeck; only cash may be handed over in excess and the change comes from
 * cash alone (the back office refuses anything else: server/back-office/sales/checkout/close/payments.ts);
 * debt and bonus need the buyer's discount card, debt stays within the room the card's limit
 * leaves above its current debt and bonus within its balance. Where the till could not learn the
 * card's figures (offline, never looked up) neither is offered: the close would be refused later,
 * after the buyer has gone.
 */

import { roundCash } from '../../money/cash-rounding.js';
import { Dec, parseAmount } from '../../money/money.js';
import { roundingOf } from '../../money/rounding-shown.js';
import type { Tender } from '../sale/close-request.js';

export const PARTS = ['cash', 'cashless', 'debt', 'bonus', 'cert'] as const;
export type Part = (typeof PARTS)[number];

/** What the cashier typed in each field; an empty field is nothing. */
export type SplitTexts = Readonly<Record<Part, string>> & { readonly certNumber: string };

/** A discount card's figures as pos.find_code tells them. */
export interface CardLedger {
  readonly debt: Dec;
  readonly debtLimit: Dec;
  readonly bonusBalance: Dec;
}

/** What is known of the sale's discount card; no ledger where it could not be learnt. */
export interface CardFacts {
  readonly hasCard: boolean;
  readonly ledger?: CardLedger | undefined;
}

export type ProblemKind =
  | 'notAmount'
  | 'kopecks'
  | 'needsCard'
  | 'overBalance'
  | 'balanceUnknown'
  | 'overLimit'
  | 'limitUnknown'
  | 'needsCertNumber'
  | 'nonCashOver'
  | 'cashNotNeeded';

export interface Problem {
  readonly kind: ProblemKind;
  /** The field it is about; none for the split as a whole. */
  readonly field?: Part | 'certNumber';
  /** The amount the rule allows at most, where there is one. */
  readonly limit?: Dec;
}

export interface Split {
  readonly amounts: Readonly<Record<Part, Dec>>;
  readonly nonCash: Dec;
  /** Still to pay (never negative). */
  readonly remainder: Dec;
  /** What the non-cash parts pay beyond the total (never negative): to be taken off before paying. */
  readonly overpaid: Dec;
  /** What a non-cash field would still pay, to the kopeck (the remainder is in rounded cash). */
  readonly exactRemainder: Dec;
  /**
   * The cash part's rounding, with the till's one sign (money/rounding-shown.ts): the cash due
   * less the exact amount it pays, so total + rounding = toPay, as the receipt will print them.
   */
  readonly rounding: Dec;
  /** What the receipt comes to with that rounding: the remainder counts down from it. */
  readonly toPay: Dec;
  /** Cash handed back: the cash beyond what the receipt still needed. */
  readonly change: Dec;
  /** The cash that pays the receipt (cash handed over less the change). */
  readonly cashPart: Dec;
  readonly problems: readonly Problem[];
  /** Nothing to fix and the parts pay the total exactly: the sale may close. */
  readonly ready: boolean;
}

const ZERO = new Dec(0);

/** What the card may still take on credit: its limit less the debt it already has. */
export const debtRoom = (l: CardLedger): Dec => Dec.max(ZERO, l.debtLimit.minus(l.debt));

function amountOf(text: string, field: Part, problems: Problem[]): Dec {
  if (text.trim() === '') return ZERO;
  const d = parseAmount(text);
  if (d === undefined || d.isNegative()) {
    problems.push({ kind: 'notAmount', field });
    return ZERO;
  }
  if (d.decimalPlaces() > 2) {
    problems.push({ kind: 'kopecks', field });
    return ZERO;
  }
  return d;
}

function cardProblems(a: Readonly<Record<Part, Dec>>, card: CardFacts, problems: Problem[]): void {
  for (const field of ['debt', 'bonus'] as const) {
    if (a[field].gt(0) && !card.hasCard) problems.push({ kind: 'needsCard', field });
  }
  if (!card.hasCard) return;
  const { ledger } = card;
  if (a.bonus.gt(0)) {
    if (!ledger) problems.push({ kind: 'balanceUnknown', field: 'bonus' });
    else if (a.bonus.gt(ledger.bonusBalance)) problems.push({ kind: 'overBalance', field: 'bonus', limit: ledger.bonusBalance });
  }
  if (a.debt.gt(0)) {
    if (!ledger) problems.push({ kind: 'limitUnknown', field: 'debt' });
    else if (a.debt.gt(debtRoom(ledger))) problems.push({ kind: 'overLimit', field: 'debt', limit: debtRoom(ledger) });
  }
}

/**
 * `cashStep` is the cash-rounding step in kopecks (money/cash-rounding.ts): the cash part is
 * due rounded, as the back office takes it; 1 rounds nothing.
 */
export function computeSplit(total: Dec, typed: SplitTexts, card: CardFacts, cashStep = 1): Split {
  const problems: Problem[] = [];
  const amounts = Object.fromEntries(PARTS.map((p) => [p, amountOf(typed[p], p, problems)])) as Record<Part, Dec>;
  cardProblems(amounts, card, problems);
  if (amounts.cert.gt(0) && typed.certNumber.trim() === '') problems.push({ kind: 'needsCertNumber', field: 'certNumber' });

  const nonCash = amounts.cashless.plus(amounts.debt).plus(amounts.bonus).plus(amounts.cert);
  const exactInCash = Dec.max(ZERO, total.minus(nonCash));
  const dueInCash = roundCash(exactInCash, cashStep);
  if (nonCash.gt(total)) problems.push({ kind: 'nonCashOver', limit: total });
  else if (dueInCash.isZero() && amounts.cash.gt(0)) problems.push({ kind: 'cashNotNeeded', field: 'cash' });

  const cashPart = Dec.min(amounts.cash, dueInCash);
  const remainder = dueInCash.minus(cashPart);
  const change = amounts.cash.minus(cashPart);
  const ready = problems.length === 0 && total.gt(0) && remainder.isZero();
  const overpaid = Dec.max(ZERO, nonCash.minus(total));
  // What another form would still pay to the kopeck (only cash is rounded).
  const exactRemainder = Dec.max(ZERO, exactInCash.minus(amounts.cash));
  const rounding = roundingOf(dueInCash, exactInCash);
  const toPay = total.plus(rounding);
  return { amounts, nonCash, remainder, exactRemainder, rounding, toPay, overpaid, change, cashPart, problems, ready };
}

/** The payments of a ready split, for the close: each part that is there, cash at what it pays. */
export function tendersOf(split: Split, certNumber: string): Tender[] {
  const a = split.amounts;
  const tenders: Tender[] = [
    { type: 'nal', amount: split.cashPart },
    { type: 'bn', amount: a.cashless },
    { type: 'debt', amount: a.debt },
    { type: 'bonus', amount: a.bonus },
    { type: 'cert', amount: a.cert, certNumber: certNumber.trim() },
  ];
  return tenders.filter((t) => t.amount.gt(0));
}

/**
 * The amount that makes a field pay what is still due (the cashier's "the rest here"); bonus
 * and debt no further than the card allows, where that is known.
 */
export function fillRemainder(split: Split, field: Part, card: CardFacts): Dec {
  const wanted = split.amounts[field].plus(field === 'cash' ? split.remainder : split.exactRemainder);
  if (field === 'bonus' && card.ledger) return Dec.min(wanted, card.ledger.bonusBalance);
  if (field === 'debt' && card.ledger) return Dec.min(wanted, debtRoom(card.ledger));
  return wanted;
}
