/**
 * One client's back office, open: its SQLite file with the business data and the idempotency
 * records (so a write and its record share a transaction), the back office upon it, the hourly purge,
 * and the fiscal dispatcher that signs its PRRO documents and sends them to the tax server (the
 * DPS's, or in a demo the simulator on loopback: fiscal-link.ts). The single-file service holds
 * one; a data folder holds one per client, opened when first asked for.
 *
 * Everything here runs in the thread that opened the back office, and only there: on PostgreSQL
 * that is one of the process's back office threads (clients/threads/), whose timers run the
 * purge and the dispatcher on its own connection; a back office never moves to another thread.
 */

import { privateDatabaseFile } from '../../shared-node/fs/private-files.js';
import type { Logger } from '../../shared-node/log/logger.js';
import { type Db, dialectOf } from '../../shared-node/sql/db.js';
import { idleCheckpoint } from '../../shared-node/sqlite/idle-checkpoint.js';
import { migrate } from '../../shared-node/sqlite/migrate.js';
import { openDatabase, type Db as SqliteDb } from '../../shared-node/sqlite/open.js';
import { BACK_OFFICE_MIGRATIONS, createBackOffice } from '../back-office/back-office.js';
import { pruneCatalogChanges } from '../back-office/catalog/index.js';
import { seedDemo } from '../back-office/demo/index.js';
import { dispatchFiscal } from '../back-office/sales/prro/server/dispatch.js';
import { gatewayMigrations } from '../gateway/schema.js';
import { DEFAULT_IDEMPOTENCY_TTL_MS, IdempotencyStore } from '../idempotency/store.js';
import type { Upstream } from '../upstream/upstream.js';
import { type FiscalOptions, openFiscalLink } from './fiscal-link.js';

export interface BackOfficeOptions {
  /** The back office's SQLite file; or `db`, a database opened and migrated already (PostgreSQL). */
  readonly dbFile?: string;
  readonly db?: Db;
  readonly logger: Logger;
  /** Fill an empty database with the demo shop (`goods` sizes the catalogue) and run the fiscal-server simulator. */
  readonly demo?: boolean | { readonly goods?: number };
  readonly idempotencyTtlMs?: number;
  readonly now?: () => Date;
  readonly timeZone?: string;
  /** How often the fiscal dispatcher goes over the PRRO queue besides after a write that made work for it (5 s by default). */
  readonly simulatorIntervalMs?: number;
  /** The tax server, its CAs and the secret for unattended keys (fiscal-link.ts). */
  readonly fiscal?: FiscalOptions;
  /** A different upstream (a remote back office); the embedded one on this file is the default. */
  readonly upstream?: Upstream;
}

export interface BackOffice {
  readonly db: Db;
  readonly upstream: Upstream;
  readonly idempotency: IdempotencyStore;
  /** Told after a write was performed (not a replay): the WAL is checkpointed once writes pause. */
  afterWrite(): void;
  /** Whether the database answers a read now. */
  healthy(): boolean;
  close(): Promise<void>;
}

/** Opens (creating or upgrading) a back office database; used by `keys` commands too. */
export function openServiceDatabase(file: string): SqliteDb {
  // Key hashes and PIN hashes: readable by the service's user only.
  const db = openDatabase(privateDatabaseFile(file));
  migrate(db, [...gatewayMigrations, ...BACK_OFFICE_MIGRATIONS]);
  // Fold the migrations (and a demo seed) out of the WAL: reads that must search a long WAL
  // cost several times more than reads of the main file.
  db.pragma('wal_checkpoint(TRUNCATE)');
  return db;
}

const need = (file: string | undefined): string => {
  if (!file) throw new Error('a back office needs its file or an opened database');
  return file;
};

const isEmpty = (db: Db) => db.prepare('SELECT count(*) FROM goods').pluck().get() === 0;

export function openBackOffice(opts: BackOfficeOptions): BackOffice {
  const { logger } = opts;
  const db = opts.db ?? openServiceDatabase(need(opts.dbFile));
  const sqlite = dialectOf(db) === 'sqlite';
  const now = opts.now ?? (() => new Date());
  if (opts.demo && isEmpty(db)) {
    const goods = typeof opts.demo === 'object' ? opts.demo.goods : undefined;
    const t0 = performance.now();
    seedDemo(db, { ...(goods ? { goods } : {}), now: now() });
    if (sqlite) (db as SqliteDb).pragma('wal_checkpoint(TRUNCATE)');
    logger.log('info', 'demo shop created', { ms: Math.round(performance.now() - t0) });
  }
  const idempotency = new IdempotencyStore(db, opts.idempotencyTtlMs ?? DEFAULT_IDEMPOTENCY_TTL_MS);
  const ping = db.prepare('SELECT 1 FROM schema_migrations LIMIT 1');

  // On SQLite the WAL is folded into the main file between a till's sales, not inside one's commit.
  const checkpoint = sqlite
    ? idleCheckpoint(db as SqliteDb, undefined, (err) => logger.log('warn', 'idle checkpoint failed', { error: String(err) }))
    : undefined;

  const timers: NodeJS.Timeout[] = [];
  const purge = () => {
    const n = idempotency.purgeExpired();
    if (n > 0) logger.log('info', 'idempotency records expired', { count: n });
    const changes = pruneCatalogChanges(db);
    if (changes > 0) logger.log('info', 'catalogue change log pruned', { count: changes });
  };
  purge();
  timers.push(setInterval(purge, 3600_000).unref());

  // Documents are signed and sent as they are made, so the customer's receipt carries its fiscal
  // number: after a write that queued one or unlocked what held some back (the back office says
  // which: back-office/sales/kernel/register/dispatch-due.ts), and after no other write, which
  // would only pay for a walk over every register's queue. The interval retries what could not go
  // (the server unreachable, a refused chain, a locked key) and is the net for anything unmarked.
  const link = openFiscalLink(db, { demo: Boolean(opts.demo), ...(opts.fiscal ? { fiscal: opts.fiscal } : {}), logger, now });
  let closed = false;
  let sending = false;
  let again = false;
  const step = async () => {
    if (closed) return;
    if (sending) {
      // A document made while a send runs goes right after it, not at the next interval.
      again = true;
      return;
    }
    sending = true;
    again = false;
    try {
      const server = await link.server;
      const r = await dispatchFiscal(db, server, now, opts.timeZone ?? 'Europe/Kyiv');
      if (r.accepted + r.rejected + r.wentOffline.length + r.cameOnline.length > 0) logger.log('info', 'fiscal server', { ...r });
    } catch (err) {
      if (!closed) logger.log('warn', 'fiscal dispatch failed', { error: err instanceof Error ? err.message : String(err) });
    } finally {
      sending = false;
      if (again && !closed) setImmediate(() => void step());
    }
  };
  timers.push(setInterval(step, opts.simulatorIntervalMs ?? 5000).unref());
  const sendFiscalSoon = () => {
    setImmediate(() => void step());
  };
  const upstream =
    opts.upstream ??
    createBackOffice(db, { now, ...(opts.timeZone ? { timeZone: opts.timeZone } : {}), dispatchDue: sendFiscalSoon });
  // What waits from before (a restart, a demo's seed) is signed and sent once the link is up, not by the first sale.
  link.server.then(sendFiscalSoon, () => undefined);

  return {
    db,
    upstream,
    idempotency,
    afterWrite() {
      checkpoint?.wrote();
    },
    healthy() {
      try {
        ping.get();
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const t of timers) clearInterval(t);
      checkpoint?.stop();
      await link.close();
      await upstream.close();
      db.close();
    },
  };
}
