/**
 * The desktop core: everything the main process does, as plain Node, behind the one bridge API.
 * Reads go to the service (and, while it cannot be reached, to the till's catalogue copy and a
 * cache of answers, served marked stale); writes go through the durable outbox, whose
 * Idempotency-Key is stored before sending, and each write goes only to the service it was made for.
 *
 * This file only composes: desk/open.ts starts the stores and loops, till-devices.ts the devices,
 * and each group of the bridge is a file of bridge/ that takes the part of the desk it needs.
 */
import type { CashdeskApi, UpdateState } from '../../shared/bridge/api.js';
import { cardBridge } from './bridge/cards.js';
import { deviceBridge } from './bridge/devices.js';
import { peopleBridge } from './bridge/people.js';
import { queueBridge } from './bridge/queue.js';
import { createRead } from './bridge/read.js';
import { secretSender } from './bridge/send-now.js';
import { serviceBridge } from './bridge/service.js';
import { settingsBridge } from './bridge/settings.js';
import { statusBridge } from './bridge/status.js';
import { supportBridge } from './bridge/support.js';
import { createWrite } from './bridge/write.js';
import { openDesk } from './desk/open.js';
import { type CoreOptions, DEFAULT_WAIT_MS } from './options.js';
import { startProbes } from './probes.js';
import { openTillDevices } from './till-devices.js';
import { tillUpdates } from './updates/till-updates.js';

export interface Core {
  readonly api: CashdeskApi;
  /** Asks the gate and the update server now (the timer does it every updateEveryMs); null: no updater. */
  pollUpdates(): Promise<UpdateState | null>;
  close(): Promise<void>;
}

export async function createCore(opts: CoreOptions): Promise<Core> {
  const desk = await openDesk(opts);
  const devices = openTillDevices(desk);
  const updates = tillUpdates(desk, devices);
  const read = createRead(desk);
  const write = createWrite({ ...desk, defaultWaitMs: DEFAULT_WAIT_MS });
  const service = serviceBridge(desk);
  const api: CashdeskApi = {
    read: (method, params) => read(method, params),
    write: (method, params, options = {}) => write(method, params as Record<string, unknown>, options),
    ...queueBridge(desk),
    ...settingsBridge(desk, devices),
    ...service,
    ...statusBridge(desk, devices, updates),
    catalogSearch: async (query) => desk.catalog.search(query),
    catalogItem: async (code) => desk.catalog.item(code) ?? null,
    catalogMirror: async (query) => desk.catalog.mirror(query),
    ...peopleBridge(desk, secretSender(desk)),
    ...cardBridge(desk, devices),
    ...deviceBridge(desk, devices),
    ...supportBridge(desk, updates),
    onEvent: (listener) => desk.events.listen(listener),
  };
  const probes = startProbes({ settings: desk.settings, testConnection: service.testConnection, devices });
  desk.sync.start();

  return {
    api,
    pollUpdates: async () => (updates ? updates.updates.poll() : null),
    async close() {
      probes.stop();
      updates?.stop();
      await devices.close();
      await desk.loops.stop();
      desk.events.clear();
      desk.catalog.close();
      desk.db.close();
      await desk.own.close();
    },
  };
}
