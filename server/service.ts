/**
 * The RPC service assembled: one SQLite file holding the back office, the API keys and the
 * idempotency records (so a write and its record share a transaction), the gateway and the
 * HTTP server. Used by the CLI, the desktop app's embedded mode and the tests.
 */
import type { AddressInfo } from 'node:net';
import { migrate } from '../shared-node/sqlite/migrate.js';
import { type Db, openDatabase } from '../shared-node/sqlite/open.js';
import { KeyStore } from './auth/keys.js';
import { DEFAULT_RATE_LIMIT, type RateLimit, RateLimiter } from './auth/rate-limit.js';
import { pruneCatalogChanges } from './engine/catalog/index.js';
import { seedDemo } from './engine/demo/index.js';
import { createEmbeddedUpstream, ENGINE_MIGRATIONS } from './engine/engine.js';
import { dispatchFiscal } from './engine/sales/prro/server/dispatch.js';
import { simulatedFiscalServer } from './engine/sales/prro/server/simulator/simulator.js';
import { createGateway } from './gateway/pipeline.js';
import { gatewayMigrations } from './gateway/schema.js';
import type { HttpLimits } from './http/limits.js';
import { createHttpServer, type HttpLoad } from './http/server.js';
import { DEFAULT_IDEMPOTENCY_TTL_MS, IdempotencyStore } from './idempotency/store.js';
import { jsonLogger, type Logger } from './log/logger.js';
import type { Upstream } from './upstream/upstream.js';

export interface ServiceConfig {
  readonly dbFile: string;
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
  /** A request must arrive in full within this time, or it gets 408 and its socket is closed (default 30 s). */
  readonly requestTimeoutMs?: number;
  readonly idempotencyTtlMs?: number;
  readonly upstreamTimeoutMs?: number;
  readonly logger?: Logger;
  readonly now?: () => Date;
  readonly timeZone?: string;
  /** How often the demo's fiscal-server simulator processes the PRRO queue. */
  readonly simulatorIntervalMs?: number;
  /** A different upstream (a remote back office); the embedded one is the default. */
  readonly upstream?: Upstream;
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

/** Opens (creating or upgrading) the service database; used by `keys` commands too. */
export function openServiceDatabase(file: string): Db {
  const db = openDatabase(file);
  migrate(db, [...gatewayMigrations, ...ENGINE_MIGRATIONS]);
  // Fold the migrations (and a demo seed) out of the WAL: reads that must search a long WAL
  // cost several times more than reads of the main file.
  db.pragma('wal_checkpoint(TRUNCATE)');
  return db;
}

const isEmpty = (db: Db) => db.prepare('SELECT count(*) FROM goods').pluck().get() === 0;

export async function startService(cfg: ServiceConfig): Promise<RunningService> {
  const logger = cfg.logger ?? jsonLogger();
  const db = openServiceDatabase(cfg.dbFile);
  const now = cfg.now ?? (() => new Date());
  if (cfg.demo && isEmpty(db)) {
    const goods = typeof cfg.demo === 'object' ? cfg.demo.goods : undefined;
    const t0 = performance.now();
    seedDemo(db, { ...(goods ? { goods } : {}), now: now() });
    db.pragma('wal_checkpoint(TRUNCATE)');
    logger.log('info', 'demo shop created', { ms: Math.round(performance.now() - t0) });
  }
  const keys = new KeyStore(db);
  const idempotency = new IdempotencyStore(db, cfg.idempotencyTtlMs ?? DEFAULT_IDEMPOTENCY_TTL_MS);
  const upstream = cfg.upstream ?? createEmbeddedUpstream(db, { now, ...(cfg.timeZone ? { timeZone: cfg.timeZone } : {}) });
  const rateLimit = cfg.rateLimit === undefined ? DEFAULT_RATE_LIMIT : cfg.rateLimit;
  // Set below when the demo's tax server runs: a write that issued fiscal documents sends them at once.
  let sendFiscalSoon: (() => void) | undefined;
  const gateway = createGateway({
    // Not after the PRRO queue's own changes: a manager's correction is sent on the next round, as before.
    afterWrite: (method) => {
      if (!method.startsWith('pos.prro_inline_')) sendFiscalSoon?.();
    },
    keys,
    idempotency,
    upstream,
    ...(rateLimit ? { rateLimiter: new RateLimiter(rateLimit) } : {}),
    upstreamTimeoutMs: cfg.upstreamTimeoutMs ?? 15_000,
  });
  const ping = db.prepare('SELECT 1');
  const limits: Partial<HttpLimits> = {
    ...(cfg.bodyLimit ? { bodyBytes: cfg.bodyLimit } : {}),
    ...(cfg.bodyBytesInFlight ? { bodyBytesInFlight: cfg.bodyBytesInFlight } : {}),
    ...(cfg.maxConnections ? { connections: cfg.maxConnections } : {}),
    ...(cfg.requestTimeoutMs ? { requestTimeoutMs: cfg.requestTimeoutMs } : {}),
  };
  const http = createHttpServer({
    admit: gateway.admit,
    handle: gateway.handle,
    logger,
    limits,
    health: () => {
      try {
        ping.get();
        return { ok: true, upstream: upstream.name, version: upstream.version };
      } catch {
        return { ok: false, upstream: upstream.name, version: upstream.version };
      }
    },
  });

  const timers: NodeJS.Timeout[] = [];
  const purge = () => {
    const n = idempotency.purgeExpired();
    if (n > 0) logger.log('info', 'idempotency records expired', { count: n });
    const changes = pruneCatalogChanges(db);
    if (changes > 0) logger.log('info', 'catalogue change log pruned', { count: changes });
  };
  purge();
  timers.push(setInterval(purge, 3600_000).unref());
  if (cfg.demo) {
    // The demo's fiscal server is the simulator; the real DPS server is a later adapter of the same port.
    const fiscalServer = simulatedFiscalServer(db);
    let sending = false;
    let again = false;
    const step = async () => {
      if (sending) {
        // A document made while a send runs goes right after it, not at the next interval.
        again = true;
        return;
      }
      sending = true;
      again = false;
      try {
        const r = await dispatchFiscal(db, fiscalServer, now, cfg.timeZone ?? 'Europe/Kyiv');
        if (r.accepted + r.rejected + r.wentOffline.length + r.cameOnline.length > 0)
          logger.log('info', 'fiscal server', { ...r });
      } catch (err) {
        logger.log('warn', 'fiscal dispatch failed', { error: String(err) });
      } finally {
        sending = false;
        if (again) setImmediate(() => void step());
      }
    };
    timers.push(setInterval(step, cfg.simulatorIntervalMs ?? 5000).unref());
    // A PRRO sends each document as it is made, so the customer's receipt carries its fiscal number;
    // the interval above still retries what could not be sent (the server cut, a rejected chain).
    sendFiscalSoon = () => {
      setImmediate(() => void step());
    };
  }

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
    db,
    keys,
    load: http.load,
    async close() {
      if (closed) return;
      closed = true;
      for (const t of timers) clearInterval(t);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await upstream.close();
      db.close();
    },
  };
}
