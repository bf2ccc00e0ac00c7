/** What the shell (Electron's main, browser mode, a test) hands the desk's core when it starts it. */
import type { Logger } from '../../shared-node/log/logger.js';
import type { RotatingFile } from '../../shared-node/log/rotating-file.js';
import type { CardPaymentsOptions } from './card/card-payments.js';
import type { ReceiptPrinter } from './printing/printer-port.js';
import type { SecretStore } from './secrets/secret-store.js';
import type { UpdaterPort } from './updates/updater-port.js';

/** How long a write (or a card payment's close) is waited for before the cashier is told it is queued. */
export const DEFAULT_WAIT_MS = 1500;

export interface CoreOptions {
  readonly dataDir: string;
  readonly secrets: SecretStore;
  readonly appVersion: string;
  readonly runtime: string;
  /** Fill a new embedded back office with the demo shop. */
  readonly demo?: boolean;
  /** The main process log: the desk's own faults and the interface's errors (never params or keys). */
  readonly logger?: Logger;
  /** The embedded service's request log; silent by default (one line a request). */
  readonly serviceLogger?: Logger;
  /** How long done items stay for the receipts journal (default 30 days). */
  readonly keepDoneMs?: number;
  /** How often the catalogue copy is brought up to date while online (default catalog/sync.ts). */
  readonly catalogSyncMs?: number;
  /** The system's printers, for silent receipt printing (the Electron shell); none in browser mode. */
  readonly printer?: ReceiptPrinter;
  /** The log's files (logs/deskLog), which "save logs" hands support; none: only what the logger writes. */
  readonly logFiles?: RotatingFile;
  /** Where Electron keeps crash reports, listed in the saved logs. */
  readonly crashDir?: string;
  /** Asks where to save a file (the app's save dialog); null: cancelled. None: the data folder's support/. */
  readonly chooseSaveFile?: (suggestedName: string) => Promise<string | null>;
  /** The till's updater (electron-updater in the app); none: the desk never updates itself (browser mode). */
  readonly updater?: UpdaterPort;
  /** How often the updater is asked between shifts (default 10 minutes). */
  readonly updateEveryMs?: number;
  /** Card payments' timing (tests shorten them): see electron/core/card/card-payments.ts. */
  readonly card?: Pick<CardPaymentsOptions, 'timeouts' | 'recoverMs' | 'pollMs'>;
  /** How long a weighing waits for a stable weight (electron/devices/scale; 3 s by default). */
  readonly scaleTimeoutMs?: number;
}
