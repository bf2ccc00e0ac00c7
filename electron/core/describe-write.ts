/** One line a person reads in the outbox monitor for a queued write. */
import { operationOf } from '../../shared/contract/index.js';

export function describeWrite(method: string, params: Record<string, unknown>): string {
  const p = params as Record<string, string | number | undefined | unknown[]>;
  switch (method) {
    case 'pos.checkout_close_sale': {
      const lines = Array.isArray(p.rows) ? p.rows.length : 0;
      const sale = p.ndoc ? `close sale ${p.ndoc}` : 'close sale';
      return `${sale}: ${lines} line${lines === 1 ? '' : 's'}${p.sum ? `, ${p.sum}` : ''}`;
    }
    case 'pos.checkout_apply_sale_line':
      return `sale ${p.ndoc}: line ${p.code} × ${p.quant ?? '1'}`;
    case 'pos.debt_pay_cash':
    case 'pos.debt_pay_bonus':
      return `debt payment, card ${p.card}${p.amount ? `: ${p.amount}` : ''}`;
    case 'pos.excise_add_mark':
      return `excise stamp ${String(p.code).slice(0, 24)}`;
    default:
      return operationOf(method).replaceAll('_', ' ');
  }
}
