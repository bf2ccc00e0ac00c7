/**
 * Where the crash test's back office keeps its data: a SQLite file (`serve --db FILE`), or a
 * PostgreSQL cluster the run starts for itself (`serve --db postgres://…`, durable: fsync on, as a
 * hosted service runs it), so the same schedule of kills proves exactly-once on both engines.
 *
 * Its integrity check is each engine's own: SQLite's `PRAGMA integrity_check` of the file, and on
 * PostgreSQL contrib's amcheck over the client's tables and their B-tree indexes (every row's
 * heap tuple readable, every index in order and holding every row), which is what a crash mid-write
 * could break.
 */
import { join } from 'node:path';
import { openShopDb } from '../../../server/testing/service-process.js';
import { startTestPostgres, type TestPostgres } from '../../../shared-node/pg/test-cluster.js';
import type { Db } from '../../../shared-node/sql/db.js';
import { dialectOf } from '../../../shared-node/sql/db.js';

export type CrashEngine = 'sqlite' | 'postgres';

export interface CrashStore {
  /** What `serve --db` and `keys create --db` take: the file, or the database's URL. */
  readonly db: string;
  /** PostgreSQL: its server, which the run may stop as by a power cut and start again. */
  readonly database?: { crash(): void; start(): void };
  close(): Promise<void>;
}

export async function openCrashStore(engine: CrashEngine, dir: string): Promise<CrashStore> {
  if (engine === 'sqlite') return { db: join(dir, 'backoffice.sqlite'), close: async () => {} };
  const pg: TestPostgres = await startTestPostgres({ durable: true });
  return { db: pg.url, database: pg, close: () => pg.stop() };
}

/** The test's own connection to the shop the service serves (read-only on SQLite). */
export function withShop<T>(db: string, use: (shop: Db) => T): T {
  const shop = openShopDb(db);
  try {
    return use(shop);
  } finally {
    shop.close();
  }
}

/** 'ok', or what the engine found wrong. */
export function integrityOf(shop: Db): string {
  if (dialectOf(shop) === 'sqlite') return String(shop.prepare('PRAGMA integrity_check').pluck().get());
  shop.prepare('CREATE EXTENSION IF NOT EXISTS amcheck SCHEMA public').run();
  const schema = shop.prepare('SELECT current_schema()').pluck().get() as string;
  const heap = shop
    .prepare(
      `SELECT c.relname, v.msg FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace,
         LATERAL public.verify_heapam(c.oid) v
       WHERE n.nspname = ? AND c.relkind = 'r'`,
    )
    .all(schema) as { relname: string; msg: string }[];
  const indexes = shop
    .prepare(
      `SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_am a ON a.oid = c.relam WHERE n.nspname = ? AND a.amname = 'btree'`,
    )
    .all(schema) as { relname: string }[];
  const broken: string[] = heap.map((h) => `${h.relname}: ${h.msg}`);
  for (const { relname } of indexes) {
    try {
      // heapallindexed: every row of the table is found in the index, not only the index in order.
      shop.prepare('SELECT public.bt_index_check(to_regclass(?), true)').get(`${schema}.${relname}`);
    } catch (err) {
      broken.push(`${relname}: ${(err as Error).message}`);
    }
  }
  return broken.length === 0 ? 'ok' : broken.slice(0, 5).join('; ');
}
