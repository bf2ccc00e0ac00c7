/** Which outbox items each view of the monitor lists. */
import type { QueueState } from '../../../shared/bridge/api.js';

export type OutboxView = 'open' | 'attention' | 'waiting' | 'history';

export const VIEWS: readonly { readonly id: OutboxView; readonly states: readonly QueueState[] }[] = [
  { id: 'open', states: ['refused', 'reconcile', 'queued', 'sending'] },
  { id: 'attention', states: ['refused', 'reconcile'] },
  { id: 'waiting', states: ['queued', 'sending'] },
  { id: 'history', states: ['done', 'reconciled'] },
];

/** Items a person can act on: the service refused them, or their outcome is unknown. */
export const needsPerson = (state: QueueState): boolean => state === 'refused' || state === 'reconcile';

/** Refused and unknown first (they hold their group back), then by newest; the list comes newest first. */
export function attentionFirst<T extends { readonly state: QueueState }>(items: readonly T[]): T[] {
  return [...items.filter((i) => needsPerson(i.state)), ...items.filter((i) => !needsPerson(i.state))];
}
