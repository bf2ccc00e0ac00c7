/**
 * A real service of several clients on a free loopback port, with an all-scopes key per client,
 * on the test run's engine (back-office-db.ts): a data folder in a temp folder, or — in the `postgres`
 * project — a PostgreSQL database of its own in the project's cluster, dropped at close. Every
 * write gets a fresh Idempotency-Key unless one is given.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { silentLogger } from '../../shared-node/log/logger.js';
import { rowidColumnsOf } from '../../shared-node/pg/migrate.js';
import { PgDb } from '../../shared-node/pg/pg-db.js';
import { isPostgresUrl, parsePgUrl } from '../../shared-node/pg/url.js';
import type { Db } from '../../shared-node/sql/db.js';
import { type Client, clientFile } from '../clients/registry.js';
import { CLIENT_MIGRATIONS } from '../clients/store.js';
import { type DataServiceConfig, type RunningDataService, startDataService } from '../service.js';
import { createTestDatabase, TEST_ENGINE } from './back-office-db.js';
import { type CallOptions, rpcCall } from './harness.js';

/** What the service answered, success or error, as tests read it. */
// biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the service answered
type Answer = { status: number; headers: Headers; body: any };

export interface TestDataService {
  readonly url: string;
  /** The data folder, or the database's postgres://… address. */
  readonly dataDir: string;
  readonly service: RunningDataService;
  readonly clients: Readonly<Record<string, Client>>;
  /** The all-scopes key of a client, by its name. */
  keyOf(client: string): string;
  call(client: string, method: string, params: unknown, opts?: CallOptions): Promise<Answer>;
  close(): Promise<void>;
}

/** A place for a service of many clients on the test run's engine, and how to remove it. */
export function testDataLocation(): { dataDir: string; remove(): void } {
  if (TEST_ENGINE === 'postgres') {
    const database = createTestDatabase('data');
    return { dataDir: database.url, remove: database.drop };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'rpc-data-'));
  return { dataDir, remove: () => rmSync(dataDir, { recursive: true, force: true }) };
}

/**
 * A connection of the test's own to a client's back office, next to the service's: the client's
 * file read-only, or its schema. Close it after use.
 */
export function openClientDb(dataDir: string, clientId: string): Db {
  if (isPostgresUrl(dataDir)) return PgDb.connect(parsePgUrl(dataDir), clientId, CLIENT_ROWIDS);
  return new Database(clientFile(dataDir, clientId), { readonly: true });
}
const CLIENT_ROWIDS = rowidColumnsOf(CLIENT_MIGRATIONS);

export async function startTestDataService(
  names: readonly string[],
  opts: Partial<DataServiceConfig> = {},
): Promise<TestDataService> {
  const { dataDir, remove } = testDataLocation();
  let service: RunningDataService;
  try {
    service = await startDataService({ logger: silentLogger, rateLimit: false, ...opts, dataDir, port: 0 });
  } catch (err) {
    remove();
    throw err;
  }
  const clients: Record<string, Client> = {};
  const keys: Record<string, string> = {};
  for (const name of names) {
    const client = service.clients.create(name);
    clients[name] = client;
    keys[name] = service.keys.create(`key-${name}`, 'all', client.id).key;
  }
  const keyOf = (name: string) => {
    const key = keys[name];
    if (!key) throw new Error(`no client ${name} in this test service`);
    return key;
  };

  const call = (client: string, method: string, params: unknown, o: CallOptions = {}) =>
    rpcCall(service.url, o.key ?? keyOf(client), method, params, o);

  return {
    url: service.url,
    dataDir,
    service,
    clients,
    keyOf,
    call,
    async close() {
      await service.close();
      remove();
    },
  };
}
