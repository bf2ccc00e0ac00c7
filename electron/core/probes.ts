/**
 * The status bar must tell the truth before the first sale: the service and the card terminal are
 * asked now and then, and an ESC/POS printer that can answer says it is out of paper before the
 * next sale, not at it.
 */
import type { ConnectionTest } from '../../shared/bridge/api.js';
import type { SettingsStore } from './settings/settings-store.js';
import type { TillDevices } from './till-devices.js';

const CONNECTION_PROBE_MS = 15_000;
/** How often an ESC/POS printer that can answer is asked its state. */
const PRINTER_PROBE_MS = 30_000;

export function startProbes(d: {
  settings: SettingsStore;
  testConnection: () => Promise<ConnectionTest>;
  devices: Pick<TillDevices, 'probeTerminal' | 'escpos'>;
}): { stop(): void } {
  const probe = () => {
    d.testConnection().catch(() => undefined);
    d.devices.probeTerminal();
  };
  probe();
  const prober = setInterval(probe, CONNECTION_PROBE_MS);
  prober.unref();
  const printerProber = setInterval(() => {
    const { connection } = d.settings.get().printerDevice;
    if (connection === 'tcp' || connection === 'serial') d.devices.escpos.check().catch(() => undefined);
  }, PRINTER_PROBE_MS);
  printerProber.unref();
  return {
    stop() {
      clearInterval(prober);
      clearInterval(printerProber);
    },
  };
}
