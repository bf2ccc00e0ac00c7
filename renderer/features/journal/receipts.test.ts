import { describe, expect, it } from 'vitest';
import type { QueueItem, QueueState } from '../../../shared/bridge/api.js';
import { sampleQueueItem } from '../../../shared/bridge/queue-item.testing.js';
import type { WriteName } from '../../../shared/contract/index.js';
import { outboxSales, type ReceiptRow, shownTime, tendersOf } from './receipts.js';

const receipt = (over: Partial<ReceiptRow>): ReceiptRow => ({
  check_number: '161',
  total: '674.42',
  cash_received: '0.00',
  cashless: '0.00',
  debt: '0.00',
  bonus: '0.00',
  certificate: '0.00',
  change: '0.00',
  card: '',
  kasm: '1',
  ndoc: '1-000161',
  created_at: '2026-11-21T07:06:27+02:00',
  fiscal_number: '',
  ...over,
});

describe('a receipt in the journal', () => {
  it('names only the tenders it was paid with, in order', () => {
    expect(tendersOf(receipt({ cash_received: '680.00', change: '5.58' }))).toEqual([{ tender: 'cash', amount: '680.00' }]);
    expect(tendersOf(receipt({ debt: '300.00', bonus: '24.42', cashless: '350.00' }))).toEqual([
      { tender: 'cashless', amount: '350.00' },
      { tender: 'debt', amount: '300.00' },
      { tender: 'bonus', amount: '24.42' },
    ]);
  });

  it('shows the time the service gives, in the shop, with the day when a range is shown', () => {
    expect(shownTime('2026-11-21T07:06:27+02:00', false)).toBe('07:06');
    expect(shownTime('2026-11-21T07:06:27+02:00', true)).toBe('21.11 07:06');
    expect(shownTime('yesterday', true)).toBe('yesterday');
  });
});

let nextId = 0;
function item(method: WriteName, state: QueueState, createdAt: string, rows: unknown[] = []): QueueItem {
  nextId += 1;
  return sampleQueueItem({
    id: nextId,
    method,
    group: `sale-${nextId}`,
    state,
    attempts: 1,
    result:
      state === 'done'
        ? { upstream: { name: 'b', version: '1', resource: 'pos' }, status: { code: 'OK', operation: 'x' }, rows }
        : null,
    idempotencyKey: `k${nextId}`,
    createdAt,
    updatedAt: createdAt,
    summary: `close sale ${nextId}`,
  });
}

describe('the sales of this till in its outbox', () => {
  it('put every waiting sale first, then today’s sent ones with their receipt, newest first', () => {
    const old = item('pos.checkout_close_sale', 'done', '2026-11-20T10:00:00Z');
    const oldWaiting = item('pos.checkout_close_sale', 'queued', '2026-11-20T11:00:00Z');
    const sent = item('pos.checkout_close_sale', 'done', '2026-11-21T08:00:00Z', [{ check_number: '163', total: '10.00' }]);
    const line = item('pos.checkout_apply_sale_line', 'done', '2026-11-21T08:01:00Z');
    const refused = item('pos.checkout_close_sale', 'refused', '2026-11-21T08:02:00Z');
    const sales = outboxSales([old, oldWaiting, sent, line, refused], '2026-11-21T00:00:00Z');
    expect(sales.map((s) => s.id)).toEqual([refused.id, oldWaiting.id, sent.id]);
    expect(sales[2]?.closed?.check_number).toBe('163');
    expect(sales[0]?.closed).toBeUndefined();
  });
});
