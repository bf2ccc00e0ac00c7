/**
 * Test support: a queue item as the bridge gives it, waiting to be sent, with every field the
 * interface declares, so a field QueueItem gains is added here once rather than in each fixture.
 * In shared/ because both the renderer's tests and the transports' fake bridge use it.
 */
import type { QueueItem } from './api.js';

export const sampleQueueItem = (extra: Partial<QueueItem> = {}): QueueItem => ({
  id: 1,
  method: 'pos.checkout_close_sale',
  group: 'sale-1',
  state: 'queued',
  attempts: 0,
  nextAttemptAt: null,
  waitingFor: null,
  lastError: null,
  result: null,
  idempotencyKey: 'key-1',
  createdAt: '2026-11-24T10:00:00.000Z',
  updatedAt: '2026-11-24T10:00:00.000Z',
  summary: 'close',
  label: null,
  note: null,
  service: '',
  cashier: null,
  ...extra,
});
