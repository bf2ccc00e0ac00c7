/**
 * The RPC service assembled: the gateway and the HTTP server in front of back offices.
 *   - `startService`: one SQLite file holding one back office and its API keys (a till, a shop's
 *     own store server). Used by the CLI's `serve --db`, the desktop app's embedded mode and tests.
 *   - `startDataService`: a data folder of many clients (shops), a registry of clients and keys,
 *     and one back office file per client, opened when used and closed when idle (`serve --data`);
 *     or the same in a PostgreSQL database (`serve --db postgres://…`), whose back offices are held
 *     and their calls performed by back office threads (clients/threads/), so one process has many
 *     transactions in flight.
 * Either way a key reaches its own client's back office and no other.
 */
import type { AddressInfo } from 'node:net';
import { jsonLogger, type Logger } from '../shared-node/log/logger.js';
import { pgClientKind } from '../shared-node/pg/sync-pg.js';
import { isPostgresUrl, parsePgUrl } from '../shared-node/pg/url.js';
import type { Db } from '../shared-node/sql/db.js';
import { KeyStore } from './auth/keys.js';
import { DEFAULT_RATE_LIMIT, type RateLimit, RateLimiter } from './auth/rate-limit.js';
import { SharedRateLimiter } from './auth/shared-rate-limit.js';
import { type BackOffice, type BackOfficeOptions, openBackOffice } from './clients/back-office.js';
import type { FiscalOptions } from './clients/fiscal-link.js';
import { MainThreadReads } from './clients/main-reads/main-reads.js';
import {
  backOfficesWithin,
  connectionsPerProcess,
  DEFAULT_PG_CONNECTIONS,
  DEFAULT_PG_WAIT_MS,
  threadShares,
} from './clients/pg-connections.js';
import { BackOfficePool } from './clients/pool.js';
import { behindTransactionPooler } from './clients/pooled-pg.js';
import { ClientRegistry } from './clients/registry.js';
import { CLIENT_ROWIDS, openStore } from './clients/store.js';
import { BackOfficeThreads } from './clients/threads/threads.js';
import type { CallPerformer } from './gateway/perform-call.js';
import { createGateway } from './gateway/pipeline.js';
import type { BackOffices } from './gateway/types.js';
import type { HttpLimits } from './http/limits.js';
import { createHttpServer, type Health, type HttpLoad } from './http/server.js';
import type { Upstream } from './upstream/upstream.js';

export { openServiceDatabase } from './clients/back-office.js';

/** What both forms of the service take. */
interface CommonConfig {
  readonly host?: string;
  /** 0 picks a free port. */
  readonly port?: number;
  /** Fill an empty database with the demo shop (`goods` sizes the catalogue) and run the fiscal-server simulator. */
  readonly demo?: boolean | { readonly goods?: number };
  readonly rateLimit?: RateLimit | false;
  /** The largest body read (default MAX_BODY_BYTES, server/http/limits.ts). */
  readonly bodyLimit?: number;
  /** Body bytes held at once across connections; past it a request gets 503 (default 16 MiB). */
  readonly bodyBytesInFlight?: number;
  /** Open connections at once; more are closed on accept (default 512). */
  readonly maxConnections?: number;
  /** Open connections from one address; more are closed on accept (default 128; 0: no cap, behind a proxy). */
  readonly maxConnectionsPerAddress?: number;
  /** A request must arrive in full within this time, or it gets 408 and its socket is closed (default 30 s). */
  readonly requestTimeoutMs?: number;
  readonly idempotencyTtlMs?: number;
  readonly upstreamTimeoutMs?: number;
  readonly logger?: Logger;
  readonly now?: () => Date;
  readonly timeZone?: string;
  /** How often the fiscal dispatcher goes over the PRRO queue besides after a write that made work for it. */
  readonly simulatorIntervalMs?: number;
  /** The tax server (the DPS's by default; the simulator in a demo), more CAs, the secret for unattended keys. */
  readonly fiscal?: FiscalOptions;
}

export interface ServiceConfig extends CommonConfig {
  /** The back office's SQLite file; or `db`, a database opened and migrated already (a PostgreSQL schema, for tests). */
  readonly dbFile?: string;
  readonly db?: Db;
  /** A different upstream (a remote back office); the embedded one is the default. */
  readonly upstream?: Upstream;
}

