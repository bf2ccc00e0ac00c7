// Error mapping alone: what the client is told for each kind of failure, and that the cause of a
// back office's or an unexpected failure goes to the log's facts, never to the client.
import { describe, expect, it } from 'vitest';
import { BusinessRefusal, UpstreamError } from '../upstream/upstream.js';
import { ContractBreach } from './normalize.js';
import { RpcError } from './rpc-error.js';
import { toRpcError } from './to-rpc-error.js';
import type { RequestFacts } from './types.js';

describe('toRpcError', () => {
  it('passes an RpcError through as it is', () => {
    const e = new RpcError('RATE_LIMITED', 'wait');
    const facts: RequestFacts = {};
    expect(toRpcError(e, facts)).toBe(e);
    expect(facts.cause).toBeUndefined();
  });

  it('answers a business refusal as INVALID_PARAMETER at its path, with its reason when it has one', () => {
    const plain = toRpcError(new BusinessRefusal('params.code', 'no such product'), {});
    expect(plain.code).toBe('INVALID_PARAMETER');
    expect(plain.details).toEqual([{ path: 'params.code', problem: 'no such product' }]);
    const why = toRpcError(
      new BusinessRefusal('params.sum', 'too much', 'cash.box_short', { akas: '1', balance: '5.00', amount: '6.00' }),
      {},
    );
    expect(why.details).toEqual([
      {
        path: 'params.sum',
        problem: 'too much',
        reason: 'cash.box_short',
        values: { akas: '1', balance: '5.00', amount: '6.00' },
      },
    ]);
  });

  it('answers a failed back office and an answer outside the contract as UPSTREAM_FAILURE, the cause logged only', () => {
    const facts: RequestFacts = {};
    const e = toRpcError(new UpstreamError('connection reset by db-7', true), facts);
    expect(e.code).toBe('UPSTREAM_FAILURE');
    expect(e.message).not.toContain('db-7');
    expect(facts.cause).toBe('connection reset by db-7');
    const breach: RequestFacts = {};
    expect(toRpcError(new ContractBreach('result.rows[0].price', 'not money'), breach).code).toBe('UPSTREAM_FAILURE');
    expect(breach.cause).toMatch(/^contract breach at /);
  });

  it('answers anything else as INTERNAL, the cause logged only', () => {
    const facts: RequestFacts = {};
    const e = toRpcError(new TypeError('x is undefined'), facts);
    expect(e.code).toBe('INTERNAL');
    expect(e.message).not.toContain('x is undefined');
    expect(facts.cause).toBe('TypeError: x is undefined');
    const thrown: RequestFacts = {};
    toRpcError('a string', thrown);
    expect(thrown.cause).toBe('a string');
  });
});
