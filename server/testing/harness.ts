/**
 * A real service on one back office, on a free loopback port, for tests that go through HTTP: on
 * a real SQLite file in a temp folder, or — in the `postgres` test project (back-office-db.ts) — on a
 * schema of a PostgreSQL database of its own, dropped at close. Every write sent with `ok`/`call`
 * gets a fresh Idempotency-Key unless one is given.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findOperation, type RpcResult } from '../../shared/contract/index.js';
import { silentLogger } from '../../shared-node/log/logger.js';
import { openMigrated, rowidColumnsOf } from '../../shared-node/pg/migrate.js';
import { parsePgUrl } from '../../shared-node/pg/url.js';
import { CLIENT_MIGRATIONS } from '../clients/store.js';
import { type RunningService, type ServiceConfig, startService } from '../service.js';
import { createTestDatabase, TEST_ENGINE } from './back-office-db.js';

export interface CallOptions {
  readonly idempotencyKey?: string | null;
  readonly key?: string;
  readonly id?: unknown;
  /** More headers, e.g. X-Cashier. */
  readonly headers?: Readonly<Record<string, string>>;
}

export interface TestService {
  readonly url: string;
  /** An API key with every scope. */
  readonly key: string;
  /** The SQLite file; undefined on PostgreSQL. */
  readonly dbFile: string | undefined;
  readonly service: RunningService;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the service answered, success or error
  call(method: string, params: unknown, opts?: CallOptions): Promise<{ status: number; headers: Headers; body: any }>;
  /** Calls and returns `data.result`, failing with the error body when the call is refused. */
  ok(method: string, params?: unknown, opts?: CallOptions): Promise<RpcResult>;
  close(): Promise<void>;
}

/** One request to a service's POST /v1/rpc with a key; a write gets a fresh Idempotency-Key unless one is given. */
export async function rpcCall(url: string, key: string, method: string, params: unknown, o: CallOptions = {}) {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Authorization: `Bearer ${key}`,
    ...o.headers,
  };
  const isWrite = findOperation(method)?.kind === 'write';
  if (o.idempotencyKey !== null && (o.idempotencyKey !== undefined || isWrite))
    headers['Idempotency-Key'] = o.idempotencyKey ?? randomUUID();
  const res = await fetch(`${url}/v1/rpc`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ method, params, ...(o.id === undefined ? {} : { id: o.id }) }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the service answered, success or error
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}

export async function startTestService(opts: Partial<ServiceConfig> = {}): Promise<TestService> {
  const where = backOfficeWhere();
  let service: RunningService;
  try {
    service = await startService({ logger: silentLogger, rateLimit: false, ...opts, ...where.config, port: 0 });
  } catch (err) {
    where.remove();
    throw err;
  }
  const { key } = service.keys.create('test', 'all');

  const call = (method: string, params: unknown, o: CallOptions = {}) => rpcCall(service.url, o.key ?? key, method, params, o);

  return {
    url: service.url,
    key,
    dbFile: where.config.dbFile,
    service,
    call,
    async ok(method, params = {}, o) {
      const r = await call(method, params, o);
      if (r.status !== 200) throw new Error(`${method} answered ${r.status}: ${JSON.stringify(r.body.error)}`);
      return r.body.data.result as RpcResult;
    },
    async close() {
      await service.close();
      where.remove();
    },
  };
}

const CLIENT_ROWIDS = rowidColumnsOf(CLIENT_MIGRATIONS);

/** The back office of a test service on the test run's engine, and how to remove it after the service closed. */
function backOfficeWhere(): { config: Pick<ServiceConfig, 'dbFile' | 'db'>; remove(): void } {
  if (TEST_ENGINE === 'postgres') {
    const database = createTestDatabase('svc');
    try {
      const db = openMigrated(parsePgUrl(database.url), 'shop', CLIENT_MIGRATIONS, CLIENT_ROWIDS);
      return { config: { db }, remove: database.drop };
    } catch (err) {
      database.drop();
      throw err;
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'rpc-test-'));
  return { config: { dbFile: join(dir, 'shop.sqlite') }, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
