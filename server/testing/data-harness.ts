/**
 * A real service over a data folder of several clients in a temp folder, on a free loopback
 * port, with an all-scopes key per client. Every write gets a fresh Idempotency-Key unless one
 * is given.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger } from '../../shared-node/log/logger.js';
import type { Client } from '../clients/registry.js';
import { type DataServiceConfig, type RunningDataService, startDataService } from '../service.js';
import { type CallOptions, rpcCall } from './harness.js';

/** What the service answered, success or error, as tests read it. */
// biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the service answered
type Answer = { status: number; headers: Headers; body: any };

export interface TestDataService {
  readonly url: string;
  readonly dataDir: string;
  readonly service: RunningDataService;
  readonly clients: Readonly<Record<string, Client>>;
  /** The all-scopes key of a client, by its name. */
  keyOf(client: string): string;
  call(client: string, method: string, params: unknown, opts?: CallOptions): Promise<Answer>;
  close(): Promise<void>;
}

export async function startTestDataService(
  names: readonly string[],
  opts: Partial<DataServiceConfig> = {},
): Promise<TestDataService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rpc-data-'));
  const service = await startDataService({ logger: silentLogger, rateLimit: false, ...opts, dataDir, port: 0 });
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
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
