/**
 * The registry of a data folder: its clients (shops) and every API key, each key bound to one
 * client. It holds no business data: each client's back office is a file of its own
 * (`clients/<id>.sqlite`), so one client's data is never in a database another's key reaches.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { makePrivateDataDir, privateFile } from '../../shared-node/fs/private-files.js';
import type { Db } from '../../shared-node/sql/db.js';
import { type Migration, migrate } from '../../shared-node/sqlite/migrate.js';
import { openDatabase } from '../../shared-node/sqlite/open.js';
import { createApiKeysTable } from '../auth/keys-table.js';

export interface Client {
  /** Opaque and fixed for life; names the client's file. */
  readonly id: string;
  /** The operator's name for it, unique in the folder. */
  readonly name: string;
  readonly createdAt: string;
}

/** The client a data folder's single-client commands (no --client) act for, created on first use. */
export const DEFAULT_CLIENT = 'default';

const CLIENT_NAME = /^[\w.@-]{1,64}$/;
const CLIENT_ID = /^c_[0-9a-f]{16}$/;

export const isClientId = (s: string): boolean => CLIENT_ID.test(s);

/** Where a data folder keeps what. */
export const registryFile = (dataDir: string): string => join(dataDir, 'registry.sqlite');
export const clientFile = (dataDir: string, id: string): string => {
  // The id names a file: only ever one the registry made.
  if (!isClientId(id)) throw new Error(`not a client id: ${id}`);
  return join(dataDir, 'clients', `${id}.sqlite`);
};

export const REGISTRY_MIGRATIONS: readonly Migration[] = [
  {
    id: '0001_registry',
    up: `
CREATE TABLE clients (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL
) STRICT;
-- The columns of a back office file's api_keys (server/auth/keys-table.ts), the client always named.
${createApiKeysTable('client_id TEXT NOT NULL REFERENCES clients(id)')}
CREATE INDEX api_keys_client ON api_keys(client_id);
`,
  },
  {
    // One token bucket per API key that every service process on a PostgreSQL store shares
    // (server/auth/shared-rate-limit.ts); a folder's processes keep theirs in memory.
    id: '0002_rate_buckets',
    up: `
CREATE TABLE rate_buckets (
  key_id TEXT PRIMARY KEY,
  tokens REAL NOT NULL,
  at_ms REAL NOT NULL,
  allowed INTEGER NOT NULL
) STRICT;
`,
  },
];

/**
 * Opens (creating or upgrading) a data folder's registry; creates the folder and its clients/
 * folder, both readable by the service's user alone, like every file in them.
 */
export function openRegistry(dataDir: string): Db {
  makePrivateDataDir(dataDir);
  makePrivateDataDir(join(dataDir, 'clients'));
  const db = openDatabase(privateFile(registryFile(dataDir)));
  migrate(db, REGISTRY_MIGRATIONS);
  return db;
}

/**
 * A new client, not yet registered: its name checked, its id made. The registry inserts it; an
 * import into PostgreSQL inserts it itself, in the transaction that makes the client's schema.
 */
export function newClient(name: string): Client {
  if (!CLIENT_NAME.test(name)) throw new Error('a client name is 1 to 64 letters, digits, _ . @ or -');
  return { id: `c_${randomBytes(8).toString('hex')}`, name, createdAt: new Date().toISOString() };
}

export class ClientRegistry {
  constructor(private readonly db: Db) {}

  create(name: string): Client {
    const client = newClient(name);
    if (this.byName(name)) throw new Error(`a client named ${name} exists already`);
    this.db.prepare('INSERT INTO clients (id, name, created_at) VALUES (?, ?, ?)').run(client.id, name, client.createdAt);
    return client;
  }

  list(): Client[] {
    return this.db.prepare('SELECT id, name, created_at AS createdAt FROM clients ORDER BY created_at, name').all() as Client[];
  }

  byName(name: string): Client | undefined {
    return this.db.prepare('SELECT id, name, created_at AS createdAt FROM clients WHERE name = ?').get(name) as
      | Client
      | undefined;
  }

  byId(id: string): Client | undefined {
    return this.db.prepare('SELECT id, name, created_at AS createdAt FROM clients WHERE id = ?').get(id) as Client | undefined;
  }

  /** A client named by its name or its id. */
  find(nameOrId: string): Client | undefined {
    return isClientId(nameOrId) ? (this.byId(nameOrId) ?? this.byName(nameOrId)) : this.byName(nameOrId);
  }

  /** The default client, made the first time a single-client command needs it. */
  defaultClient(): Client {
    return this.byName(DEFAULT_CLIENT) ?? this.create(DEFAULT_CLIENT);
  }
}
