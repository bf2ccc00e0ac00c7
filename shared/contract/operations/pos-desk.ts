/**
 * The desk's rules for the steps of a sale and the writes a cashier queues (see DeskRules in
 * ../dsl/operation.ts): which params leave a write free of order, and how a queued write that came
 * without a label is described. Why these params are safe to send beside other sales is told in
 * electron/core/outbox/dependencies.ts, which applies them.
 */
import type { FreeOfOrder, WriteDescription } from '../dsl/operation.js';

type Params = Readonly<Record<string, unknown>>;

const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

/** A line of one plain sale: a card, bonus, debt, certificate or stamp is not among the params. */
export const APPLY_LINE_FREE: FreeOfOrder = {
  params: [
    'code',
    'ndoc',
    'quant',
    'storage',
    'sk',
    'fil',
    'kasm',
    'irestr',
    'is_nakl',
    'bonus_kf',
    'current_discount',
    'disc_percent',
    'disc_price',
    'disc_sprice',
    'pref_disc',
    'ei',
  ],
};

export const MIXED_PAYMENT_FREE: FreeOfOrder = { params: ['bn', 'nal', 'com1', 'ndoc'] };

/** The close of a plain sale: paid in cash or by bank card only, its rows without stamps. */
export const CLOSE_SALE_FREE: FreeOfOrder = {
  params: [
    'payments',
    'rows',
    'consultants',
    'storage',
    'bonus_kf',
    'mixed',
    'mixed_bn',
    'mixed_nal',
    'nal',
    'round',
    'sum',
    'discount',
    'current_discount',
    'com1',
    'com2',
    'kas_type',
    'mixed_com1',
    'pref_disc',
    'fil',
    'idfrow',
    'irestr',
    'is_nakl',
    'isetax',
    'kasm',
    'nal_equals_sum',
    'sk',
    'ndoc',
    'card_payment',
  ],
  lists: {
    payments: { members: ['type', 'amount'], values: { type: ['nal', 'bn'] } },
    rows: { members: ['code', 'quant', 'price', 'discount', 'sum'] },
  },
};

export function describeCloseSale(p: Params): WriteDescription {
  const lines = Array.isArray(p.rows) ? p.rows.length : 0;
  const sale = p.ndoc ? `close sale ${String(p.ndoc)}` : 'close sale';
  return {
    summary: `${sale}: ${lines} line${lines === 1 ? '' : 's'}${p.sum ? `, ${String(p.sum)}` : ''}`,
    label: { key: 'saleClose', values: { count: String(lines), total: str(p.sum) } },
  };
}

export function describeApplyLine(p: Params): WriteDescription {
  return {
    summary: `sale ${String(p.ndoc)}: line ${String(p.code)} × ${String(p.quant ?? '1')}`,
    label: { key: 'saleLine', values: { name: str(p.code), quantity: str(p.quant ?? '1') } },
  };
}

/** A payment of a customer's debt, in cash (`debtCash`) or from the card's bonus (`debtBonus`). */
export const describeDebtPayment =
  (key: 'debtCash' | 'debtBonus') =>
  (p: Params): WriteDescription => ({
    summary: `debt payment, card ${String(p.card)}${p.amount ? `: ${String(p.amount)}` : ''}`,
    label: { key, values: { card: str(p.card), amount: str(p.amount) } },
  });

export function describeAddStamp(p: Params): WriteDescription {
  return {
    summary: `excise stamp ${String(p.code).slice(0, 24)}`,
    label: { key: 'stamp', values: { stamp: String(p.code).slice(0, 64) } },
  };
}

export function describeReleaseStamps(p: Params): WriteDescription {
  return {
    summary: p.code ? `release excise stamp ${String(p.code).slice(0, 24)}` : 'release every pending excise stamp',
    label: p.code
      ? { key: 'stampRelease', values: { stamp: String(p.code).slice(0, 64) } }
      : { key: 'stampReleaseAll', values: {} },
  };
}
