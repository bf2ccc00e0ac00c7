/**
 * Random envelopes, params and headers thrown at the HTTP endpoint: every answer is a success or
 * one of the documented code/status pairs, and none is a 5xx.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ERROR_CODES, isErrorCode, OPERATIONS, type OperationSpec } from '../../shared/contract/index.js';
import { sampleResult, validParams } from '../../shared/contract/testing/cases.js';
import { fakeUpstream } from '../testing/fake-upstream.js';
import { startTestService, type TestService } from '../testing/harness.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ upstream: fakeUpstream((call) => sampleResult(call.op)), bodyLimit: 16 * 1024 });
});
afterAll(() => svc.close());

const ops = OPERATIONS as readonly OperationSpec[];
const asciiHeader = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 300 });

/** Valid params with one member replaced, dropped or added: near misses find more than noise. */
const mutatedParams = fc
  .tuple(fc.constantFrom(...ops), fc.jsonValue({ maxDepth: 3 }), fc.string({ maxLength: 12 }), fc.nat(3))
  .map(([op, value, name, how]) => {
    const p: Record<string, unknown> = { ...validParams(op) };
    const keys = Object.keys(p);
    const target = keys.length > 0 ? (keys[name.length % keys.length] as string) : name;
    if (how === 0) p[target] = value;
    else if (how === 1) delete p[target];
    else p[name] = value;
    return { method: op.name as string, params: p as unknown };
  });

const envelope = fc.oneof(
  mutatedParams.map((e) => JSON.stringify(e)),
  fc
    .record(
      {
        method: fc.oneof(fc.constantFrom(...ops.map((o) => o.name as string)), fc.string(), fc.jsonValue()),
        params: fc.oneof(fc.jsonValue(), fc.constant({}), fc.constant([])),
        id: fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.double(), fc.jsonValue()),
        extra: fc.jsonValue(),
      },
      { requiredKeys: [] },
    )
    .map((e) => JSON.stringify(e)),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 200 }),
  fc.constant('x'.repeat(20 * 1024)),
);

it('answers every random request with a documented code and status, never a 5xx', async () => {
  const { key: narrow } = svc.service.keys.create('narrow', ['pos.read']);
  await fc.assert(
    fc.asyncProperty(
      envelope,
      fc.constantFrom('valid', 'narrow', 'none', 'garbage'),
      fc.option(asciiHeader, { nil: undefined }),
      async (body, auth, idem) => {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (auth === 'valid') headers.authorization = `Bearer ${svc.key}`;
        if (auth === 'narrow') headers.authorization = `Bearer ${narrow}`;
        if (auth === 'garbage') headers.authorization = 'Bearer rk_nope';
        if (idem !== undefined && idem.trim() !== '') headers['idempotency-key'] = idem;
        const res = await fetch(`${svc.url}/v1/rpc`, { method: 'POST', headers, body });
        const json = (await res.json()) as { ok: boolean; error?: { code: string } };
        expect(res.status).toBeLessThan(500);
        if (json.ok) expect(res.status).toBe(200);
        else {
          expect(isErrorCode(json.error?.code)).toBe(true);
          expect(ERROR_CODES[json.error?.code as keyof typeof ERROR_CODES].http).toBe(res.status);
        }
      },
    ),
    { numRuns: 400 },
  );
});
