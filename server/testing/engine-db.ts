/**
 * The database a back-office test runs on, from the same test file for both engines: a SQLite
 * file in a temp folder, or — in the `postgres` test project (vitest.config.ts) — a schema of its
 * own in the PostgreSQL cluster that project's global setup started (postgres.global-setup.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { migratePg, rowidColumnsOf } from '../../shared-node/pg/migrate.js';
import { PgDb, quoteIdent } from '../../shared-node/pg/pg-db.js';
import { parsePgUrl } from '../../shared-node/pg/url.js';
import { type Db, type Dialect, dialectOf } from '../../shared-node/sql/db.js';
import { type Migration, migrate } from '../../shared-node/sqlite/migrate.js';
import { openDatabase } from '../../shared-node/sqlite/open.js';

/** The engine this test run's back office is on. */
export const TEST_ENGINE: Dialect = process.env.BACKOFFICE_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

export interface EngineDb {
  readonly db: Db;
  /** The SQLite file; undefined on PostgreSQL. */
  readonly file?: string;
  close(): void;
}

let schemas = 0;

export function openEngineDb(migrations: readonly Migration[], prefix = 'shop'): EngineDb {
  if (TEST_ENGINE === 'postgres') {
    const connection = parsePgUrl(inject('postgresUrl'));
    const schema = `${prefix.replace(/\W/g, '_')}_${process.pid}_${++schemas}`;
    const db = PgDb.connect(connection, schema, rowidColumnsOf(migrations));
    migratePg(db, migrations);
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

/** The schema's own tables (not the engine's bookkeeping or the migrations' record). */
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
