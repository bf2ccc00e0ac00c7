/**
 * The till's updater wired to what decides whether an update may be offered (its shift, its outbox,
 * its card payments) and asked every few minutes between shifts. None without an updater (browser mode).
 */
import type { UpdateState } from '../../../shared/bridge/api.js';
import { op } from '../../../shared/contract/index.js';
import type { DeskContext } from '../desk/context.js';
import type { TillDevices } from '../till-devices.js';
import type { TillFacts } from './update-gate.js';
import { Updates } from './updates.js';

const UPDATE_EVERY_MS = 10 * 60_000;

export interface TillUpdates {
  readonly updates: Updates;
  stop(): void;
}

export function tillUpdates(
  d: Pick<DeskContext, 'opts' | 'client' | 'settings' | 'store' | 'bound' | 'events'>,
  devices: Pick<TillDevices, 'cards'>,
): TillUpdates | undefined {
  const { updater, logger } = d.opts;
  if (!updater) return undefined;
  const tillFacts = async (): Promise<TillFacts> => {
    const outcome = await d.client.call(op.pos.shiftState, { kasm: d.settings.get().till.kasm });
    const row = outcome.kind === 'ok' ? (outcome.result.rows[0] as { shift_id?: unknown } | undefined) : undefined;
    const shift = row === undefined ? 'unknown' : row.shift_id === null || row.shift_id === '' ? 'closed' : 'open';
    const c = d.store.counts(d.bound());
    return { shift, writesWaiting: c.queued + c.sending + c.reconcile, cardPending: devices.cards.pending() !== null };
  };
  const updates: Updates = new Updates({
    port: updater,
    facts: tillFacts,
    changed: () => d.events.emit({ type: 'update', update: updates.status() as UpdateState }),
    ...(logger ? { logger } : {}),
  });
  const poller = setInterval(() => void updates.poll(), d.opts.updateEveryMs ?? UPDATE_EVERY_MS);
  poller.unref();
  return { updates, stop: () => clearInterval(poller) };
}
