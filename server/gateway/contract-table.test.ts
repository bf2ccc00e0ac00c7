/**
 * Table-driven from the registry, through HTTP: for every operation a valid call passes, every
 * bound just inside passes and just outside fails naming the parameter path, writes need an
 * Idempotency-Key and reads do not. The upstream is a double answering per the result contract.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS, type OperationSpec } from '../../shared/contract/index.js';
import { boundaryCases, sampleResult, validParams } from '../../shared/contract/testing/cases.js';
import { fakeUpstream } from '../testing/fake-upstream.js';
import { startTestService, type TestService } from '../testing/harness.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ upstream: fakeUpstream((call) => sampleResult(call.op)) });
});
afterAll(() => svc.close());

const ops = OPERATIONS as readonly OperationSpec[];

describe.each(ops.map((op) => [op.name, op] as const))('%s', (_name, op) => {
  it('passes a valid call and answers in the contract', async () => {
    const r = await svc.call(op.name, validParams(op), { id: op.name });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.method).toBe(op.name);
    expect(r.body.data.id).toBe(op.name);
    expect(r.body.data.result.status.code).toBe('OK');
  });

  it('passes every bound just inside and refuses every bound just outside, naming the path', async () => {
    for (const c of boundaryCases(op)) {
      const r = await svc.call(op.name, c.params);
      if (c.expect === 'pass') {
        expect(r.status, `${c.name}: ${JSON.stringify(r.body.error)}`).toBe(200);
      } else {
        expect(r.status, `${c.name} should fail`).toBe(422);
        expect(r.body.error.code).toBe('INVALID_PARAMETER');
        expect(
          r.body.error.details.map((d: { path: string }) => d.path),
          c.name,
        ).toContain(c.path);
      }
    }
  });

  if (op.kind === 'write') {
    it('refuses the write without an Idempotency-Key', async () => {
      const r = await svc.call(op.name, validParams(op), { idempotencyKey: null });
      expect(r.status).toBe(422);
      expect(r.body.error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    });
  } else {
    it('needs no Idempotency-Key for the read', async () => {
      expect((await svc.call(op.name, validParams(op), { idempotencyKey: null })).status).toBe(200);
    });
  }
});
