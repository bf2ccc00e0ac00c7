/**
 * How the outbox's items and refusals are said to the interface: shared by the bridge's write,
 * its queue actions and card payments, so each of them answers in the same words.
 */
import type { QueueItem, WriteOutcome } from '../../../shared/bridge/api.js';
import { BridgeError } from '../../../shared/bridge/errors.js';
import { QueueItemError } from '../outbox/errors.js';

/**
 * A manager's retry or reconcile the queue cannot do (an item already sent again by a second
 * click, a blank note) is a refusal in words for the interface, not an internal fault.
 */
export function personAction(action: () => QueueItem): QueueItem {
  try {
    return action();
  } catch (err) {
    if (!(err instanceof QueueItemError)) throw err;
    throw new BridgeError('BAD_ARGUMENTS', err.message, [
      { path: err.problem === 'no_note' ? 'note' : 'id', problem: err.message },
    ]);
  }
}

export function outcomeOf(item: QueueItem): WriteOutcome {
  switch (item.state) {
    case 'done':
      return { status: 'done', id: item.id, result: item.result as NonNullable<QueueItem['result']> };
    case 'refused':
      return { status: 'refused', id: item.id, error: item.lastError as NonNullable<QueueItem['lastError']> };
    case 'reconcile':
      return { status: 'reconcile', id: item.id, error: item.lastError as NonNullable<QueueItem['lastError']> };
    default:
      return { status: 'queued', id: item.id };
  }
}
