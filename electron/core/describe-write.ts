/**
 * A queued write as a person reads it: an English line for logs (summary) and a label the
 * interface words in the cashier's language. The interface labels its own writes as it makes
 * them; this describes any write that came without one.
 */
import type { WriteLabel } from '../../shared/bridge/api.js';
import { operationOf } from '../../shared/contract/index.js';

export interface WriteDescription {
  readonly summary: string;
  readonly label: WriteLabel;
}

const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

export function describeWrite(method: string, params: Record<string, unknown>): WriteDescription {
  const p = params as Record<string, string | number | undefined | unknown[]>;
  switch (method) {
    case 'pos.checkout_close_sale': {
      const lines = Array.isArray(p.rows) ? p.rows.length : 0;
      const sale = p.ndoc ? `close sale ${p.ndoc}` : 'close sale';
      return {
        summary: `${sale}: ${lines} line${lines === 1 ? '' : 's'}${p.sum ? `, ${p.sum}` : ''}`,
        label: { key: 'saleClose', values: { count: String(lines), total: str(p.sum) } },
      };
    }
    case 'pos.checkout_apply_sale_line':
      return {
        summary: `sale ${p.ndoc}: line ${p.code} × ${p.quant ?? '1'}`,
        label: { key: 'saleLine', values: { name: str(p.code), quantity: str(p.quant ?? '1') } },
      };
    case 'pos.debt_pay_cash':
    case 'pos.debt_pay_bonus':
      return {
        summary: `debt payment, card ${p.card}${p.amount ? `: ${p.amount}` : ''}`,
        label: {
          key: method === 'pos.debt_pay_cash' ? 'debtCash' : 'debtBonus',
          values: { card: str(p.card), amount: str(p.amount) },
        },
      };
    case 'pos.excise_add_mark':
      return {
        summary: `excise stamp ${String(p.code).slice(0, 24)}`,
        label: { key: 'stamp', values: { stamp: String(p.code).slice(0, 64) } },
      };
    case 'pos.excise_clear_pending':
      return {
        summary: p.code ? `release excise stamp ${String(p.code).slice(0, 24)}` : 'release every pending excise stamp',
        label: p.code
          ? { key: 'stampRelease', values: { stamp: String(p.code).slice(0, 64) } }
          : { key: 'stampReleaseAll', values: {} },
      };
    default:
      return { summary: operationOf(method).replaceAll('_', ' '), label: { key: 'operation', values: { method } } };
  }
}
