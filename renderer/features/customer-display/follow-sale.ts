/**
 * What the customer display is told as the sale in progress changes (sale-store.ts): the line
 * just scanned or changed (its quantity, or the price the back office answered), the sum so far
 * when a line goes, the greeting when the sale is cancelled or set aside. The close is told by the
 * close itself (sale-actions.ts), which knows what was paid; an emptied sale with a close report
 * is that close, not a cancel.
 */
import type { CustomerView } from '../../../shared/bridge/api.js';
import { toWire } from '../../money/money.js';
import { type SaleLine, saleTotal } from '../sale/sale-lines.js';
import type { CloseReport } from '../sale/sale-store.js';

export interface SaleSnapshot {
  readonly lines: readonly SaleLine[];
  readonly lastClose: CloseReport | null;
}

export const lineView = (l: SaleLine): CustomerView => ({
  kind: 'line',
  name: l.name,
  quantity: l.quantity,
  price: l.price,
  sum: l.sum,
});

const changed = (was: SaleLine | undefined, now: SaleLine) =>
  !was || was.quantity !== now.quantity || was.price !== now.price || was.sum !== now.sum;

export function viewOnChange(prev: SaleSnapshot, next: SaleSnapshot): CustomerView | undefined {
  if (next.lines === prev.lines) return undefined;
  if (next.lines.length === 0) return prev.lines.length > 0 && next.lastClose === null ? { kind: 'idle' } : undefined;
  const total: CustomerView = { kind: 'total', total: toWire(saleTotal(next.lines)) };
  // A parked sale recalled: what it comes to, not one of its lines.
  if (prev.lines.length === 0 && next.lines.length > 1) return total;
  const touched = next.lines.find((l) =>
    changed(
      prev.lines.find((p) => p.code === l.code),
      l,
    ),
  );
  if (touched) return lineView(touched);
  return next.lines.length < prev.lines.length ? total : undefined;
}
