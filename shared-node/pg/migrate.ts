/**
 * The same migrations as SQLite's (shared-node/sqlite/migrate.ts), run on one PostgreSQL schema:
 * each translated by dialect.ts, once, in its own transaction, recorded in the schema's own
 * `schema_migrations`. Two service processes that start together take turns on an advisory lock
 * for the schema, so a migration never runs twice.
 */
import type { Db } from '../sql/db.js';
import type { Migration } from '../sqlite/migrate.js';
import type { RowidColumns } from './dialect.js';
import { PG_PRELUDE, translateScript } from './dialect.js';
import { PgDb, quoteIdent } from './pg-db.js';
import type { PgConnection } from './sync-pg.js';

/** Each table's rowid column, as the migrations leave it: what a PgDb needs to know of a schema. */
export function rowidColumnsOf(migrations: readonly Migration[]): Map<string, string> {
  const rowids = new Map<string, string>();
  for (const m of sorted(migrations)) if (m.postgres === undefined && typeof m.up === 'string') translateScript(m.up, rowids);
  return rowids;
}

/** What migrating needs of a schema's database: a PgDb, or one that pins its schema per transaction. */
export type MigratableDb = Db & {
  readonly schema: string;
  query(sql: string, params?: readonly unknown[]): Record<string, unknown>[];
};

export function migratePg(db: MigratableDb, migrations: readonly Migration[]): string[] {
  const schema = quoteIdent(db.schema);
  const applied: string[] = [];
  db.transaction(() => {
    db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [db.schema]);
    db.exec(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT COLLATE "C" PRIMARY KEY, applied_at TEXT NOT NULL)`);
    const done = new Set(db.query('SELECT id FROM schema_migrations').map((r) => r.id as string));
    const pending = sorted(migrations).filter((m) => !done.has(m.id));
    // Replaced only along with migrations (a change to it comes with one): a schema up to date is
    // opened without writing to PostgreSQL's catalogue, as a client's first request of the day does.
    if (pending.length > 0) db.exec(PG_PRELUDE);
    for (const m of pending) {
      const sql = m.postgres ?? (typeof m.up === 'string' ? translateScript(m.up, new Map()) : undefined);
      db.transaction(() => {
        if (sql !== undefined) db.exec(sql);
        else if (typeof m.up === 'function') m.up(db);
        db.query('INSERT INTO schema_migrations (id, applied_at) VALUES ($1, $2)', [m.id, new Date().toISOString()]);
      })();
      applied.push(m.id);
    }
  })();
  return applied;
}

function sorted(migrations: readonly Migration[]): Migration[] {
  const ids = new Set<string>();
  for (const m of migrations) {
    if (ids.has(m.id)) throw new Error(`migration ${m.id} is listed twice`);
    ids.add(m.id);
  }
  return [...migrations].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Connects to `schema` and brings it to the migrations' version; the connection is closed if that fails. */
export function openMigrated(
  connection: PgConnection,
  schema: string,
  migrations: readonly Migration[],
  rowids: RowidColumns = rowidColumnsOf(migrations),
): PgDb {
  const db = PgDb.connect(connection, schema, rowids);
  try {
    migratePg(db, migrations);
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}
