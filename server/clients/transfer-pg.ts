/**
 * Moving one shop between a back office file (a till, a shop's own server) and a PostgreSQL
 * database of many clients (`--db postgres://…`), without loss, as transfer.ts does for a data
 * folder: every table copied row for row (table-copy.ts), idempotency records included, so a
 * till's queued writes still replay after the move; the shop's API keys move with it.
 *
 * A file taken in becomes a client in one PostgreSQL transaction: the client's row and its keys
 * in the registry, its schema, its migrations and its rows. Whatever fails, nothing of it stays,
 * and a service running on the database sees the client whole or not at all.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { privateFile } from '../../shared-node/fs/private-files.js';
import { migratePg } from '../../shared-node/pg/migrate.js';
import { PgDb, quoteIdent as q } from '../../shared-node/pg/pg-db.js';
import type { Db as SqliteDb } from '../../shared-node/sqlite/open.js';
import { openServiceDatabase } from './back-office.js';
import { type Client, ClientRegistry, newClient } from './registry.js';
import { CLIENT_MIGRATIONS, CLIENT_ROWIDS, type PostgresStore, postgresStore, REGISTRY_SCHEMA } from './store.js';
import { copyPgToSqlite, copySqliteToPg } from './table-copy.js';
import { copyDatabase, KEY_COLUMNS, type KeyRow } from './transfer.js';

export interface Moved {
  readonly client: Client;
  readonly keys: number;
  /** Rows of the back office's tables moved, keys apart (they live in the registry on PostgreSQL). */
  readonly rows: number;
}

/**
 * Makes a new client of the PostgreSQL database from a back office file of any schema version:
 * its data, and its keys bound to the new client. Refuses when the name or a key is taken, before
 * anything is written.
 */
export function importClientPg(url: string, name: string, fromFile: string): Moved {
  if (!existsSync(fromFile)) throw new Error(`no such file: ${fromFile}`);
  const store = postgresStore(url);
  const client = newClient(name);
  const work = mkdtempSync(join(tmpdir(), 'cashdesk-import-'));
  let source: SqliteDb | undefined;
  try {
    source = migratedCopy(fromFile, work);
    const keys = source.prepare(`SELECT ${KEY_COLUMNS} FROM api_keys ORDER BY created_at`).all() as KeyRow[];
    refuseTaken(store, name, keys);
    const rows = createClient(store, client, source, keys);
    return { client, keys: keys.length, rows };
  } finally {
    source?.close();
    rmSync(work, { recursive: true, force: true });
  }
}

/** The copy, not the till's file, is brought to this version's schema, as the folder import does. */
function migratedCopy(fromFile: string, work: string): SqliteDb {
  const file = join(work, 'back-office.sqlite');
  copyDatabase(fromFile, file);
  return openServiceDatabase(privateFile(file));
}

/** Refuses a name or a key the database has already: a key acts for one client only. */
function refuseTaken(store: PostgresStore, name: string, keys: readonly KeyRow[]): void {
  const registryDb = store.openRegistry();
  try {
    if (new ClientRegistry(registryDb).byName(name)) throw new Error(`a client named ${name} exists already`);
    const taken = registryDb.prepare('SELECT 1 FROM api_keys WHERE id = ? OR name = ?');
    for (const k of keys) {
      if (taken.get(k.id, k.name)) throw new Error(`the database has a key named ${k.name} already; rename or revoke one first`);
    }
  } finally {
    registryDb.close();
  }
}

