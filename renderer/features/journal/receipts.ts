/** How the journal reads a receipt row and the till's own sales in its outbox. */

import type { QueueItem, QueueState } from '../../../shared/bridge/api.js';
import type { ResultRowOf, WriteName } from '../../../shared/contract/index.js';
import { op } from '../../../shared/contract/op.js';
import { Dec } from '../../money/money.js';

export type ReceiptRow = ResultRowOf<typeof op.pos.reportsChecksToday>;
export type Tender = 'cash' | 'cashless' | 'debt' | 'bonus' | 'certificate';

/** The tenders a receipt was paid with, in the order a cashier names them; zero parts left out. */
export function tendersOf(r: ReceiptRow): { tender: Tender; amount: string }[] {
  const parts: [Tender, string][] = [
    ['cash', r.cash_received],
    ['cashless', r.cashless],
    ['debt', r.debt],
    ['bonus', r.bonus],
    ['certificate', r.certificate],
  ];
  return parts.filter(([, amount]) => !new Dec(amount || '0').isZero()).map(([tender, amount]) => ({ tender, amount }));
}

/** "07:13" from the service's shop-local date-time, with "21.11 " before it when the day matters. */
export function shownTime(dateTime: string, withDate: boolean): string {
  const m = /^\d{4}-(\d{2})-(\d{2})T(\d{2}:\d{2})/.exec(dateTime);
  if (!m) return dateTime;
  return withDate ? `${m[2]}.${m[1]} ${m[3]}` : (m[3] as string);
}

const CLOSE: WriteName = op.pos.checkoutCloseSale;
const WAITING: readonly QueueState[] = ['queued', 'sending', 'refused', 'reconcile'];

export type SaleInOutbox = QueueItem & { readonly closed: ResultRowOf<typeof op.pos.checkoutCloseSale> | undefined };

/**
 * This till's sales in its outbox: every one still waiting (or needing a person) first, then
 * those sent since `sinceIso`, newest first. A sent one carries the receipt the service made.
 */
export function outboxSales(items: readonly QueueItem[], sinceIso: string): SaleInOutbox[] {
  const since = Date.parse(sinceIso);
  const sales = items
    .filter((i) => i.method === CLOSE)
    .filter((i) => WAITING.includes(i.state) || Date.parse(i.createdAt) >= since)
    .map((i) => ({ ...i, closed: i.result?.rows[0] as SaleInOutbox['closed'] }));
  const waiting = (i: QueueItem) => (WAITING.includes(i.state) ? 0 : 1);
  return sales.sort((a, b) => waiting(a) - waiting(b) || b.id - a.id);
}
