/**
 * The till's settings in a JSON file, replaced atomically (write a temp file, rename) so a
 * power cut leaves the old file or the new one, never half of one. The API key is not here.
 */
import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import {
  type CustomerDisplaySettings,
  DEFAULT_CUSTOMER_DISPLAY,
  DEFAULT_PRINTER,
  DEFAULT_PRINTER_DEVICE,
  DEFAULT_SCALE,
  DEFAULT_TERMINAL,
  type Language,
  type PrinterDevice,
  type PrinterSettings,
  QUICK_KEY_SLOTS,
  type QuickKey,
  type ScaleSettings,
  type SettingsPatch,
  type TerminalSettings,
  type TillIdentity,
} from '../../../shared/bridge/api.js';

export interface Settings {
  /** Empty: the embedded service. Changed only with its key (bridge/service.ts, serviceSet). */
  readonly serviceUrl: string;
  readonly till: TillIdentity;
  readonly language: Language;
  readonly quickKeys: readonly QuickKey[];
  /** The shop's time zone, as the back office's (server/back-office: Europe/Kyiv unless configured). */
  readonly timeZone: string;
  /** Minutes idle before the till locks; 0: never. */
  readonly idleLockMinutes: number;
  /** The receipt printer, paper, copies and how receipts are given (renderer/features/receipt). */
  readonly printer: PrinterSettings;
  /** The bank card terminal (electron/core/card): a manager's to change. */
  readonly terminal: TerminalSettings;
  /** How the ESC/POS printer is reached, its paper, code page and drawer (electron/devices/printer). */
  readonly printerDevice: PrinterDevice;
  /** The customer display (electron/devices/display): a manager's to change. */
  readonly customerDisplay: CustomerDisplaySettings;
  /** The scale (electron/devices/scale): a manager's to change. */
  readonly scale: ScaleSettings;
  /**
   * The services (bindings: address and key) at which someone has signed in at this till: from
   * then on, there, its identity is a manager's to change (settings/authority.ts).
   */
  readonly staffed: readonly string[];
}

/** What the core may change: the interface's patch, and the address the service switch sets. */
export type SettingsChange = SettingsPatch & { readonly serviceUrl?: string; readonly staffed?: readonly string[] };

const EMPTY_KEYS: readonly QuickKey[] = Array.from({ length: QUICK_KEY_SLOTS }, () => ({ code: '', label: '' }));

export const DEFAULT_SETTINGS: Settings = {
  serviceUrl: '',
  till: { kasm: 1, akas: 'KAS1', numprro: '' },
  language: 'uk',
  quickKeys: EMPTY_KEYS,
  timeZone: 'Europe/Kyiv',
  // Short enough that a till left alone is not a till anyone can sell on; long enough for a queue-free lull.
  idleLockMinutes: 5,
  printer: DEFAULT_PRINTER,
  terminal: DEFAULT_TERMINAL,
  printerDevice: DEFAULT_PRINTER_DEVICE,
  customerDisplay: DEFAULT_CUSTOMER_DISPLAY,
  scale: DEFAULT_SCALE,
  staffed: [],
};

export class SettingsStore {
  private current: Settings;

  constructor(private readonly file: string) {
    this.current = existsSync(file)
      ? merge(DEFAULT_SETTINGS, JSON.parse(readFileSync(file, 'utf8')) as SettingsChange & { timeZone?: string })
      : DEFAULT_SETTINGS;
  }

  get(): Settings {
    return this.current;
  }

  update(patch: SettingsChange): Settings {
    const next = merge(this.current, patch);
    const tmp = `${this.file}.tmp`;
    // Readable only by the desk's user, like everything in its data folder (shared-node/fs/private-files.ts).
    writeFileSync(tmp, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
    chmodSync(tmp, 0o600);
    renameSync(tmp, this.file);
    // Only once the file has it: a change the disk refused is not in use either, until a restart undoes it.
    this.current = next;
    return next;
  }
}

function merge(base: Settings, patch: SettingsChange & { timeZone?: string }): Settings {
  const keys = patch.quickKeys ?? base.quickKeys;
  return {
    serviceUrl: patch.serviceUrl ?? base.serviceUrl,
    till: { ...base.till, ...(patch.till ?? {}) },
    language: patch.language ?? base.language,
    // A file from before quick keys, or a shorter grid, fills up with empty slots.
    quickKeys: [...keys, ...EMPTY_KEYS].slice(0, QUICK_KEY_SLOTS),
    timeZone: patch.timeZone ?? base.timeZone,
    idleLockMinutes: patch.idleLockMinutes ?? base.idleLockMinutes,
    // A file from before receipts had printer settings takes the defaults.
    printer: { ...DEFAULT_PRINTER, ...base.printer, ...(patch.printer ?? {}) },
    // A file from before the card terminal has none: off, as it was.
    terminal: { ...DEFAULT_TERMINAL, ...base.terminal, ...(patch.terminal ?? {}) },
    // A file from before ESC/POS printing prints through the system printer, as it did.
    printerDevice: { ...DEFAULT_PRINTER_DEVICE, ...base.printerDevice, ...(patch.printerDevice ?? {}) },
    // A file from before the customer display has none: off, as it was.
    customerDisplay: { ...DEFAULT_CUSTOMER_DISPLAY, ...base.customerDisplay, ...(patch.customerDisplay ?? {}) },
    // A file from before the scale has none: off, quantities typed as they were.
    scale: { ...DEFAULT_SCALE, ...base.scale, ...(patch.scale ?? {}) },
    // A file from before has none: the till learns them again from its sign-ins and its outbox.
    staffed: patch.staffed ?? base.staffed ?? [],
  };
}
