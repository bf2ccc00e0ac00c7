/**
 * Where a service of many clients keeps them: a data folder (`--data DIR`: a SQLite registry and a
 * file per client) or a PostgreSQL database (`--db postgres://…`: a registry schema and a schema
 * per client). Everything above this — the registry's rules, the pool, the gateway, the back office —
 * is the same code for both.
 */

import { privateFile } from '../../shared-node/fs/private-files.js';
import { openMigrated, rowidColumnsOf } from '../../shared-node/pg/migrate.js';
import type { PgDb } from '../../shared-node/pg/pg-db.js';
import type { PgConnection } from '../../shared-node/pg/sync-pg.js';
import { isPostgresUrl, parsePgUrl } from '../../shared-node/pg/url.js';
import type { Db } from '../../shared-node/sql/db.js';
import type { Migration } from '../../shared-node/sqlite/migrate.js';
import { BACK_OFFICE_MIGRATIONS } from '../back-office/back-office.js';
import { gatewayMigrations } from '../gateway/schema.js';
import { openServiceDatabase } from './back-office.js';
import { behindTransactionPooler, openPinned } from './pooled-pg.js';
import { clientFile, isClientId, openRegistry, REGISTRY_MIGRATIONS } from './registry.js';

export interface ClientStore {
  readonly kind: 'folder' | 'postgres';
  /** The folder or the database, for messages (a PostgreSQL address without its password). */
  readonly where: string;
  /** The registry of clients and keys, created or upgraded. */
  openRegistry(): Db;
  /** A client's back office database, created or upgraded (gateway and back office migrations). */
  openClient(id: string): Db;
}

/** `--data DIR` or `--db postgres://…` (`?pool_mode=transaction`: through PgBouncer in transaction mode). */
export function openStore(location: string): ClientStore {
  if (!isPostgresUrl(location)) return folderStore(location);
  return behindTransactionPooler(location) ? pooledPostgresStore(location) : postgresStore(location);
}

export function folderStore(dataDir: string): ClientStore {
  return {
    kind: 'folder',
    where: dataDir,
    openRegistry: () => openRegistry(dataDir),
    openClient: (id) => openServiceDatabase(privateFile(clientFile(dataDir, id))),
  };
}

/** The registry's schema; a client's is its id (`c_` and 16 hex digits, made by the registry). */
export const REGISTRY_SCHEMA = 'cashdesk_registry';
export const CLIENT_MIGRATIONS = [...gatewayMigrations, ...BACK_OFFICE_MIGRATIONS];
export const CLIENT_ROWIDS = rowidColumnsOf(CLIENT_MIGRATIONS);
const REGISTRY_ROWIDS = rowidColumnsOf(REGISTRY_MIGRATIONS);

/** A PostgreSQL store as what it is: moving a client in or out needs its connection and raw SQL. */
export interface PostgresStore extends ClientStore {
  readonly kind: 'postgres';
  readonly connection: PgConnection;
  openRegistry(): PgDb;
  openClient(id: string): PgDb;
}

export function postgresStore(url: string): PostgresStore {
  // Moving a client in or out copies through one schema's session: PostgreSQL's own address only.
  if (behindTransactionPooler(url))
    throw new Error("this takes PostgreSQL's own address, not a pooler's (?pool_mode=transaction)");
  const connection = parsePgUrl(url);
  const open = (schema: string, migrations: readonly Migration[], rowids: ReadonlyMap<string, string>) =>
    openMigrated(connection, schema, migrations, rowids);
  return {
    kind: 'postgres',
    connection,
    where: `postgres://${connection.user}@${connection.host}:${connection.port}/${connection.database}`,
    openRegistry: () => open(REGISTRY_SCHEMA, REGISTRY_MIGRATIONS, REGISTRY_ROWIDS),
    openClient: (id) => {
      // The id names a schema: only ever one the registry made.
      if (!isClientId(id)) throw new Error(`not a client id: ${id}`);
      return open(id, CLIENT_MIGRATIONS, CLIENT_ROWIDS);
    },
  };
}

/** The same store reached through a pooler in transaction mode: each schema pinned per transaction (pooled-pg.ts). */
function pooledPostgresStore(url: string): ClientStore {
  // No named statements: PgBouncer in transaction mode gives each transaction any server connection,
  // where a name prepared on another is unknown (1.21+ can track them; Debian 12 ships 1.18).
  const connection = { ...parsePgUrl(url), prepared: false };
  return {
    kind: 'postgres',
    where: `postgres://${connection.user}@${connection.host}:${connection.port}/${connection.database}?pool_mode=transaction`,
    openRegistry: () => openPinned(connection, REGISTRY_SCHEMA, REGISTRY_MIGRATIONS, REGISTRY_ROWIDS),
    openClient: (id) => {
      if (!isClientId(id)) throw new Error(`not a client id: ${id}`);
      return openPinned(connection, id, CLIENT_MIGRATIONS, CLIENT_ROWIDS);
    },
  };
}
