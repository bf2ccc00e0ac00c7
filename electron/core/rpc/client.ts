/**
 * The one way the desk talks to the service: `POST {baseUrl}/v1/rpc` with the bearer key. It
 * never throws; every call ends in a CallOutcome. Params are checked against the registry before
 * anything is sent, so a malformed write is refused here, visibly, instead of costing a round trip
 * per retry. It does not mint Idempotency-Keys: the outbox does, once, before the first send.
 */
import { type ErrorDetail, findOperation, type OperationName, validateParams } from '../../../shared/contract/index.js';
import { classify, failedBeforeAnswer } from './classify.js';
import { type HttpAnswer, type HttpPost, httpPost } from './http-post.js';
import { type CallOutcome, errorInfo, retryLater } from './outcome.js';

export type { CallOutcome } from './outcome.js';

export const DEFAULT_TIMEOUT_MS = 10_000;

export interface RpcClientOptions {
  /** Read on every call, so a changed setting applies to the next call. */
  baseUrl: () => string;
  apiKey: () => string | undefined;
  timeoutMs?: number;
  /** How a request is sent (http-post.ts); a test may put the network's failures in its place. */
  post?: HttpPost;
}

export interface CallOptions {
  /** Required for writes: the key the outbox stored with the item. */
  idempotencyKey?: string;
  /** Cancels the call; the outcome is then "retry" (NETWORK_ERROR): a cancelled write may have reached the service. */
  signal?: AbortSignal;
  /** The signed-in cashier a write is made by (header X-Cashier). */
  cashier?: number;
  /** A manager's confirmation a write carries (header X-Manager-Confirmation). */
  confirmation?: number;
}

/** A key a header cannot carry would fail inside node:http with the key in the message. */
const HEADER_SAFE = /^[\x21-\x7e]+$/;

export class RpcClient {
  private readonly timeoutMs: number;
  private readonly post: HttpPost;

  constructor(private readonly opts: RpcClientOptions) {
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.post = opts.post ?? httpPost;
  }

  async call(method: OperationName, params: unknown, opts: CallOptions = {}): Promise<CallOutcome> {
    const op = findOperation(method);
    if (!op) return refusedLocally('METHOD_NOT_FOUND', `no operation is named ${JSON.stringify(String(method).slice(0, 100))}`);
    const checked = validateParams(op.params, params);
    if (!checked.ok)
      return refusedLocally('INVALID_PARAMETER', `the params do not match the contract of ${op.name}`, checked.issues);
    if (op.kind === 'write' && !opts.idempotencyKey)
      return refusedLocally(
        'IDEMPOTENCY_KEY_REQUIRED',
        `${op.name} changes data: it is sent only with the key stored in the outbox`,
      );

    const key = this.opts.apiKey();
    if (!key) return retryLater('NO_API_KEY', 'no API key is configured for the service');
    if (!HEADER_SAFE.test(key))
      return retryLater('NO_API_KEY', 'the configured API key has characters a key cannot have; replace it');

    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      Authorization: `Bearer ${key}`,
    };
    if (op.kind === 'write' && opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;
    if (op.kind === 'write' && opts.cashier !== undefined) headers['X-Cashier'] = String(opts.cashier);
    if (op.kind === 'write' && opts.confirmation !== undefined) headers['X-Manager-Confirmation'] = String(opts.confirmation);
    const url = `${this.opts.baseUrl().replace(/\/+$/, '')}/v1/rpc`;
    return redact(await this.send(url, headers, JSON.stringify({ method: op.name, params }), opts.signal), key);
  }

  private async send(url: string, headers: Record<string, string>, body: string, cancel?: AbortSignal): Promise<CallOutcome> {
    if (cancel?.aborted) return failedBeforeAnswer('cancelled', 'the call was cancelled before it was sent');
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const signal = cancel ? AbortSignal.any([cancel, timeout]) : timeout;
    let answer: HttpAnswer;
    try {
      // The answer is read whole under the same deadline: a service that sends its headers and then
      // stalls is a timeout too. A redirect is never followed (node:http does not): the key and the
      // write go to the address the key was entered for, nowhere else.
      answer = await this.post(url, headers, body, signal);
    } catch (err) {
      if (timeout.aborted) return failedBeforeAnswer('timeout', `no answer within ${this.timeoutMs} ms`);
      if (cancel?.aborted) return failedBeforeAnswer('cancelled', 'the call was cancelled before the answer came');
      return failedBeforeAnswer('network', `could not reach the service at ${originOf(url)}${causeOf(err)}`);
    }
    const { status } = answer;
    if (status >= 300 && status < 400) {
      return {
        kind: 'retry',
        error: errorInfo('BAD_RESPONSE', `the service answered with a redirect (HTTP ${status}), which the desk does not follow`),
        status,
        retryAfterMs: null,
      };
    }
    return classify(status, answer.text, answer.headers);
  }
}

const refusedLocally = (
  code: 'METHOD_NOT_FOUND' | 'INVALID_PARAMETER' | 'IDEMPOTENCY_KEY_REQUIRED',
  message: string,
  details: readonly ErrorDetail[] = [],
): CallOutcome => ({
  kind: 'refused',
  error: errorInfo(code, message, details),
  status: null,
});

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'the configured address';
  }
}

/** The system error code (ECONNREFUSED, ECONNRESET, ...) only: an error's message may quote the request. */
function causeOf(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[A-Z_]{2,40}$/.test(code) ? ` (${code})` : '';
}

/** Whatever the service echoes, the key never reaches a message a person or a log can see. */
function redact(outcome: CallOutcome, key: string): CallOutcome {
  if (outcome.kind === 'ok') return outcome;
  const scrub = (s: string) => s.split(key).join('[key]');
  const { code, message, details } = outcome.error;
  const error = errorInfo(
    code,
    scrub(message),
    details.map((d) => ({
      ...d,
      path: scrub(d.path),
      problem: scrub(d.problem),
      ...(d.values ? { values: Object.fromEntries(Object.entries(d.values).map(([k, v]) => [k, scrub(v)])) } : {}),
    })),
  );
  return { ...outcome, error };
}