export interface DataServiceConfig extends CommonConfig {
  /** A data folder (`--data DIR`) or a PostgreSQL database (`--db postgres://…`): see clients/store.ts. */
  readonly dataDir: string;
  /** A client's back office unused this long is closed (default 5 minutes). */
  readonly idleCloseMs?: number;
  /** Back offices open at once before the least recently used idle ones are closed (default 64). */
  readonly maxOpenClients?: number;
  /**
   * On PostgreSQL, the connections this process may hold, the registry's included (default
   * DEFAULT_PG_CONNECTIONS; `serve` gives each of its --workers an equal share of its budget).
   */
  readonly pgConnections?: number;
  /** How long a request waits for a connection to free when all are in use (default 5 s). */
  readonly pgWaitMs?: number;
  /**
   * On PostgreSQL, the back office threads of this process (clients/threads/; at most one per back
   * office connection). Default 0: the back offices run in the main thread, one call at a time, as
   * a folder's are (a test's `now` cannot cross to a thread); `serve` asks for DEFAULT_PG_THREADS.
   */
  readonly pgThreads?: number;
  /** Writes of one client the back office threads perform at once (clients/threads/threads.ts; default 1). */
  readonly pgWritesPerClient?: number;
  /**
   * With back office threads, a till's lookups made in the main thread on connections of its own
   * (clients/main-reads/; default on). Not behind a pooler in transaction mode, whose connections
   * keep no schema between transactions, nor where libpq does not load.
   */
  readonly pgMainReads?: boolean;
}

export interface RunningService {
  readonly url: string;
  readonly port: number;
  readonly db: Db;
  readonly keys: KeyStore;
  /** What the HTTP server holds now: connections and request body bytes. */
  load(): HttpLoad;
  close(): Promise<void>;
}

export interface RunningDataService {
  readonly url: string;
  readonly port: number;
  readonly clients: ClientRegistry;
  /** The registry's keys: each bound to one client. */
  readonly keys: KeyStore;
  /** Client ids whose back office is open now. */
  openClients(): string[];
  /** On PostgreSQL, the threads that hold the back offices and perform the calls; undefined when this thread does. */
  readonly threads: BackOfficeThreads | undefined;
  /** With threads, the main thread's own reads (clients/main-reads/); undefined when it makes none. */
  readonly mainReads: MainThreadReads | undefined;
  load(): HttpLoad;
  close(): Promise<void>;
}

const backOfficeOptions = (cfg: CommonConfig, logger: Logger): Omit<BackOfficeOptions, 'dbFile' | 'db'> => ({
  logger,
  ...(cfg.demo ? { demo: cfg.demo } : {}),
  ...(cfg.idempotencyTtlMs ? { idempotencyTtlMs: cfg.idempotencyTtlMs } : {}),
  ...(cfg.now ? { now: cfg.now } : {}),
  ...(cfg.timeZone ? { timeZone: cfg.timeZone } : {}),
  ...(cfg.simulatorIntervalMs ? { simulatorIntervalMs: cfg.simulatorIntervalMs } : {}),
  ...(cfg.fiscal ? { fiscal: cfg.fiscal } : {}),
});

export async function startService(cfg: ServiceConfig): Promise<RunningService> {
  const logger = cfg.logger ?? jsonLogger();
  const office = openBackOffice({
    ...backOfficeOptions(cfg, logger),
    ...(cfg.dbFile ? { dbFile: cfg.dbFile } : {}),
    ...(cfg.db ? { db: cfg.db } : {}),
    ...(cfg.upstream ? { upstream: cfg.upstream } : {}),
  });
  const keys = new KeyStore(office.db);
  // Every key of the file acts on the file's own back office.
  const backOffices: BackOffices = { acquire: () => office, release: () => {} };
  const health = (): Health => ({
    ok: office.healthy(),
    upstream: office.upstream.name,
    version: office.upstream.version,
  });
  const http = await serve(cfg, logger, keys, backOffices, { service: health });
  return {
    ...http,
    db: office.db,
    keys,
    async close() {
      await http.close();
      await office.close();
    },
  };
}

