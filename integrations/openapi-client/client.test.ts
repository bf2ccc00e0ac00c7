/**
 * The published OpenAPI document as an integrator's tools read it (issue 22): Redocly's linter
 * tells the 118 answers apart (no "oneOf must be mutually exclusive" warning), openapi-typescript
 * generates the committed schema.d.ts from it, the TypeScript it works with compiles a client
 * (client.ts, usage.ts: the right params pass, wrong ones fail), and that client calls three
 * operations of a real service: a read with params, a read without, and a write with its
 * Idempotency-Key, retried.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createConfig, lint } from '@redocly/openapi-core';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProducts, type Product } from '../../server/testing/demo-sales.js';
import { startTestService, type TestService } from '../../server/testing/harness.js';
import { RpcError, retailClient } from './client.js';
import { GENERATED, generatedTypes, PUBLISHED } from './generate.js';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

describe('the published OpenAPI document in integrators’ tools', () => {
  it('is linted by Redocly without a warning about answers it cannot tell apart', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lint({ ref: fileURLToPath(PUBLISHED), config });
    expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
    // Before the answers' data was discriminated by data.method: 6,903 of these, one per pair of answers.
    expect(problems.filter((p) => p.ruleId === 'no-illogical-composition-keywords').map((p) => p.message)).toEqual([]);
  }, 60_000);

  it('generates the committed types (npm run generate -w integrations/openapi-client)', async () => {
    expect(await generatedTypes()).toBe(readFileSync(GENERATED, 'utf8'));
  }, 60_000);

  it('compiles the client with the TypeScript openapi-typescript works with, wrong calls refused', () => {
    const run = spawnSync(process.execPath, [here('./node_modules/typescript/bin/tsc'), '-p', here('./tsconfig.json')], {
      encoding: 'utf8',
    });
    expect(run.stdout + run.stderr).toBe('');
    expect(run.status).toBe(0);
  }, 120_000);
});

describe('the generated client against the service', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService({ demo: true });
  });
  afterAll(() => svc?.close());

  it('pings, finds a product and saves a counterparty once with its Idempotency-Key', async () => {
    const rpc = retailClient(svc.url, svc.key);
    const ping = await rpc.call('service.ping', {});
    expect(ping.status.code).toBe('OK');

    const office = new Database(svc.dbFile as string, { readonly: true });
    const [{ code, price }] = demoProducts(office, 1) as [Product];
    office.close();
    const found = await rpc.call('pos.find_code', { code });
    expect(found.rows[0]).toMatchObject({ code, kind: 'product' });
    expect(Number(found.rows[0]?.price)).toBe(Number(price));

    const key = `client-test-${Date.now()}`;
    const saved = await rpc.call('catalog.contrag.save', { nt: 'Постачальник клієнта' }, { idempotencyKey: key });
    const again = await rpc.raw.POST('/v1/rpc', {
      body: { method: 'catalog.contrag.save', params: { nt: 'Постачальник клієнта' } },
      params: { header: { 'Idempotency-Key': key } },
    });
    expect(again.response.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.data?.data.result).toEqual(saved);
  });

  it('says a refusal with its status and the contract’s code', async () => {
    const rpc = retailClient(svc.url, 'not-a-key-of-this-service');
    const refused = await rpc.call('service.ping', {}).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RpcError);
    expect(refused).toMatchObject({ status: 401, body: { error: { code: 'UNAUTHORIZED' } } });
  });
});
