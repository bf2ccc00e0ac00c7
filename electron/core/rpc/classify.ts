/**
 * Sorts one HTTP answer of the service into the four outcome kinds. Pure: the table of codes is
 * the registry's own advice (fix → refused, retry → retry, reconcile → unknown) with one change,
 * UNAUTHORIZED, which a cash desk must not treat as final: the key can be replaced and the queued
 * sales sent after all. Anything outside the contract is "retry" with BAD_RESPONSE, because a
 * proxy or captive portal answering in the service's place says nothing about the write.
 */
import {
  ERROR_CODES,
  type ErrorDetail,
  isErrorCode,
  isIssueReason,
  isRefusalReason,
  type RpcResult,
} from '../../../shared/contract/index.js';
import { type CallOutcome, errorInfo } from './outcome.js';

export function classify(status: number, text: string, headers: Pick<Headers, 'get'>): CallOutcome {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return badResponse(status, 'the answer is not JSON');
  }
  if (!isObject(body)) return badResponse(status, 'the answer is not a JSON object');
  const requestId = typeof body.request_id === 'string' ? body.request_id : (headers.get('x-request-id') ?? '');

  if (status === 200) {
    const result = isObject(body.data) ? body.data.result : undefined;
    if (body.ok !== true || !isResult(result)) return badResponse(status, 'the success answer does not have the contract shape');
    return { kind: 'ok', result, requestId };
  }

  const error = isObject(body.error) ? body.error : undefined;
  if (body.ok !== false || !error || typeof error.message !== 'string')
    return badResponse(status, 'the error answer does not have the contract shape');
  const code = error.code;
  if (!isErrorCode(code))
    return badResponse(status, `the service answered an error code this desk does not know: ${String(code).slice(0, 60)}`);
  const info = errorInfo(code, requestId ? `${error.message} (request ${requestId})` : error.message, detailsOf(error.details));

  if (code === 'UNAUTHORIZED') return { kind: 'retry', error: info, status, retryAfterMs: null };
  switch (ERROR_CODES[code].advice) {
    case 'fix':
      return { kind: 'refused', error: info, status };
    case 'reconcile':
      return { kind: 'unknown', error: info, status };
    case 'retry':
      return { kind: 'retry', error: info, status, retryAfterMs: retryAfterMs(headers.get('retry-after')) };
  }
}

/** A call that ended without an answer: the request may or may not have reached the service. */
export function failedBeforeAnswer(reason: 'timeout' | 'network' | 'cancelled', detail: string): CallOutcome {
  const code = reason === 'timeout' ? 'TIMEOUT' : 'NETWORK_ERROR';
  return { kind: 'retry', error: errorInfo(code, detail), status: null, retryAfterMs: null };
}

/** Retry-After in delta-seconds, the form the service sends. An HTTP-date is ignored: the caller's own backoff applies. */
export function retryAfterMs(value: string | null): number | null {
  if (value === null || !/^\s*\d+\s*$/.test(value)) return null;
  return Number(value) * 1000;
}

const badResponse = (status: number, why: string): CallOutcome => ({
  kind: 'retry',
  error: errorInfo('BAD_RESPONSE', `${why} (HTTP ${status})`),
  status,
  retryAfterMs: null,
});

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function isResult(v: unknown): v is RpcResult {
  return (
    isObject(v) &&
    isObject(v.upstream) &&
    typeof v.upstream.name === 'string' &&
    isObject(v.status) &&
    v.status.code === 'OK' &&
    typeof v.status.operation === 'string' &&
    Array.isArray(v.rows)
  );
}

/**
 * Only well-formed details are kept, and of them only what the contract says a detail holds: the
 * path and English problem, and a reason the catalogues know with its string values, which the
 * interface words in the cashier's language.
 */
function detailsOf(v: unknown): ErrorDetail[] {
  if (!Array.isArray(v)) return [];
  return v
    .filter((d): d is ErrorDetail => isObject(d) && typeof d.path === 'string' && typeof d.problem === 'string')
    .map((d) => {
      const reason = isRefusalReason(d.reason) || isIssueReason(d.reason) ? d.reason : undefined;
      const values = stringValues(d.values);
      return reason && values ? { path: d.path, problem: d.problem, reason, values } : { path: d.path, problem: d.problem };
    });
}

function stringValues(v: unknown): Record<string, string> | undefined {
  if (!isObject(v)) return undefined;
  const entries = Object.entries(v);
  return entries.every(([, x]) => typeof x === 'string') ? (Object.fromEntries(entries) as Record<string, string>) : undefined;
}
