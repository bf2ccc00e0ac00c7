/**
 * The bridge's write: stored in the durable outbox (its Idempotency-Key with it) before it is sent,
 * bound to the service it was made for, then waited for a short while. Its own file so it can be
 * tested with a store and a drainer of its own.
 */
import { randomUUID } from 'node:crypto';
import type { QueueItem, WriteOptions, WriteOutcome } from '../../../shared/bridge/api.js';
import { BridgeError } from '../../../shared/bridge/errors.js';
import { carriesSecret } from '../../../shared/bridge/secrets.js';
import { findOperation, type WriteName } from '../../../shared/contract/index.js';
import { describeWrite } from '../describe-write.js';
import type { Session } from '../desk/session.js';
import type { OutboxDrainer } from '../outbox/drainer.js';
import { NotStoredError } from '../outbox/errors.js';
import type { OutboxStore } from '../outbox/store.js';
import type { StorageHealth } from '../storage-health.js';
import { outcomeOf } from './outcomes.js';

export interface WriteDeps {
  readonly store: OutboxStore;
  readonly drainer: OutboxDrainer;
  readonly health: StorageHealth;
  readonly bound: () => string;
  readonly session: Pick<Session, 'author'>;
  readonly queueEvent: (changedId: number | null) => void;
  readonly defaultWaitMs: number;
}

export function createWrite(d: WriteDeps) {
  return async function write(method: WriteName, params: Record<string, unknown>, options: WriteOptions): Promise<WriteOutcome> {
    const op = findOperation(method);
    if (op?.kind !== 'write') throw new BridgeError('BAD_ARGUMENTS', `${method} is not a write`);
    // The bridge refuses these too; the outbox is the last place a PIN or a password could be written down.
    if (carriesSecret(method)) throw new BridgeError('BAD_ARGUMENTS', `${method} carries a secret, which is never queued`);
    const described = describeWrite(method, params);
    const item = storeWrite(d, {
      method,
      params,
      // A write that names no business object depends on no other: a refusal of it holds nothing up.
      group: options.group ?? `write-${randomUUID()}`,
      summary: options.summary ?? described.summary,
      label: options.label ?? described.label,
      service: d.bound(),
      cashier: d.session.author(),
      ...(options.confirmation === undefined ? {} : { confirmation: options.confirmation }),
    });
    d.queueEvent(item.id);
    d.drainer.kick();
    return outcomeOf(await d.drainer.waitFor(item.id, options.waitMs ?? d.defaultWaitMs));
  };
}

/** The write stored in the outbox, or a refusal that says it was not: never "saved" of a write the disk did not take. */
function storeWrite(d: WriteDeps, input: Parameters<OutboxStore['enqueue']>[0]): QueueItem {
  let item: QueueItem;
  try {
    item = d.store.enqueue(input);
  } catch (err) {
    if (!(err instanceof NotStoredError)) throw err;
    d.health.failed('outbox', err.reason);
    throw new BridgeError(
      'NOT_SAVED',
      'the cash desk could not store this write: its disk is full or failing. Nothing was saved or sent; free space on the disk, then do it again',
    );
  }
  d.health.wrote('outbox');
  return item;
}
