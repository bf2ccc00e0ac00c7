/**
 * What became of one call, sorted by what the caller must do next. The outbox acts on the kind
 * alone: it never has to read an error code to decide whether a sale may be sent again.
 */

import type { ClientErrorCode, RpcErrorInfo } from '../../../shared/bridge/api.js';
import type { ErrorDetail, RpcResult } from '../../../shared/contract/index.js';

export type CallOutcome =
  /** The service performed the call (or replayed the stored answer of a write). */
  | { kind: 'ok'; result: RpcResult; requestId: string }
  /** Refused for good: sending it again unchanged cannot succeed. `status` null: refused locally, nothing sent. */
  | { kind: 'refused'; error: RpcErrorInfo; status: number | null }
  /** Try again later with the same Idempotency-Key; `retryAfterMs` is the service's own wait, when it gave one. */
  | { kind: 'retry'; error: RpcErrorInfo; status: number | null; retryAfterMs: number | null }
  /** The service cannot tell whether the write happened and will not perform it again: a person must reconcile. */
  | { kind: 'unknown'; error: RpcErrorInfo; status: number };

export const errorInfo = (code: RpcErrorInfo['code'], message: string, details: readonly ErrorDetail[] = []): RpcErrorInfo => ({
  code,
  message,
  details,
});

export const retryLater = (code: ClientErrorCode, message: string, status: number | null = null): CallOutcome => ({
  kind: 'retry',
  error: errorInfo(code, message),
  status,
  retryAfterMs: null,
});

/** The service cannot be used until someone replaces the key: the outbox pauses instead of refusing sales. */
export const needsKey = (outcome: CallOutcome): boolean =>
  outcome.kind === 'retry' && (outcome.error.code === 'UNAUTHORIZED' || outcome.error.code === 'NO_API_KEY');

/** The error codes that say nothing reached a working service (as opposed to the service answering "later"). */
export const UNREACHABLE_CODES: ReadonlySet<string> = new Set(['NETWORK_ERROR', 'TIMEOUT', 'BAD_RESPONSE']);

/** The failure says nothing reached a working service. */
export const unreachable = (outcome: CallOutcome): boolean =>
  outcome.kind === 'retry' && UNREACHABLE_CODES.has(outcome.error.code);
