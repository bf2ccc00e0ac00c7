/**
 * The desk's start: its private data folder, settings and keys, the service it works with (its own
 * started if it is that one), the outbox with its Idempotency-Keys, the cache of answers, the
 * catalogue copy, and the loops that keep them in step. Writes a killed process left sending are put
 * back in line by the drainer's first step.
 */
import { join } from 'node:path';
import { serviceUrlProblem } from '../../../shared/bridge/validate.js';
import { makePrivateDataDir, privateFile } from '../../../shared-node/fs/private-files.js';
import { openDatabase } from '../../../shared-node/sqlite/open.js';
import { isStorageFailure } from '../../../shared-node/storage-failure.js';
import { ReadCache } from '../cache/read-cache.js';
import { LocalCatalog } from '../catalog/local-catalog.js';
import { isEmbeddedServiceKey } from '../embedded.js';
import { fillTillFromBackOffice } from '../fill-till.js';
import type { CoreOptions } from '../options.js';
import { OutboxStore } from '../outbox/store.js';
import { OfflineSignIns } from '../people/offline-sign-in.js';
import { RpcClient } from '../rpc/client.js';
import { bindingOf, EMBEDDED, KeyRing, serviceId } from '../secrets/key-ring.js';
import { SettingsStore } from '../settings/settings-store.js';
import { StorageHealth } from '../storage-health.js';
import { Connection } from './connection.js';
import type { DeskContext } from './context.js';
import { BridgeEvents } from './events.js';
import { OwnService } from './own-service.js';
import { Session } from './session.js';
import { type SyncLoops, syncLoops } from './sync-loops.js';

/** How long done items stay for the receipts journal unless the shell says otherwise. */
const KEEP_DONE_MS = 30 * 86400_000;

export async function openDesk(opts: CoreOptions): Promise<DeskContext & { loops: SyncLoops }> {
  makePrivateDataDir(opts.dataDir);
  const settings = new SettingsStore(join(opts.dataDir, 'settings.json'));
  const keys = await KeyRing.open(opts.secrets, settings.get().serviceUrl, (key) => isEmbeddedServiceKey(opts.dataDir, key));
  const current = () => serviceId(settings.get().serviceUrl);
  const bound = () => bindingOf(current(), keys.get(current()));
  const own = new OwnService({
    dataDir: opts.dataDir,
    keys,
    demo: opts.demo ?? false,
    ...(opts.serviceLogger ? { logger: opts.serviceLogger } : {}),
  });
  if (current() === EMBEDDED) await own.start();

  const db = openDatabase(privateFile(join(opts.dataDir, 'outbox.sqlite')));
  const store = new OutboxStore(db);
  // Writes queued before they were bound to a service were made for the one configured then: this one.
  store.adoptUnbound(bound());
  // Writes bound to an address alone were made under the key stored for it now.
  if (current() !== EMBEDDED) store.rebind(current(), bound(), 'all');
  // An address saved before addresses were checked as they are now gets no key: a person enters it again.
  const client = new RpcClient({
    baseUrl: () => own.urlOf(current()),
    apiKey: () => (serviceUrlProblem(current()) === undefined ? keys.get(current()) : undefined),
  });
  if (current() === EMBEDDED) await fillTillFromBackOffice(client, settings);

  const log: DeskContext['log'] = (level, msg, fields) => opts.logger?.log(level, msg, fields);
  const logFault = (what: string, err: unknown) =>
    log('error', what, { error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) });
  const events = new BridgeEvents();
  const health = new StorageHealth(opts.logger);
  const queueEvent = (changedId: number | null) => events.emit({ type: 'queue', counts: store.counts(bound()), changedId });
  const catalog = new LocalCatalog(privateFile(join(opts.dataDir, 'catalog.sqlite')));
  const connection = new Connection(events, () => void loops.sync.kick());
  const loops: SyncLoops = syncLoops({
    store,
    client,
    catalog,
    health,
    events,
    connection,
    bound,
    queueEvent,
    logFault,
    ...(opts.catalogSyncMs ? { catalogSyncMs: opts.catalogSyncMs } : {}),
  });
  try {
    store.purgeDone(opts.keepDoneMs ?? KEEP_DONE_MS);
  } catch (err) {
    // A full disk cannot even delete (the WAL grows): the journal stays longer, and the till starts.
    if (!isStorageFailure(err)) throw err;
    health.failed('outbox', err);
  }
  loops.drainer.start();

  return {
    opts,
    settings,
    keys,
    current,
    bound,
    own,
    db,
    store,
    cache: new ReadCache(db),
    catalog,
    client,
    offlineSignIns: new OfflineSignIns(join(opts.dataDir, 'offline-sign-in.json'), Date.now, {
      failed: (err) => health.failed('sign-ins', err),
      wrote: () => health.wrote('sign-ins'),
    }),
    health,
    events,
    connection,
    session: new Session({ settings, store, events, bound, logFault }),
    drainer: loops.drainer,
    sync: loops.sync,
    loops,
    queueEvent,
    log,
    logFault,
  };
}
