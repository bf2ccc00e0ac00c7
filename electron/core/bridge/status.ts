/** The bridge's status: everything the status bar shows, read afresh at each ask. */
import type { AppStatus, CashdeskApi } from '../../../shared/bridge/api.js';
import { CONTRACT_VERSION } from '../../../shared/contract/index.js';
import type { DeskContext } from '../desk/context.js';
import { EMBEDDED } from '../secrets/key-ring.js';
import type { TillDevices } from '../till-devices.js';
import type { TillUpdates } from '../updates/till-updates.js';

export function statusBridge(
  d: Pick<
    DeskContext,
    'opts' | 'settings' | 'current' | 'bound' | 'own' | 'store' | 'catalog' | 'session' | 'health' | 'connection'
  >,
  devices: TillDevices,
  updates: TillUpdates | undefined,
): Pick<CashdeskApi, 'status'> {
  return {
    status: async (): Promise<AppStatus> => ({
      connection: d.connection.state,
      queue: d.store.counts(d.bound()),
      versions: { app: d.opts.appVersion, contract: CONTRACT_VERSION, runtime: d.opts.runtime },
      serviceUrl: d.own.urlOf(d.current()),
      embedded: d.current() === EMBEDDED,
      upstream: d.connection.upstream,
      catalog: d.catalog.state(),
      cashier: d.session.who,
      storageFault: d.health.since(),
      terminal: devices.terminalLink.status(devices.cards.pending()),
      printer: devices.escpos.state(),
      update: updates?.updates.status() ?? null,
      scale: d.settings.get().scale.enabled ? devices.scale.status() : null,
      customerDisplay: devices.display.state(),
    }),
  };
}
