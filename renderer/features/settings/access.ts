/**
 * What the person at the till may change in Settings, as the main process decides it
 * (electron/core/settings/authority.ts, which refuses anything else whatever this screen shows):
 * the till's identity and its service a manager; the printer, quick keys and idle lock anyone
 * signed in; everything while the till is still being set up (nobody has signed in at it yet).
 */
import type { SignedIn } from '../../../shared/bridge/api.js';

export type SettingsWho = 'setup' | 'manager' | 'cashier' | 'locked';

export interface SettingsAccess {
  readonly who: SettingsWho;
  /** The till's number, cash box and register, its service and key. */
  readonly identity: boolean;
  /** The printer, the quick keys, the idle lock. */
  readonly personal: boolean;
}

export function settingsAccess(settingUp: boolean, cashier: SignedIn | null): SettingsAccess {
  if (settingUp) return { who: 'setup', identity: true, personal: true };
  if (!cashier) return { who: 'locked', identity: false, personal: false };
  if (cashier.role === 'manager') return { who: 'manager', identity: true, personal: true };
  return { who: 'cashier', identity: false, personal: true };
}
