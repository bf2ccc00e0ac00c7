/** What a repayment answered, in one shape for both tenders: the summary row, then the receipts it settled. */

import type { WriteOutcome } from '../../../shared/bridge/api.js';
import { op } from '../../../shared/contract/op.js';
import { BridgeError } from '../../bridge/index.js';
import { parseVariableRows } from './variable-rows.js';

export type Tender = 'cash' | 'bonus';

export interface PaidDebt {
  readonly tender: Tender;
  readonly card: string;
  readonly paid: string;
  /** The cash box balance (cash) or the card's bonus balance (bonus) after the payment. */
  readonly balance: string;
  readonly remainingDebt: string;
  /** Cash only: what the drawer took, rounded, and what the rounding added to the debt paid. */
  readonly cash?: { readonly paid: string; readonly rounding: string };
  /** Each receipt repaid; a cash repayment at a till with a PRRO has its repayment receipt (prroDocId, else ''). */
  readonly documents: readonly { readonly documentNumber: string; readonly paid: string; readonly prroDocId: string }[];
}

export type PaymentAnswer =
  | { readonly kind: 'done'; readonly result: PaidDebt }
  | { readonly kind: 'queued' }
  | { readonly kind: 'problem'; readonly error: unknown; readonly reconcile: boolean };

export function paidDebt(tender: Tender, card: string, rows: readonly unknown[]): PaidDebt {
  if (tender === 'cash') {
    const { first, rest } = parseVariableRows(op.pos.debtPayCash, rows);
    return {
      tender,
      card,
      paid: first.paid,
      balance: first.cash_balance,
      remainingDebt: first.remaining_debt,
      cash: { paid: first.cash_paid, rounding: first.rounding },
      documents: rest.map((d) => ({ documentNumber: d.document_number, paid: d.paid, prroDocId: d.prro_doc_id })),
    };
  }
  const { first, rest } = parseVariableRows(op.pos.debtPayBonus, rows);
  return {
    tender,
    card,
    paid: first.paid,
    balance: first.bonus_balance,
    remainingDebt: first.remaining_debt,
    documents: rest.map((d) => ({ documentNumber: d.document_number, paid: d.paid, prroDocId: '' })),
  };
}

/** The outbox's answer as the screen shows it; rows outside the contract are a problem, not a crash. */
export function answerOf(tender: Tender, card: string, outcome: WriteOutcome): PaymentAnswer {
  switch (outcome.status) {
    case 'done':
      try {
        return { kind: 'done', result: paidDebt(tender, card, outcome.result.rows) };
      } catch (error) {
        return { kind: 'problem', error, reconcile: false };
      }
    case 'queued':
      return { kind: 'queued' };
    case 'refused':
      return { kind: 'problem', error: BridgeError.from(outcome.error), reconcile: false };
    case 'reconcile':
      return { kind: 'problem', error: BridgeError.from(outcome.error), reconcile: true };
  }
}
