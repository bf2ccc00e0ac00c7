/**
 * What the parts of the core share: the till's settings and keys, the service it works with, its
 * stores, the RPC client, and the state the status bar shows (connection, who is signed in, the
 * disk's health). openDesk (open.ts) makes it; each bridge group (../bridge/) takes the part of it
 * it needs, so it can be tested with that part alone.
 */
import type { Logger } from '../../../shared-node/log/logger.js';
import type { Db } from '../../../shared-node/sqlite/open.js';
import type { ReadCache } from '../cache/read-cache.js';
import type { LocalCatalog } from '../catalog/local-catalog.js';
import type { CatalogSync } from '../catalog/sync.js';
import type { CoreOptions } from '../options.js';
import type { OutboxDrainer } from '../outbox/drainer.js';
import type { OutboxStore } from '../outbox/store.js';
import type { OfflineSignIns } from '../people/offline-sign-in.js';
import type { RpcClient } from '../rpc/client.js';
import type { KeyRing } from '../secrets/key-ring.js';
import type { SettingsStore } from '../settings/settings-store.js';
import type { StorageHealth } from '../storage-health.js';
import type { Connection } from './connection.js';
import type { BridgeEvents } from './events.js';
import type { OwnService } from './own-service.js';
import type { Session } from './session.js';

export interface DeskContext {
  readonly opts: CoreOptions;
  readonly settings: SettingsStore;
  readonly keys: KeyRing;
  /** The address the till works with now (EMBEDDED for its own service). */
  readonly current: () => string;
  /**
   * The back office it works with now: the address and its key (on a service of many shops the key
   * decides the shop). Writes, cached answers, the catalogue copy and offline sign-ins belong to it.
   */
  readonly bound: () => string;
  readonly own: OwnService;
  /** The outbox's database, which the card payments' store shares (one transaction for both). */
  readonly db: Db;
  readonly store: OutboxStore;
  readonly cache: ReadCache;
  readonly catalog: LocalCatalog;
  readonly client: RpcClient;
  readonly offlineSignIns: OfflineSignIns;
  readonly health: StorageHealth;
  readonly events: BridgeEvents;
  readonly connection: Connection;
  readonly session: Session;
  readonly drainer: OutboxDrainer;
  readonly sync: CatalogSync;
  /** The queue's counts told to the interface, with the item that changed (null: many, or none). */
  readonly queueEvent: (changedId: number | null) => void;
  /** The main process log (never params or keys); silent without one. */
  readonly log: Logger['log'];
  /** The desk's own fault: logged, never shown to a sale. */
  readonly logFault: (what: string, err: unknown) => void;
}
