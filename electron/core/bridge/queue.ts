/** The bridge's queue of writes: the outbox's items of this service, and a manager's retry, reconcile and "send here". */
import type { CashdeskApi, QueueItem } from '../../../shared/bridge/api.js';
import type { DeskContext } from '../desk/context.js';
import { personAction } from './outcomes.js';

export function queueBridge(
  d: Pick<DeskContext, 'store' | 'drainer' | 'bound' | 'queueEvent'>,
): Pick<CashdeskApi, 'queueList' | 'queueRetry' | 'queueReconcile' | 'queueSendHere'> {
  /** A person's act on one item: done or refused in words, then sent and told at once. */
  const act = (id: number, action: () => QueueItem): QueueItem => {
    const item = personAction(action);
    d.drainer.kick();
    d.queueEvent(id);
    return item;
  };
  return {
    queueList: async (filter = {}) => d.store.list(filter, d.bound()),
    queueRetry: async (id) => act(id, () => d.store.retry(id)),
    queueReconcile: async (id, note) => act(id, () => d.store.reconcile(id, note)),
    queueSendHere: async (id) => act(id, () => d.store.sendHere(id, d.bound())),
  };
}