export async function startDataService(cfg: DataServiceConfig): Promise<RunningDataService> {
  const logger = cfg.logger ?? jsonLogger();
  const store = openStore(cfg.dataDir);
  const registryDb = store.openRegistry();
  const clients = new ClientRegistry(registryDb);
  const keys = new KeyStore(registryDb);
  // A folder's files cost no shared resource beyond file handles: its limit stays soft. A
  // PostgreSQL's connections are the server's: there the process holds no more than its share.
  const pgConnections = cfg.pgConnections ?? DEFAULT_PG_CONNECTIONS;
  const bound =
    store.kind === 'postgres'
      ? { most: backOfficesWithin(connectionsPerProcess(pgConnections, 1)), waitMs: cfg.pgWaitMs ?? DEFAULT_PG_WAIT_MS }
      : undefined;
  // The main thread's share of the connections for its lookups, decided once: the threads' shares follow from it.
  const mainShare = bound ? mainReadsShare(cfg, bound.most) : 0;
  const threads = bound ? await startThreads(cfg, logger, bound, mainShare > 0) : undefined;
  const mainReads = threads && mainShare > 0 ? mainThreadReads(cfg, logger, mainShare, threads) : undefined;
  const pool = threads
    ? undefined
    : new BackOfficePool({
        open: (id) => openBackOffice({ ...backOfficeOptions(cfg, logger), db: store.openClient(id) }),
        idleMs: cfg.idleCloseMs ?? 300_000,
        maxOpen: cfg.maxOpenClients ?? 64,
        logger,
        ...(bound ? { bound } : {}),
      });
  if (bound) {
    logger.log('info', 'postgres connections', {
      most: pgConnections,
      registry: pgConnections - bound.most,
      backOffices: bound.most,
      waitMs: bound.waitMs,
      threads: threads?.size ?? 0,
      mainReads: mainReads?.most ?? 0,
    });
  }
  const openClients = () => threads?.openClients() ?? pool?.openClients() ?? [];
  const registryPing = registryDb.prepare('SELECT 1 FROM clients LIMIT 1');
  const health = {
    service: (): Health => {
      try {
        registryPing.get();
        return { ok: true, clients: clients.list().length, open: openClients().length };
      } catch {
        return { ok: false };
      }
    },
    // By id only: the endpoint needs no key, and must not tell a stranger which shop names exist.
    client: async (id: string): Promise<Health | undefined> => {
      const client = clients.byId(id);
      if (!client) return undefined;
      if (threads) return { ...(await threads.health(client.id)), client: client.id };
      return poolHealth(pool as BackOfficePool, client.id);
    },
  };
  const backOffices: BackOffices | CallPerformer = mainReads ??
    threads ?? {
      acquire: (client) => (pool as BackOfficePool).acquireWithin(client),
      release: (client) => (pool as BackOfficePool).release(client),
    };
  // On PostgreSQL every process of the service takes a key's tokens from one bucket; a folder's keep their own.
  const http = await serve(cfg, logger, keys, backOffices, health, store.kind === 'postgres' ? registryDb : undefined);
  return {
    ...http,
    clients,
    keys,
    openClients,
    threads,
    mainReads,
    async close() {
      await http.close();
      mainReads?.close();
      await (threads ? threads.close() : pool?.closeAll());
      registryDb.close();
    },
  };
}

/**
 * The back office threads of a process on PostgreSQL, each with an equal share of its back office
 * connections (threads × share ≤ the bound), or none when told 0 (or given a clock function, which
 * cannot cross to a thread). SQLite keeps its back offices in the main thread: its statements wait
 * for nothing but the CPU and the file's one write lock, so a thread would add a hop to a lookup of
 * tens of µs and its writers would only queue for that lock.
 */
async function startThreads(
  cfg: DataServiceConfig,
  logger: Logger,
  bound: { readonly most: number; readonly waitMs: number },
  mainReads: boolean,
): Promise<BackOfficeThreads | undefined> {
  const asked = cfg.pgThreads ?? 0;
  if (asked === 0) return undefined;
  if (cfg.now) throw new Error('a clock function (now) cannot cross to the back office threads: give pgThreads 0');
  const { threads, each } = threadShares(bound.most, asked, mainReads);
  const { logger: _logger, now: _now, ...options } = backOfficeOptions(cfg, logger);
  return BackOfficeThreads.start({
    threads,
    logger,
    ...(cfg.pgWritesPerClient ? { writesPerClient: cfg.pgWritesPerClient } : {}),
    setup: {
      location: cfg.dataDir,
      most: each,
      waitMs: bound.waitMs,
      idleMs: cfg.idleCloseMs ?? 300_000,
      upstreamTimeoutMs: cfg.upstreamTimeoutMs ?? 15_000,
      options,
    },
  });
}