/** The client whole, in one transaction: its registry rows, its schema, its rows. Returns the rows copied. */
function createClient(store: PostgresStore, client: Client, source: SqliteDb, keys: readonly KeyRow[]): number {
  // The schema is named by the client's id; the connection's search_path names it before it exists.
  const target = PgDb.connect(store.connection, client.id, CLIENT_ROWIDS);
  try {
    return target.transaction(() => {
      if (target.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [client.id]).length) {
        throw new Error(`a schema ${client.id} exists already`);
      }
      // Registered first: a name or key another import took meanwhile fails here, before the copy.
      register(target, client, keys);
      migratePg(target, CLIENT_MIGRATIONS);
      const { rows } = copySqliteToPg(source, target);
      // A client's keys live in the registry alone (as in a data folder): one place per key.
      target.query(`DELETE FROM ${q(client.id)}.api_keys`);
      return rows - keys.length;
    })();
  } finally {
    target.close();
  }
}

/**
 * Writes a client of the PostgreSQL database out as a back office file of its own, fully
 * migrated, with its keys (client_id ''): the file a folder export makes.
 */
export function exportClientPg(url: string, nameOrId: string, toFile: string): Moved {
  if (existsSync(toFile)) throw new Error(`${toFile} exists already; give a new file`);
  const store = postgresStore(url);
  const registryDb = store.openRegistry();
  let client: Client | undefined;
  let keys: KeyRow[];
  try {
    client = new ClientRegistry(registryDb).find(nameOrId);
    if (!client) throw new Error(`no client named ${nameOrId}`);
    keys = registryDb
      .prepare(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE client_id = ? ORDER BY created_at`)
      .all(client.id) as KeyRow[];
  } finally {
    registryDb.close();
  }
  // Written beside the file under another name and put in place whole: a failure leaves no
  // half a back office where one was asked for.
  const partial = join(dirname(toFile), `.${basename(toFile)}.${randomBytes(4).toString('hex')}.partial`);
  // A client that never served a request has no schema yet: its back office is a new one.
  const source = store.openClient(client.id);
  try {
    const out = openServiceDatabase(privateFile(partial));
    let rows = 0;
    try {
      source.transaction(() => {
        // One snapshot of every table, while a service may go on writing to the client.
        source.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
        out.transaction(() => {
          // On PostgreSQL a client's keys are the registry's, not its schema's: written in below.
          rows = copyPgToSqlite(source, out).rows;
          out.exec('DELETE FROM api_keys');
          const insert = out.prepare(`INSERT INTO api_keys (${KEY_COLUMNS}, client_id) VALUES (?, ?, ?, ?, ?, ?, '')`);
          for (const k of keys) insert.run(k.id, k.name, k.secret_hash, k.scopes, k.created_at, k.revoked_at);
        })();
      })();
      // Everything in the file itself: it is moved alone, without its -wal.
      out.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      out.close();
    }
    putInPlace(partial, toFile);
    return { client, keys: keys.length, rows };
  } finally {
    source.close();
    for (const f of [partial, `${partial}-wal`, `${partial}-shm`]) rmSync(f, { force: true });
  }
}

/**
 * The client and its keys in the registry, on the connection and in the transaction that make its
 * schema (so by their full names: that connection's search_path is the client's schema).
 */
function register(db: PgDb, client: Client, keys: readonly KeyRow[]): void {
  const registry = q(REGISTRY_SCHEMA);
  db.query(`INSERT INTO ${registry}.clients (id, name, created_at) VALUES ($1, $2, $3)`, [
    client.id,
    client.name,
    client.createdAt,
  ]);
  for (const k of keys) {
    db.query(`INSERT INTO ${registry}.api_keys (${KEY_COLUMNS}, client_id) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
      k.id,
      k.name,
      k.secret_hash,
      k.scopes,
      k.created_at,
      k.revoked_at,
      client.id,
    ]);
  }
}

/** Puts the finished file in place, never over a file that appeared meanwhile. */
function putInPlace(partial: string, toFile: string): void {
  try {
    // A hard link fails if the name is taken, where a rename would replace the file.
    linkSync(partial, toFile);
    return;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new Error(`${toFile} exists already; give a new file`);
  }
  // A file system without hard links (FAT on a memory stick): a rename, after one more look.
  if (existsSync(toFile)) throw new Error(`${toFile} exists already; give a new file`);
  renameSync(partial, toFile);
}
