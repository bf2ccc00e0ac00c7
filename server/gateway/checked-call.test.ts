// The checks before any back office, alone: each failure's code, and that the first failing check
// in the documented order is the answer (JSON, envelope, operation, scope, Idempotency-Key, people
// headers, params). A read takes no Idempotency-Key and no people headers.
import { describe, expect, it } from 'vitest';
import type { ApiKey } from '../auth/keys.js';
import { checkCall } from './checked-call.js';
import { RpcError } from './rpc-error.js';
import type { GatewayRequest, RequestFacts } from './types.js';

const ALL: ApiKey = { id: 'k1', name: 'all', scopes: 'all', client: '' };
const READER: ApiKey = { id: 'k2', name: 'reader', scopes: ['inventory.cost.read'], client: '' };
const READ = 'goods.card_open';
const WRITE = 'discounts.delete_extra_value';

const body = (method: string, params: unknown) => JSON.stringify({ method, params, id: 3 });
const request = (over: Partial<GatewayRequest>): GatewayRequest => ({
  key: ALL,
  idempotencyKey: undefined,
  body: body(READ, { code: '1' }),
  ...over,
});

function codeOf(req: GatewayRequest): string {
  try {
    checkCall(req, {});
  } catch (err) {
    if (err instanceof RpcError) return err.code;
    throw err;
  }
  return 'passed';
}

describe('checkCall', () => {
  it('gives a read its operation, checked params with defaults, the id, no key and no people', () => {
    const facts: RequestFacts = {};
    const call = checkCall(request({ idempotencyKey: 'ignored', cashier: 'x' }), facts);
    expect(call.op.name).toBe(READ);
    expect(call.params).toEqual({ code: '1', sk: 0 });
    expect(call.id).toBe(3);
    expect(call.idempotencyKey).toBeUndefined();
    expect(call.people).toEqual({});
    expect(facts.method).toBe(READ);
  });

  it('gives a write its Idempotency-Key and the people of its headers', () => {
    const call = checkCall(
      request({ body: body(WRITE, { code: '7', nt: 'a' }), idempotencyKey: 'k-1', cashier: '12', confirmation: '' }),
      {},
    );
    expect(call.idempotencyKey).toBe('k-1');
    expect(call.people).toEqual({ cashier: 12 });
  });

  it('answers each check on its own', () => {
    expect(codeOf(request({ body: '{' }))).toBe('INVALID_REQUEST');
    expect(codeOf(request({ body: JSON.stringify({ method: READ, params: {}, extra: 1 }) }))).toBe('INVALID_REQUEST');
    expect(codeOf(request({ body: body('no.such_op', {}) }))).toBe('METHOD_NOT_FOUND');
    expect(codeOf(request({ key: READER, body: body(WRITE, { code: '7', nt: 'a' }), idempotencyKey: 'k' }))).toBe(
      'INSUFFICIENT_SCOPE',
    );
    expect(codeOf(request({ body: body(WRITE, { code: '7', nt: 'a' }) }))).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect(codeOf(request({ body: body(WRITE, { code: '7', nt: 'a' }), idempotencyKey: 'é' }))).toBe('IDEMPOTENCY_KEY_INVALID');
    for (const cashier of ['0', '-1', '1.5', '2147483648', '01'])
      expect(codeOf(request({ body: body(WRITE, { code: '7', nt: 'a' }), idempotencyKey: 'k', cashier }))).toBe(
        'INVALID_REQUEST',
      );
    expect(codeOf(request({ body: body(READ, { code: 5 }) }))).toBe('INVALID_PARAMETER');
  });

  it('answers the first failing check when several fail', () => {
    const bad = { code: 5 };
    // Unknown scope beats a missing key and bad params; a missing key beats a bad header and bad params.
    expect(codeOf(request({ key: READER, body: body(WRITE, bad), cashier: 'x' }))).toBe('INSUFFICIENT_SCOPE');
    expect(codeOf(request({ body: body(WRITE, bad), cashier: 'x' }))).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect(codeOf(request({ body: body(WRITE, bad), idempotencyKey: 'k', cashier: 'x' }))).toBe('INVALID_REQUEST');
    expect(codeOf(request({ key: READER, body: body('no.such_op', bad) }))).toBe('METHOD_NOT_FOUND');
  });
});
