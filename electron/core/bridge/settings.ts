/**
 * The bridge's settings: what the interface may see of them (never a key: only whether one is
 * stored), and a change, refused here when the person signed in may not make it (settings/authority.ts).
 */
import type { CashdeskApi, PublicSettings } from '../../../shared/bridge/api.js';
import { parseStampMasks } from '../../../shared/excise/stamp-format.js';
import type { DeskContext } from '../desk/context.js';
import { EMBEDDED } from '../secrets/key-ring.js';
import { authorityOf } from '../settings/authority.js';
import type { TillDevices } from '../till-devices.js';

export function publicSettings(d: Pick<DeskContext, 'settings' | 'keys' | 'current' | 'catalog' | 'session'>): PublicSettings {
  const s = d.settings.get();
  return {
    serviceUrl: s.serviceUrl,
    till: s.till,
    language: s.language,
    quickKeys: s.quickKeys,
    timeZone: s.timeZone,
    hasApiKey: d.keys.has(d.current()),
    embedded: d.current() === EMBEDDED,
    stampMasks: parseStampMasks(d.catalog.setting('excise_stamp_masks')),
    cashRounding: d.catalog.setting('cash_rounding_steps') ?? '',
    idleLockMinutes: s.idleLockMinutes,
    printer: s.printer,
    terminal: s.terminal,
    printerDevice: s.printerDevice,
    customerDisplay: s.customerDisplay,
    scale: s.scale,
    settingUp: d.session.settingUp(),
  };
}

export function settingsBridge(
  d: Pick<DeskContext, 'settings' | 'keys' | 'current' | 'catalog' | 'session' | 'drainer'>,
  devices: Pick<TillDevices, 'terminalEvent' | 'probeTerminal' | 'display'>,
): Pick<CashdeskApi, 'settingsGet' | 'settingsUpdate'> {
  return {
    settingsGet: async () => publicSettings(d),
    settingsUpdate: async (patch) => {
      const s = d.settings.get();
      d.session.mayChange(authorityOf(patch, s.till, s.terminal));
      d.settings.update(patch);
      d.drainer.kick();
      if (patch.terminal) {
        devices.terminalEvent();
        devices.probeTerminal();
      }
      if (patch.customerDisplay) await devices.display.reconfigure();
      return publicSettings(d);
    },
  };
}
