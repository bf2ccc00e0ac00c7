/**
 * The database a back-office test runs on, from the same test file for both engines: a SQLite
 * file in a temp folder, or — in the `postgres` test project (vitest.config.ts) — a schema of its
 * own in the PostgreSQL cluster that project's global setup started (postgres.global-setup.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { migratePg, openMigrated } from '../../shared-node/pg/migrate.js';
import { PgDb, quoteIdent } from '../../shared-node/pg/pg-db.js';
import { SyncPg } from '../../shared-node/pg/sync-pg.js';
import { parsePgUrl } from '../../shared-node/pg/url.js';
import { type Db, type Dialect, dialectOf } from '../../shared-node/sql/db.js';
import { type Migration, migrate } from '../../shared-node/sqlite/migrate.js';
import { openDatabase } from '../../shared-node/sqlite/open.js';

/** The back office this test run's back office is on. */
export const TEST_ENGINE: Dialect = process.env.BACKOFFICE_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

/**
 * How the test engine would run `sql` with `params`, one line per step: SQLite's EXPLAIN QUERY PLAN
 * details ("SCAN t", "SEARCH d USING INDEX …"), PostgreSQL's EXPLAIN lines ("Index Scan using …").
 */
export function queryPlan(db: Db, sql: string, params: readonly unknown[] = []): string {
  const postgres = dialectOf(db) === 'postgres';
  return db
    .prepare(`${postgres ? 'EXPLAIN' : 'EXPLAIN QUERY PLAN'} ${sql}`)
    .all(...params)
    .map((r) => (postgres ? (r as { 'QUERY PLAN': string })['QUERY PLAN'] : (r as { detail: string }).detail))
    .join('\n');
}

export interface BackOfficeDb {
  readonly db: Db;
  /** The SQLite file; undefined on PostgreSQL. */
  readonly file?: string;
  close(): void;
}

let schemas = 0;

export function openBackOfficeDb(migrations: readonly Migration[], prefix = 'shop'): BackOfficeDb {
  if (TEST_ENGINE === 'postgres') {
    const connection = parsePgUrl(inject('postgresUrl'));
    const schema = `${prefix.replace(/\W/g, '_')}_${process.pid}_${++schemas}`;
    const db = openMigrated(connection, schema, migrations);
    return {
      db,
      close() {
        try {
          db.query(`DROP SCHEMA ${quoteIdent(schema)} CASCADE`);
        } finally {
          db.close();
        }
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const file = path.join(dir, 'shop.sqlite');
  const db = openDatabase(file);
  migrate(db, migrations);
  return {
    db,
    file,
    close() {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface TestDatabase {
  /** postgres://… of the new database: what `serve --db` and startDataService take. */
  readonly url: string;
  /** Drops it, whoever is still connected. */
  drop(): void;
}

let databases = 0;

/**
 * A PostgreSQL database of its own in the `postgres` project's cluster, for a test that needs a
 * whole one (a service of many clients: its registry schema has a fixed name). Created and dropped
 * through a short-lived connection to the cluster's own database.
 */
export function createTestDatabase(prefix = 't'): TestDatabase {
  const cluster = inject('postgresUrl');
  const name = `${prefix.replace(/\W/g, '_')}_${process.pid}_${++databases}`;
  const admin = (sql: string) => {
    const pg = new SyncPg(parsePgUrl(cluster));
    try {
      pg.query(sql);
    } finally {
      pg.close();
    }
  };
  admin(`CREATE DATABASE ${quoteIdent(name)}`);
  return {
    url: cluster.replace(/\/[^/]*$/, `/${name}`),
    drop: () => admin(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`),
  };
}

/** Runs more migrations on a database openBackOfficeDb opened, on its engine (an upgrade test). */
export function migrateBackOfficeDb(db: Db, migrations: readonly Migration[]): string[] {
  return db instanceof PgDb ? migratePg(db, migrations) : migrate(db as Parameters<typeof migrate>[0], migrations);
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

/** A table's rows in a stable order: SQLite's rowid order, PostgreSQL's whole-row order. */
export function orderedRows(db: Db, table: string, columns = '*'): unknown[] {
  const order = dialectOf(db) === 'postgres' ? `"${table}"` : 'rowid';
  return db.prepare(`SELECT ${columns} FROM "${table}" ORDER BY ${order}`).all();
}

/** The schema's own tables (not the back office's bookkeeping or the migrations' record). */
export function userTables(db: Db): string[] {
  const sql =
    dialectOf(db) === 'postgres'
      ? "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> 'schema_migrations' ORDER BY table_name"
      : "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations' ORDER BY name";
  return db.prepare(sql).pluck().all() as string[];
}

/** Another connection to the same PostgreSQL schema: a second till or service process, side by side. */
export function anotherConnection(db: Db): PgDb {
  if (!(db instanceof PgDb)) throw new Error('a second connection side by side is a PostgreSQL test');
  return PgDb.connect(parsePgUrl(inject('postgresUrl')), db.schema, db.rowids);
}
