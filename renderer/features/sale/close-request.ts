/**
 * What a close sends (pos.checkout_close_sale), and what stops a sale from being paid before
 * anything is sent. The back office checks the same again (server/back-office/sales/checkout/close):
 * each row's sum is quantity × price − discount, the payments cover the lines to the kopeck,
 * only cash is handed over in excess, and excise goods carry one stamp per unit.
 */

import type { op, ParamsOf } from '../../../shared/contract/index.js';
import { type Dec, toWire } from '../../money/money.js';
import { type SaleLine, saleTotal, stampsMissing } from './sale-lines.js';

export type TenderType = 'nal' | 'bn' | 'debt' | 'bonus' | 'cert';

export interface Tender {
  readonly type: TenderType;
  readonly amount: Dec;
  readonly certNumber?: string;
}

export type SaleProblem =
  | { readonly kind: 'empty' }
  | { readonly kind: 'nothingToPay' }
  | { readonly kind: 'pricing' }
  | { readonly kind: 'stamps'; readonly name: string; readonly missing: number }
  | { readonly kind: 'pieces'; readonly name: string }
  /** The cashier went back from the printer's question (receipt/printer-gate.ts): nothing was closed. */
  | { readonly kind: 'printer' };

/** Why the sale cannot be paid yet, the first thing to fix first. */
export function saleProblem(lines: readonly SaleLine[]): SaleProblem | undefined {
  if (lines.length === 0) return { kind: 'empty' };
  for (const l of lines) {
    if (l.excise && !/^\d+(\.0+)?$/.test(l.quantity)) return { kind: 'pieces', name: l.name };
    const missing = stampsMissing(l);
    if (missing > 0) return { kind: 'stamps', name: l.name, missing };
  }
  if (lines.some((l) => l.priceState === 'pending')) return { kind: 'pricing' };
  if (!saleTotal(lines).gt(0)) return { kind: 'nothingToPay' };
  return undefined;
}

export interface CloseInput {
  readonly ndoc: string;
  readonly kasm: number;
  readonly lines: readonly SaleLine[];
  /** The discount card of the sale, if one was scanned. */
  readonly card: string;
  readonly tenders: readonly Tender[];
  /** Cash handed over by the buyer (at least the cash part; the rest is change). */
  readonly cashGiven: Dec;
  readonly mixed: boolean;
}

export type CloseParams = ParamsOf<typeof op.pos.checkoutCloseSale>;

export function closeParams(c: CloseInput): CloseParams {
  const hasCash = c.tenders.some((t) => t.type === 'nal');
  return {
    ndoc: c.ndoc,
    kasm: c.kasm,
    sum: toWire(saleTotal(c.lines)),
    rows: c.lines.map((l) => ({
      code: l.code,
      quant: l.quantity,
      price: l.price,
      discount: l.discount,
      sum: l.sum,
      excise_marks: [...l.stamps],
    })),
    payments: c.tenders.map((t) => ({
      type: t.type,
      amount: toWire(t.amount),
      ...(t.type === 'debt' || t.type === 'bonus' ? { card: c.card } : {}),
      ...(t.type === 'cert' ? { cert_number: t.certNumber ?? '' } : {}),
    })),
    ...(hasCash ? { nal: toWire(c.cashGiven) } : {}),
    // The card goes with the close itself: a sale rung up offline never told the back office.
    ...(c.card === '' ? {} : { mixed_card: c.card }),
    ...(c.mixed ? { mixed: 1 } : {}),
  };
}

/** One line a person reads in the outbox monitor. */
export const closeSummary = (ndoc: string, lines: number, total: Dec): string =>
  `sale ${ndoc}: close, ${lines} line${lines === 1 ? '' : 's'}, ${toWire(total)}`;
