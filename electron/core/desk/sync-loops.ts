/**
 * The two loops that keep the till in step with its service: the outbox's drainer sends what waits,
 * the catalogue copy follows the service's goods and prices (and catches up soon after a sale took
 * stock). Their faults go to the status bar (a disk that refuses) or the log, never to a sale.
 */
import { isDraftWrite } from '../../../shared/contract/desk-rules.js';
import { isStorageFailure } from '../../../shared-node/storage-failure.js';
import type { LocalCatalog } from '../catalog/local-catalog.js';
import { CatalogSync } from '../catalog/sync.js';
import { OutboxDrainer } from '../outbox/drainer.js';
import type { OutboxStore } from '../outbox/store.js';
import type { RpcClient } from '../rpc/client.js';
import type { StorageHealth } from '../storage-health.js';
import type { Connection } from './connection.js';
import type { BridgeEvents } from './events.js';

/** After a sale was delivered, the stock it took is read into the copy this soon. */
const SYNC_AFTER_WRITE_MS = 1000;

export interface SyncLoopDeps {
  readonly store: OutboxStore;
  readonly client: RpcClient;
  readonly catalog: LocalCatalog;
  readonly health: StorageHealth;
  readonly events: BridgeEvents;
  readonly connection: Connection;
  readonly bound: () => string;
  readonly queueEvent: (changedId: number | null) => void;
  readonly logFault: (what: string, err: unknown) => void;
  readonly catalogSyncMs?: number;
}

export interface SyncLoops {
  readonly drainer: OutboxDrainer;
  readonly sync: CatalogSync;
  stop(): Promise<void>;
}

export function syncLoops(d: SyncLoopDeps): SyncLoops {
  let syncSoon: NodeJS.Timeout | undefined;
  const drainer = new OutboxDrainer(d.store, d.client, {
    service: d.bound,
    onChange: (item) => {
      // Told only after its commit: the outbox writes again.
      d.health.wrote('outbox');
      d.queueEvent(item.id);
      if (item.state !== 'done' || isDraftWrite(item.method)) return;
      clearTimeout(syncSoon);
      syncSoon = setTimeout(() => void sync.kick(), SYNC_AFTER_WRITE_MS);
      syncSoon.unref();
    },
    onConnection: (state) => d.connection.set(state),
    onError: (err) => (isStorageFailure(err) ? d.health.failed('outbox', err) : d.logFault('outbox', err)),
  });
  const sync = new CatalogSync(d.catalog, d.client, d.bound, {
    ...(d.catalogSyncMs ? { intervalMs: d.catalogSyncMs } : {}),
    onChanged: (version) => d.events.emit({ type: 'catalog', version }),
    onSynced: () => d.health.wrote('catalog'),
    // Selling goes on from the copy as it is; the status bar says the disk refuses.
    onError: (err) => (isStorageFailure(err) ? d.health.failed('catalog', err) : d.logFault('catalogue sync', err)),
  });
  return {
    drainer,
    sync,
    async stop() {
      clearTimeout(syncSoon);
      await sync.stop();
      await drainer.stop();
    },
  };
}
