/**
 * The desktop core: everything the main process does, as plain Node, behind the one bridge API.
 * Reads go to the service (and to a local cache, served marked stale, while it cannot be
 * reached); writes go through the durable outbox, whose Idempotency-Key is stored before sending.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Db, openDatabase } from '../../server/db/open.js';
import type { Logger } from '../../server/log/logger.js';
import type {
  AppStatus,
  BridgeEvent,
  CashdeskApi,
  ConnectionState,
  ConnectionTest,
  PublicSettings,
  QueueItem,
  ReadOutcome,
  WriteOutcome,
} from '../../shared/bridge/api.js';
import { BridgeError } from '../../shared/bridge/errors.js';
import { CONTRACT_VERSION, findOperation, type ReadName, type WriteName } from '../../shared/contract/index.js';
import { ReadCache } from './cache/read-cache.js';
import { describeWrite } from './describe-write.js';
import { type EmbeddedService, startEmbeddedService } from './embedded.js';
import { OutboxDrainer } from './outbox/drainer.js';
import { QueueItemError } from './outbox/errors.js';
import { OutboxStore } from './outbox/store.js';
import { RpcClient } from './rpc/client.js';
import type { SecretStore } from './secrets/secret-store.js';
import { SettingsStore } from './settings/settings-store.js';

export interface CoreOptions {
  readonly dataDir: string;
  readonly secrets: SecretStore;
  readonly appVersion: string;
  readonly runtime: string;
  /** Fill a new embedded back office with the demo shop. */
  readonly demo?: boolean;
  readonly logger?: Logger;
  /** How long done items stay for the receipts journal (default 30 days). */
  readonly keepDoneMs?: number;
}

export interface Core {
  readonly api: CashdeskApi;
  close(): Promise<void>;
}

const DEFAULT_WAIT_MS = 1500;
const CONNECTION_PROBE_MS = 15_000;
/** Reads a sale needs while the service is unreachable: product lookups and card holders. */
const CACHED_READS = new Set<string>([
  'pos.find_code',
  'goods.card_main',
  'goods.card_open',
  'pos.is_etax',
  'pos.checkout_uktzed_rows',
  'checks.discount_debt',
  'pos.debt_open_rows',
]);

