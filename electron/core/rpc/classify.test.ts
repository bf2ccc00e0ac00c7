import { describe, expect, it } from 'vitest';
import { ERROR_CODES, type ErrorCode } from '../../../shared/contract/index.js';
import { classify, failedBeforeAnswer, retryAfterMs } from './classify.js';
import type { CallOutcome } from './outcome.js';
import { errorBody, okBody } from './testing/scripted-server.js';

const noHeaders = new Headers();
const answer = (status: number, body: unknown, headers: Headers = noHeaders) => classify(status, JSON.stringify(body), headers);

/** Every code the service can answer, and the kind a cash desk must make of it. */
const EXPECTED: Record<ErrorCode, CallOutcome['kind']> = {
  INVALID_PARAMETER: 'refused',
  INSUFFICIENT_SCOPE: 'refused',
  IDEMPOTENCY_KEY_REUSED: 'refused',
  IDEMPOTENCY_KEY_INVALID: 'refused',
  IDEMPOTENCY_KEY_REQUIRED: 'refused',
  METHOD_NOT_FOUND: 'refused',
  NOT_FOUND: 'refused',
  HTTP_METHOD_NOT_ALLOWED: 'refused',
  PAYLOAD_TOO_LARGE: 'refused',
  UNSUPPORTED_MEDIA_TYPE: 'refused',
  INVALID_REQUEST: 'refused',
  UPSTREAM_FAILURE: 'retry',
  INTERNAL: 'retry',
  RATE_LIMITED: 'retry',
  REQUEST_TIMEOUT: 'retry',
  SERVICE_BUSY: 'retry',
  IDEMPOTENCY_IN_PROGRESS: 'retry',
  UNAUTHORIZED: 'retry',
  IDEMPOTENCY_RESULT_UNKNOWN: 'unknown',
};

describe('classify', () => {
  it('the table names every error code of the registry', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(Object.keys(ERROR_CODES).sort());
  });

  it.each(Object.entries(EXPECTED) as [ErrorCode, CallOutcome['kind']][])(
    '%s answered with its HTTP status is %s',
    (code, kind) => {
      const outcome = answer(ERROR_CODES[code].http, errorBody(code));
      expect(outcome.kind).toBe(kind);
      expect(outcome.kind !== 'ok' && outcome.error.code).toBe(code);
      expect(outcome.kind !== 'ok' && outcome.status).toBe(ERROR_CODES[code].http);
    },
  );

  it('a success answer is ok with its result and request id', () => {
    expect(answer(200, okBody())).toEqual({ kind: 'ok', result: okBody().data.result, requestId: 'req-ok' });
  });

  it('a success answer without request_id takes the X-Request-Id header', () => {
    const { request_id: _, ...body } = okBody();
    expect(answer(200, body, new Headers({ 'X-Request-Id': 'from-header' }))).toMatchObject({
      kind: 'ok',
      requestId: 'from-header',
    });
  });

  it.each([
    ['RATE_LIMITED', 429, '3', 3000],
    ['IDEMPOTENCY_IN_PROGRESS', 409, '1', 1000],
    ['UPSTREAM_FAILURE', 502, null, null],
    ['RATE_LIMITED', 429, 'Wed, 21 Oct 2026 07:28:00 GMT', null],
  ] as const)('%s with Retry-After %s waits %s ms', (code, status, header, ms) => {
    const headers = new Headers(header === null ? {} : { 'Retry-After': header });
    expect(answer(status, errorBody(code), headers)).toMatchObject({ kind: 'retry', retryAfterMs: ms });
  });

  it.each([
    ['a body that is not JSON', 502, '<html>Bad gateway</html>'],
    ['an empty body', 200, ''],
    ['a JSON array', 200, '[]'],
    ['a success without a result', 200, JSON.stringify({ ok: true, data: {}, request_id: 'r' })],
    [
      'a success whose status is not OK',
      200,
      JSON.stringify({ ...okBody(), data: { result: { ...okBody().data.result, status: { code: 'NO' } } } }),
    ],
    ['ok:false on HTTP 200', 200, JSON.stringify(errorBody('INTERNAL'))],
    ['ok:true on HTTP 500', 500, JSON.stringify(okBody())],
    ['an error without a message', 422, JSON.stringify({ ok: false, error: { code: 'INVALID_PARAMETER' }, request_id: 'r' })],
    ['an error code outside the contract', 418, JSON.stringify(errorBody('TEAPOT'))],
  ])('%s is retried as BAD_RESPONSE', (_, status, text) => {
    expect(classify(status, text, noHeaders)).toMatchObject({
      kind: 'retry',
      status,
      error: { code: 'BAD_RESPONSE' },
      retryAfterMs: null,
    });
  });

  it('an error keeps its well-formed details and names the request in its message', () => {
    const body = errorBody('INVALID_PARAMETER', 'bad code', [
      { path: 'params.code', problem: 'is required' },
      { path: 3 },
      'junk',
    ]);
    expect(answer(422, body)).toEqual({
      kind: 'refused',
      status: 422,
      error: {
        code: 'INVALID_PARAMETER',
        message: 'bad code (request req-1)',
        details: [{ path: 'params.code', problem: 'is required' }],
      },
    });
  });

  it('a refusal keeps its reason and string values, so the interface can word it; an unknown reason is dropped', () => {
    const body = errorBody('INVALID_PARAMETER', 'names no till: 9', [
      { path: 'params.kasm', problem: 'names no till: 9', reason: 'till.unknown', values: { kasm: '9' } },
      { path: 'params.x', problem: 'p', reason: 'no.such_reason', values: { a: '1' } },
      { path: 'params.y', problem: 'q', reason: 'param.required', values: { n: 1 } },
    ]);
    expect(answer(422, body)).toMatchObject({
      error: {
        details: [
          { path: 'params.kasm', problem: 'names no till: 9', reason: 'till.unknown', values: { kasm: '9' } },
          { path: 'params.x', problem: 'p' },
          { path: 'params.y', problem: 'q' },
        ],
      },
    });
    const [, unknown, badValues] = (answer(422, body) as { error: { details: readonly object[] } }).error.details;
    expect(unknown).not.toHaveProperty('reason');
    expect(badValues).not.toHaveProperty('reason');
  });

  it('a call without an answer is retried as TIMEOUT or NETWORK_ERROR', () => {
    expect(failedBeforeAnswer('timeout', 'slow')).toEqual({
      kind: 'retry',
      status: null,
      retryAfterMs: null,
      error: { code: 'TIMEOUT', message: 'slow', details: [] },
    });
    expect(failedBeforeAnswer('network', 'down')).toMatchObject({ kind: 'retry', error: { code: 'NETWORK_ERROR' } });
    expect(failedBeforeAnswer('cancelled', 'stop')).toMatchObject({ kind: 'retry', error: { code: 'NETWORK_ERROR' } });
  });

  it('Retry-After is read as whole seconds only', () => {
    expect(retryAfterMs(' 2 ')).toBe(2000);
    expect(retryAfterMs('0')).toBe(0);
    expect(retryAfterMs('1.5')).toBeNull();
    expect(retryAfterMs('-1')).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
  });
});