/**
 * The connections the main thread's reads may hold (clients/main-reads/), its share beside the
 * threads' (pg-connections.ts threadShares); 0 when it makes none: told so, no threads, behind a
 * pooler in transaction mode (whose connections keep no schema between transactions), or where
 * libpq does not load (through node-postgres the main thread would wait on an I/O thread: a hop
 * again, and no gain).
 */
export function mainReadsShare(
  cfg: Pick<DataServiceConfig, 'dataDir' | 'pgThreads' | 'pgMainReads'>,
  backOffices: number,
): number {
  if (!cfg.pgThreads || cfg.pgMainReads === false || !isPostgresUrl(cfg.dataDir)) return 0;
  if (behindTransactionPooler(cfg.dataDir) || pgClientKind(parsePgUrl(cfg.dataDir)).kind !== 'libpq') return 0;
  return threadShares(backOffices, cfg.pgThreads, true).main;
}

/** The main thread's reads beside the threads, holding at most `most` connections (mainReadsShare). */
function mainThreadReads(cfg: DataServiceConfig, logger: Logger, most: number, threads: BackOfficeThreads): MainThreadReads {
  return new MainThreadReads({
    threads,
    held: () => threads.openClients(),
    connection: parsePgUrl(cfg.dataDir),
    rowids: CLIENT_ROWIDS,
    most,
    idleMs: cfg.idleCloseMs ?? 300_000,
    upstreamTimeoutMs: cfg.upstreamTimeoutMs ?? 15_000,
    ...(cfg.timeZone ? { timeZone: cfg.timeZone } : {}),
    logger,
  });
}

function poolHealth(pool: BackOfficePool, id: string): Health {
  let office: BackOffice;
  try {
    office = pool.acquire(id);
  } catch {
    return { ok: false, client: id };
  }
  try {
    return { ok: office.healthy(), client: id, upstream: office.upstream.name, version: office.upstream.version };
  } finally {
    pool.release(id);
  }
}

/** The gateway and the HTTP server, listening; close() stops taking requests and waits for those under way. */
async function serve(
  cfg: CommonConfig,
  logger: Logger,
  keys: KeyStore,
  backOffices: BackOffices | CallPerformer,
  health: { service: () => Health; client?: (id: string) => Health | undefined | Promise<Health | undefined> },
  sharedRates?: Db,
) {
  const rateLimit = cfg.rateLimit === undefined ? DEFAULT_RATE_LIMIT : cfg.rateLimit;
  const rateLimiter = !rateLimit
    ? undefined
    : sharedRates
      ? new SharedRateLimiter(sharedRates, rateLimit)
      : new RateLimiter(rateLimit);
  const gateway = createGateway({
    keys,
    backOffices,
    ...(rateLimiter ? { rateLimiter } : {}),
    upstreamTimeoutMs: cfg.upstreamTimeoutMs ?? 15_000,
  });
  const limits: Partial<HttpLimits> = {
    ...(cfg.bodyLimit ? { bodyBytes: cfg.bodyLimit } : {}),
    ...(cfg.bodyBytesInFlight ? { bodyBytesInFlight: cfg.bodyBytesInFlight } : {}),
    ...(cfg.maxConnections ? { connections: cfg.maxConnections } : {}),
    ...(cfg.maxConnectionsPerAddress === undefined ? {} : { connectionsPerAddress: cfg.maxConnectionsPerAddress }),
    ...(cfg.requestTimeoutMs ? { requestTimeoutMs: cfg.requestTimeoutMs } : {}),
  };
  const http = createHttpServer({
    admit: gateway.admit,
    handle: gateway.handle,
    logger,
    limits,
    health: health.service,
    ...(health.client ? { clientHealth: health.client } : {}),
  });
  const { server } = http;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(cfg.port ?? 8787, cfg.host ?? '127.0.0.1', () => resolve());
  });
  const addr = server.address() as AddressInfo;
  const host = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  const url = `http://${host}:${addr.port}`;
  logger.log('info', 'listening', { url });
  let closed = false;
  return {
    url,
    port: addr.port,
    load: http.load,
    async close() {
      if (closed) return;
      closed = true;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
    },
  };
}
