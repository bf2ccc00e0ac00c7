/** One outbox row as SQLite returns it, and the QueueItem the interface sees. */

import type { QueueItem, QueueState, RpcErrorInfo, WriteLabel } from '../../../shared/bridge/api.js';
import type { RpcResult, WriteName } from '../../../shared/contract/index.js';
import { addressOf } from '../secrets/key-ring.js';

export interface OutboxRow {
  id: number;
  method: string;
  grp: string;
  summary: string;
  state: QueueState;
  attempts: number;
  next_attempt_at: number | null;
  waiting_for: number | null;
  last_error: string | null;
  result: string | null;
  idempotency_key: string;
  created_at: number;
  updated_at: number;
  note: string | null;
  service: string | null;
  label: string | null;
  cashier_id: number | null;
  cashier: string | null;
}

/**
 * The columns of a QueueItem. `waiting_for` is derived, not stored: a queued item waits behind the
 * first refused or unreconciled item of its group, so retrying or reconciling that one item frees
 * the group without touching the rows behind it.
 */
export const ITEM_COLUMNS = `o.id, o.method, o.grp, o.summary, o.state, o.attempts, o.next_attempt_at, o.last_error, o.result,
  o.idempotency_key, o.created_at, o.updated_at, o.note, o.service, o.label, o.cashier_id, o.cashier,
  CASE WHEN o.state = 'queued' THEN
    (SELECT min(b.id) FROM outbox b WHERE b.grp = o.grp AND b.id < o.id AND b.state IN ('refused', 'reconcile'))
  END AS waiting_for`;

const iso = (ms: number) => new Date(ms).toISOString();

/** States of an item still waiting to be sent or for a person (not in flight, not finished). */
export const WAITING: ReadonlySet<QueueState> = new Set(['queued', 'refused', 'reconcile']);

/** `here`: the service the till works with now; an open item made for another is marked `elsewhere`. */
export function toQueueItem(r: OutboxRow, here?: string): QueueItem {
  const elsewhere = here !== undefined && (r.service ?? '') !== here && WAITING.has(r.state);
  return {
    id: r.id,
    method: r.method as WriteName,
    group: r.grp,
    state: r.state,
    attempts: r.attempts,
    nextAttemptAt: r.next_attempt_at === null ? null : iso(r.next_attempt_at),
    waitingFor: r.waiting_for,
    lastError: r.last_error === null ? null : (JSON.parse(r.last_error) as RpcErrorInfo),
    result: r.result === null ? null : (JSON.parse(r.result) as RpcResult),
    idempotencyKey: r.idempotency_key,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    summary: r.summary,
    label: r.label === null ? null : (JSON.parse(r.label) as WriteLabel),
    note: r.note,
    service: addressOf(r.service ?? ''),
    cashier: r.cashier_id === null ? null : { id: r.cashier_id, name: r.cashier ?? '' },
    ...(elsewhere ? { elsewhere: true as const } : {}),
  };
}
