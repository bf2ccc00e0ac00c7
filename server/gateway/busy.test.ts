/**
 * A back office that cannot be had for lack of room (every database connection the process may
 * hold is in use, clients/pool.ts) is the contract's answer for an upstream that cannot take the
 * call: UPSTREAM_FAILURE (502), with Retry-After, and nothing performed.
 */
import { describe, expect, it } from 'vitest';
import type { KeyStore } from '../auth/keys.js';
import { createGateway } from './pipeline.js';
import { BackOfficesBusy } from './types.js';

describe('a request that finds no room for its back office', () => {
  it('is answered UPSTREAM_FAILURE with Retry-After, and releases nothing it did not acquire', async () => {
    const released: string[] = [];
    const gateway = createGateway({
      keys: {} as KeyStore,
      backOffices: {
        acquire: () => Promise.reject(new BackOfficesBusy('all 2 back offices this process may hold open are in use')),
        release: (client) => void released.push(client),
      },
      upstreamTimeoutMs: 1000,
    });
    const r = await gateway.handle({
      key: { id: 'k', name: 'till', scopes: 'all', client: 'c_0000000000000001' },
      idempotencyKey: undefined,
      body: JSON.stringify({ method: 'service.ping', params: {} }),
    });
    expect(r.status).toBe(502);
    expect(r.headers['Retry-After']).toBe('1');
    expect((r.body as { error: { code: string } }).error.code).toBe('UPSTREAM_FAILURE');
    expect(r.facts.cause).toMatch(/in use/);
    // Never acquired, so never released: the pool's count of users stays right.
    expect(released).toEqual([]);
  });
});