export async function createCore(opts: CoreOptions): Promise<Core> {
  mkdirSync(opts.dataDir, { recursive: true });
  const settings = new SettingsStore(join(opts.dataDir, 'settings.json'));
  let embedded: EmbeddedService | undefined;
  if (settings.get().serviceUrl === '') {
    embedded = await startEmbeddedService({
      dataDir: opts.dataDir,
      secrets: opts.secrets,
      demo: opts.demo ?? false,
      ...(opts.logger ? { logger: opts.logger } : {}),
    });
    fillTillFromBackOffice(embedded, settings);
  }
  let apiKey = await opts.secrets.get();

  const db: Db = openDatabase(join(opts.dataDir, 'outbox.sqlite'));
  const store = new OutboxStore(db);
  const cache = new ReadCache(db);
  const client = new RpcClient({
    baseUrl: () => embedded?.url ?? settings.get().serviceUrl,
    apiKey: () => apiKey,
  });

  const listeners = new Set<(e: BridgeEvent) => void>();
  const emit = (e: BridgeEvent) => {
    for (const l of listeners) l(e);
  };
  let connection: ConnectionState = 'unknown';
  const setConnection = (state: ConnectionState) => {
    if (state === connection) return;
    connection = state;
    emit({ type: 'connection', state });
  };

  const drainer = new OutboxDrainer(store, client, {
    onChange: (item) => emit({ type: 'queue', counts: store.counts(), changedId: item.id }),
    onConnection: setConnection,
  });
  store.recoverAfterCrash();
  store.purgeDone(opts.keepDoneMs ?? 30 * 86400_000);
  drainer.start();

  const publicSettings = (): PublicSettings => {
    const s = settings.get();
    return { ...s, hasApiKey: apiKey !== undefined, embedded: embedded !== undefined };
  };

  async function read<M extends ReadName>(method: M, params: unknown): Promise<ReadOutcome<M>> {
    const outcome = await client.call(method, params);
    if (outcome.kind === 'ok') {
      setConnection('online');
      const now = new Date();
      if (CACHED_READS.has(method)) cache.put(method, params as Record<string, unknown>, outcome.result, now);
      return { method, result: outcome.result, stale: false, fetchedAt: now.toISOString() };
    }
    if (outcome.kind === 'retry') {
      setConnection(outcome.error.code === 'UNAUTHORIZED' || outcome.error.code === 'NO_API_KEY' ? 'unauthorized' : 'offline');
      const cached = CACHED_READS.has(method) ? cache.get(method, params as Record<string, unknown>) : undefined;
      if (cached) return { method, result: cached.result, stale: true, fetchedAt: cached.fetchedAt };
    }
    throw BridgeError.from(outcome.error);
  }

  async function write(
    method: WriteName,
    params: Record<string, unknown>,
    options: { group?: string; waitMs?: number; summary?: string },
  ): Promise<WriteOutcome> {
    const op = findOperation(method);
    if (op?.kind !== 'write') throw new BridgeError('BAD_ARGUMENTS', `${method} is not a write`);
    const item = store.enqueue({
      method,
      params,
      // A write that names no business object depends on no other: a refusal of it holds nothing up.
      group: options.group ?? `write-${randomUUID()}`,
      summary: options.summary ?? describeWrite(method, params),
    });
    emit({ type: 'queue', counts: store.counts(), changedId: item.id });
    drainer.kick();
    return outcomeOf(await drainer.waitFor(item.id, options.waitMs ?? DEFAULT_WAIT_MS));
  }

  const api: CashdeskApi = {
    read: (method, params) => read(method, params),
    write: (method, params, options = {}) => write(method, params as Record<string, unknown>, options),
    queueList: async (filter = {}) => store.list(filter),
    queueRetry: async (id) => {
      const item = personAction(() => store.retry(id));
      drainer.kick();
      emit({ type: 'queue', counts: store.counts(), changedId: id });
      return item;
    },
    queueReconcile: async (id, note) => {
      const item = personAction(() => store.reconcile(id, note));
      drainer.kick();
      emit({ type: 'queue', counts: store.counts(), changedId: id });
      return item;
    },
    settingsGet: async () => publicSettings(),
    settingsUpdate: async (patch) => {
      settings.update(patch);
      drainer.kick();
      return publicSettings();
    },
    setApiKey: async (key) => {
      await opts.secrets.set(key);
      apiKey = key;
      drainer.kick();
      return publicSettings();
    },
    testConnection: async (): Promise<ConnectionTest> => {
      const t0 = performance.now();
      const outcome = await client.call('service.ping', {});
      const latencyMs = Math.round(performance.now() - t0);
      if (outcome.kind === 'ok') {
        setConnection('online');
        const { name, version } = outcome.result.upstream;
        return { ok: true, latencyMs, error: null, upstream: { name, version } };
      }
      if (outcome.kind === 'retry') setConnection(outcome.error.code === 'UNAUTHORIZED' ? 'unauthorized' : 'offline');
      return { ok: false, latencyMs: null, error: outcome.error, upstream: null };
    },
    status: async (): Promise<AppStatus> => ({
      connection,
      queue: store.counts(),
      versions: { app: opts.appVersion, contract: CONTRACT_VERSION, runtime: opts.runtime },
      serviceUrl: embedded?.url ?? settings.get().serviceUrl,
      embedded: embedded !== undefined,
    }),
    onEvent: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };

  // The indicator must tell the truth before the first sale: check now, then now and then.
  const probe = () => {
    api.testConnection().catch(() => undefined);
  };
  probe();
  const prober = setInterval(probe, CONNECTION_PROBE_MS);
  prober.unref();

  return {
    api,
    async close() {
      clearInterval(prober);
      await drainer.stop();
      listeners.clear();
      db.close();
      await embedded?.service.close();
    },
  };
}

/**
 * A manager's retry or reconcile the queue cannot do (an item already sent again by a second
 * click, a blank note) is a refusal in words for the interface, not an internal fault.
 */
function personAction(action: () => QueueItem): QueueItem {
  try {
    return action();
  } catch (err) {
    if (!(err instanceof QueueItemError)) throw err;
    throw new BridgeError('BAD_ARGUMENTS', err.message, [
      { path: err.problem === 'no_note' ? 'note' : 'id', problem: err.message },
    ]);
  }
}

function outcomeOf(item: QueueItem): WriteOutcome {
  switch (item.state) {
    case 'done':
      return { status: 'done', id: item.id, result: item.result as NonNullable<QueueItem['result']> };
    case 'refused':
      return { status: 'refused', id: item.id, error: item.lastError as NonNullable<QueueItem['lastError']> };
    case 'reconcile':
      return { status: 'reconcile', id: item.id, error: item.lastError as NonNullable<QueueItem['lastError']> };
    default:
      return { status: 'queued', id: item.id };
  }
}

/** On a till's first start with its own back office, take the PRRO number the back office knows. */
function fillTillFromBackOffice(embedded: EmbeddedService, settings: SettingsStore) {
  const till = settings.get().till;
  if (till.numprro !== '') return;
  const row = embedded.service.db.prepare('SELECT akas, numprro FROM tills WHERE kasm = ?').get(till.kasm) as
    | { akas: string; numprro: string }
    | undefined;
  if (row) settings.update({ till: { akas: row.akas, numprro: row.numprro } });
}
