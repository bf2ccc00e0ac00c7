/**
 * Every error the service answers with: its HTTP status and what a client should do about it.
 * The spec fixes the first four; the rest fill what it leaves open ("HTTP statuses and codes for
 * other failures: not shown"). The body is always
 * `{ ok: false, error: { code, message, details: [{ path, problem, reason?, values? }] }, request_id }`;
 * a business refusal names its reason (refusals.ts) so a client can word it in its own language.
 */
import type { IssueReason } from './dsl/issues.js';
import type { RefusalReason, RefusalValues } from './refusals.js';

export type ErrorAdvice =
  /** Correct the request; retrying it unchanged cannot succeed. */
  | 'fix'
  /** Retry later with the same Idempotency-Key. */
  | 'retry'
  /** A person must reconcile the business object; never send it under a new key automatically. */
  | 'reconcile';

export interface ErrorCodeSpec {
  readonly http: number;
  readonly advice: ErrorAdvice;
  readonly when: string;
}

export const ERROR_CODES = {
  INVALID_PARAMETER: {
    http: 422,
    advice: 'fix',
    when: 'a parameter has a wrong type, format or value, or the back office refused it',
  },
  UPSTREAM_FAILURE: {
    http: 502,
    advice: 'retry',
    when: 'the back office is unavailable, failed, or answered outside the contract',
  },
  IDEMPOTENCY_KEY_REQUIRED: { http: 422, advice: 'fix', when: 'a write was sent without an Idempotency-Key header' },
  IDEMPOTENCY_RESULT_UNKNOWN: {
    http: 409,
    advice: 'reconcile',
    when: 'an earlier attempt with this key may or may not have been performed; it is not performed again',
  },
  INVALID_REQUEST: { http: 400, advice: 'fix', when: 'the body is not JSON or the envelope is malformed' },
  UNAUTHORIZED: { http: 401, advice: 'fix', when: 'the bearer key is missing, unknown or revoked' },
  INSUFFICIENT_SCOPE: { http: 403, advice: 'fix', when: 'the key lacks the scope of the operation (named in details)' },
  METHOD_NOT_FOUND: { http: 404, advice: 'fix', when: 'no operation has that name' },
  NOT_FOUND: { http: 404, advice: 'fix', when: 'no such path' },
  HTTP_METHOD_NOT_ALLOWED: { http: 405, advice: 'fix', when: 'the path exists but not for that HTTP method' },
  REQUEST_TIMEOUT: { http: 408, advice: 'retry', when: 'the request did not arrive in full within the request timeout' },
  IDEMPOTENCY_IN_PROGRESS: { http: 409, advice: 'retry', when: 'a request with this key is being performed right now' },
  PAYLOAD_TOO_LARGE: { http: 413, advice: 'fix', when: 'the body is larger than the limit' },
  UNSUPPORTED_MEDIA_TYPE: { http: 415, advice: 'fix', when: 'the body is not sent as application/json' },
  IDEMPOTENCY_KEY_INVALID: {
    http: 422,
    advice: 'fix',
    when: 'the Idempotency-Key is not 1 to 255 printable ASCII characters (space to tilde)',
  },
  IDEMPOTENCY_KEY_REUSED: {
    http: 422,
    advice: 'fix',
    when: 'the Idempotency-Key was used before, under any API key of this back office, for a different request',
  },
  RATE_LIMITED: { http: 429, advice: 'retry', when: 'too many requests for this key; wait Retry-After seconds' },
  INTERNAL: { http: 500, advice: 'retry', when: 'an unexpected fault in the service itself' },
  SERVICE_BUSY: {
    http: 503,
    advice: 'retry',
    when: 'the service holds as many request bodies as it may at once; wait Retry-After seconds',
  },
} as const satisfies Record<string, ErrorCodeSpec>;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface ErrorDetail {
  readonly path: string;
  readonly problem: string;
  /**
   * A stable reason key with the values its sentence carries: a business refusal (refusals.ts) or
   * a contract issue (dsl/issues.ts), so a client can word every problem in its own language.
   */
  readonly reason?: RefusalReason | IssueReason;
  readonly values?: RefusalValues;
}

export interface ErrorBody {
  readonly ok: false;
  readonly error: { readonly code: ErrorCode; readonly message: string; readonly details: readonly ErrorDetail[] };
  readonly request_id: string;
}

export const isErrorCode = (code: unknown): code is ErrorCode => typeof code === 'string' && Object.hasOwn(ERROR_CODES, code);
