/**
 * A real service on a real SQLite file in a temp folder, on a free loopback port, for tests
 * that go through HTTP. Every write sent with `ok`/`call` gets a fresh Idempotency-Key unless
 * one is given.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findOperation, type RpcResult } from '../../shared/contract/index.js';
import { silentLogger } from '../../shared-node/log/logger.js';
import { type RunningService, type ServiceConfig, startService } from '../service.js';

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
  readonly dbFile: string;
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
  const dir = mkdtempSync(join(tmpdir(), 'rpc-test-'));
  const dbFile = join(dir, 'shop.sqlite');
  const service = await startService({ logger: silentLogger, rateLimit: false, ...opts, dbFile, port: 0 });
  const { key } = service.keys.create('test', 'all');

  const call = (method: string, params: unknown, o: CallOptions = {}) => rpcCall(service.url, o.key ?? key, method, params, o);

  return {
    url: service.url,
    key,
    dbFile,
    service,
    call,
    async ok(method, params = {}, o) {
      const r = await call(method, params, o);
      if (r.status !== 200) throw new Error(`${method} answered ${r.status}: ${JSON.stringify(r.body.error)}`);
      return r.body.data.result as RpcResult;
    },
    async close() {
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
