/**
 * Moving one shop between a back office file (`serve --db FILE`: a till, a shop's own server)
 * and a data folder of many clients, without loss: every table of the back office is copied
 * whole by SQLite's `VACUUM INTO` (one consistent read, even of a file in use), idempotency
 * records included, so a till's queued writes still replay after the move; the shop's API keys
 * move with it (their hashes: the same keys keep working at the new address). The same moves
 * between a file and PostgreSQL are in transfer-pg.ts.
 */
import { existsSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { privateFile } from '../../shared-node/fs/private-files.js';
import { openDatabase } from '../../shared-node/sqlite/open.js';
import { openServiceDatabase } from './back-office.js';
import { type Client, ClientRegistry, clientFile, openRegistry } from './registry.js';

export interface KeyRow {
  id: string;
  name: string;
  secret_hash: string;
  scopes: string;
  created_at: string;
  revoked_at: string | null;
}

export const KEY_COLUMNS = 'id, name, secret_hash, scopes, created_at, revoked_at';

/** Copies a database whole to a file that must not exist yet (VACUUM INTO refuses an existing one). */
export function copyDatabase(from: string, to: string): void {
  // Read-only: copying a shop out of its file leaves that file exactly as it was.
  const db = new Database(from, { readonly: true, fileMustExist: true });
  try {
    db.prepare('VACUUM INTO ?').run(to);
  } finally {
    db.close();
  }
}

/**
 * Makes a new client of the data folder from a back office file: its data, and its keys bound to
 * the new client. Refuses when the name or a key name is taken, before anything is written.
 */
export function importClient(dataDir: string, name: string, fromFile: string): { client: Client; keys: number } {
  if (!existsSync(fromFile)) throw new Error(`no such file: ${fromFile}`);
  const registryDb = openRegistry(dataDir);
  try {
    const registry = new ClientRegistry(registryDb);
    if (registry.byName(name)) throw new Error(`a client named ${name} exists already`);
    const source = new Database(fromFile, { readonly: true, fileMustExist: true });
    let keys: KeyRow[];
    try {
      keys = source.prepare(`SELECT ${KEY_COLUMNS} FROM api_keys ORDER BY created_at`).all() as KeyRow[];
    } finally {
      source.close();
    }
    const taken = registryDb.prepare('SELECT 1 FROM api_keys WHERE id = ? OR name = ?');
    for (const k of keys) {
      if (taken.get(k.id, k.name))
        throw new Error(`the data folder has a key named ${k.name} already; rename or revoke one first`);
    }
    let file = '';
    try {
      // The client and its keys are registered only once its data is all there.
      return registryDb.transaction(() => {
        const client = registry.create(name);
        file = clientFile(dataDir, client.id);
        copyDatabase(fromFile, file);
        privateFile(file);
        // The copy, not the till's file, is brought to this version's schema.
        openServiceDatabase(file).close();
        const insert = registryDb.prepare(`INSERT INTO api_keys (${KEY_COLUMNS}, client_id) VALUES (?, ?, ?, ?, ?, ?, ?)`);
        for (const k of keys) insert.run(k.id, k.name, k.secret_hash, k.scopes, k.created_at, k.revoked_at, client.id);
        // The copy's own key table is not read in a data folder; emptied, so a key lives in one place.
        const copy = openDatabase(file);
        try {
          copy.exec('DELETE FROM api_keys');
        } finally {
          copy.close();
        }
        return { client, keys: keys.length };
      })();
    } catch (err) {
      if (file) for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
      throw err;
    }
  } finally {
    registryDb.close();
  }
}

/** Writes a client of the data folder out as a back office file of its own, with its keys. */
export function exportClient(dataDir: string, nameOrId: string, toFile: string): { client: Client; keys: number } {
  if (existsSync(toFile)) throw new Error(`${toFile} exists already; give a new file`);
  const registryDb = openRegistry(dataDir);
  try {
    const client = new ClientRegistry(registryDb).find(nameOrId);
    if (!client) throw new Error(`no client named ${nameOrId}`);
    const file = clientFile(dataDir, client.id);
    // A client that never served a request has no file yet: its back office is a new one.
    openServiceDatabase(privateFile(file)).close();
    copyDatabase(file, toFile);
    privateFile(toFile);
    const keys = registryDb
      .prepare(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE client_id = ? ORDER BY created_at`)
      .all(client.id) as KeyRow[];
    const out = openDatabase(toFile);
    try {
      out.transaction(() => {
        out.exec('DELETE FROM api_keys');
        const insert = out.prepare(`INSERT INTO api_keys (${KEY_COLUMNS}, client_id) VALUES (?, ?, ?, ?, ?, ?, '')`);
        for (const k of keys) insert.run(k.id, k.name, k.secret_hash, k.scopes, k.created_at, k.revoked_at);
      })();
    } finally {
      out.close();
    }
    return { client, keys: keys.length };
  } finally {
    registryDb.close();
  }
}
