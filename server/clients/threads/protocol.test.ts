/**
 * What crosses to a back office thread and back is checked on each side (protocol.ts): a call
 * that does not meet the contract is not performed, and an answer that is not one of the
 * gateway's is not passed on to a client.
 */
import { describe, expect, it } from 'vitest';
import { findOperation, op } from '../../../shared/contract/index.js';
import type { GatewayCall } from '../../gateway/perform-call.js';
import { gatewayCallOf, outcomeOf, ProtocolBreach, rpcErrorOf, toCallData } from './protocol.js';

const key = { id: 'k1', name: 'till-1', scopes: 'all' as const, client: 'c_0000000000000001' };
const ping = findOperation(op.service.ping);
const save = findOperation(op.catalog.usersSave);
if (!ping || !save) throw new Error('the contract lacks the operations this test sends');
const read: GatewayCall = { op: ping, params: {}, key, requestId: 'r1', people: {}, idempotencyKey: undefined };
const write: GatewayCall = {
  op: save,
  params: { nt: 'Cashier', card: 'C-1', level: 'а1', kf: '1' },
  key,
  requestId: 'r2',
  people: { cashier: 7 },
  idempotencyKey: 'key-1',
};
const crossed = (c: GatewayCall) => structuredClone(toCallData(c));
const result = { upstream: { name: 'n', version: 'v', resource: 'r' }, status: { code: 'OK', operation: 'x' }, rows: [] };

describe('a call crossing to a back office thread', () => {
  it('arrives as the call the gateway checked: the operation, its params, the key, the people, the Idempotency-Key', () => {
    const w = gatewayCallOf(crossed(write));
    expect(w.op).toBe(save);
    expect(w.params).toMatchObject(write.params);
    expect([w.key, w.people, w.idempotencyKey, w.requestId]).toEqual([key, { cashier: 7 }, 'key-1', 'r2']);
    expect(gatewayCallOf(crossed(read)).idempotencyKey).toBeUndefined();
  });

  it('is refused before any back office when it is not a call of the contract', () => {
    const bad =
      (patch: Record<string, unknown>, of = write) =>
      () =>
        gatewayCallOf({ ...crossed(of), ...patch });
    expect(bad({ method: 'no.such_op' })).toThrow(ProtocolBreach);
    expect(bad({ params: { nt: 5 } })).toThrow(/params/);
    expect(bad({ idempotencyKey: undefined })).toThrow(/Idempotency-Key/);
    expect(bad({ idempotencyKey: 'x' }, read)).toThrow(/Idempotency-Key/);
    expect(bad({ idempotencyKey: 'é' })).toThrow(/Idempotency-Key/);
    expect(bad({ key: { ...key, scopes: ['root'] } })).toThrow(/API key/);
    expect(bad({ people: { cashier: 0 } })).toThrow(/people/);
  });
});

describe("a thread's answer crossing back", () => {
  it('gives the result, or the error with its code, details and headers, and the facts for the log', () => {
    expect(outcomeOf({ ok: true, result, facts: { replayed: true } })).toEqual({ ok: true, result, facts: { replayed: true } });
    const error = { code: 'IDEMPOTENCY_IN_PROGRESS', message: 'retry shortly', details: [], headers: { 'Retry-After': '1' } };
    const o = outcomeOf({ ok: false, error, facts: { cause: 'why' } });
    expect(o).toEqual({ ok: false, error, facts: { cause: 'why' } });
    const e = rpcErrorOf(error);
    expect([e.code, e.http, e.headers]).toEqual(['IDEMPOTENCY_IN_PROGRESS', 409, { 'Retry-After': '1' }]);
  });

  it('is refused when it is not an answer the gateway could give', () => {
    const error = { code: 'UPSTREAM_FAILURE', message: 'm', details: [], headers: {} };
    expect(() => outcomeOf({ ok: false, error: { ...error, code: 'TEAPOT' }, facts: {} })).toThrow(ProtocolBreach);
    expect(() => outcomeOf({ ok: false, error: { ...error, headers: { 'Retry-After': 1 } }, facts: {} })).toThrow(/headers/);
    expect(() => outcomeOf({ ok: false, error: { ...error, details: [{ path: 1 }] }, facts: {} })).toThrow(/details/);
    expect(() => outcomeOf({ ok: true, result: { rows: 'none' }, facts: {} })).toThrow(/result/);
    expect(() => outcomeOf({ ok: true, result, facts: { replayed: 'yes' } })).toThrow(/facts/);
  });
});
