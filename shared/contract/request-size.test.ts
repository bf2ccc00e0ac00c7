import { describe, expect, it } from 'vitest';
import { defineOp } from './dsl/operation.js';
import { bool, dec, int, list, obj, oneOf, opt, req, str } from './dsl/params.js';
import { status } from './dsl/results.js';
import { validateParams } from './dsl/validate.js';
import { checkEnvelope } from './envelope.js';
import { OPERATIONS } from './registry.js';
import { ENVELOPE_ID_MAX, largestValidRequest, maxRequestBytes, unboundedStrings } from './request-size.js';

const op = (name: string, params: Parameters<typeof defineOp>[0]['params']) =>
  defineOp({ name, kind: 'write', scope: 'pos.write', summary: 'test', params, result: status() });

const bytes = (v: unknown): number => new TextEncoder().encode(JSON.stringify(v)).length;

describe('the bounds of the contract', () => {
  it('leave no string, decimal-string or list of the registry unbounded', () => {
    expect(unboundedStrings(OPERATIONS)).toEqual([]);
  });

  it('catch an operation that adds an unbounded string, however deep', () => {
    const loose = [
      op('test.loose', {
        note: opt(str()),
        sum: opt(dec('cur')),
        day: opt(str(undefined, { format: 'date' })),
        lines: req(list(obj({ code: req(str(190)), memo: opt(str(undefined, { format: 'digits' })) }), 1, 5)),
      }),
    ];
    expect(unboundedStrings(loose)).toEqual([
      'test.loose: params.note',
      'test.loose: params.sum',
      'test.loose: params.lines[].memo',
    ]);
  });
});

describe('the largest valid request', () => {
  const sample = op('test.sample', {
    note: req(str(3)),
    n: opt(int(-50, 7)),
    ok: opt(bool()),
    kind: opt(oneOf('a', 'Заменить')),
    sum: opt(dec('cur', 6)),
    day: opt(str(undefined, { format: 'date' })),
    codes: opt(list(str(2, { noControl: true }), 0, 2, true)),
  });

  it('is exactly what JSON.stringify makes of the worst valid envelope', () => {
    // Control characters and lone surrogates are one character each and six bytes in JSON.
    const params = {
      note: '\u0001\u0002\u0003',
      n: -50,
      ok: false,
      kind: 'Заменить',
      sum: '-1.000',
      day: '2024-02-29',
      codes: ['\ud800\ud800', '\udc00\udc00'],
    };
    const envelope = { method: 'test.sample', params, id: '\u0000'.repeat(ENVELOPE_ID_MAX) };
    expect(validateParams(sample.params, params)).toMatchObject({ ok: true });
    expect(checkEnvelope(envelope)).toMatchObject({ ok: true });
    expect(maxRequestBytes(sample)).toBe(bytes(envelope));
  });

  it('names the operation with the largest and its size', () => {
    const small = op('test.small', { a: req(str(1)) });
    expect(largestValidRequest([small, sample])).toEqual({ method: 'test.sample', bytes: maxRequestBytes(sample) });
  });

  it('is the sale, and it stays finite', () => {
    const largest = largestValidRequest(OPERATIONS);
    expect(largest.method).toBe('pos.checkout_close_sale');
    expect(Number.isFinite(largest.bytes)).toBe(true);
  });
});

describe('the envelope id', () => {
  it(`is a string of at most ${ENVELOPE_ID_MAX} characters, an integer or null`, () => {
    const env = (id: unknown) => checkEnvelope({ method: 'service.ping', params: {}, id });
    expect(env('𝄞'.repeat(ENVELOPE_ID_MAX))).toMatchObject({ ok: true });
    expect(env('x'.repeat(ENVELOPE_ID_MAX + 1))).toMatchObject({
      ok: false,
      issues: [{ path: 'id', reason: 'envelope.id', values: { max: String(ENVELOPE_ID_MAX) } }],
    });
    expect(env(Number.MIN_SAFE_INTEGER)).toMatchObject({ ok: true });
    expect(env(null)).toMatchObject({ ok: true });
  });
});
