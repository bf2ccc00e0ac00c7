/**
 * What crosses between the service's main thread and a back office thread (threads.ts, thread.ts):
 * plain data only, and each side checks what it receives before it acts on it, as at any other
 * boundary of the service. In: a call the gateway checked (the operation by name, its params, the
 * API key, the request id, the people headers, a write's Idempotency-Key), or a client's health.
 * Out: the result, or the error exactly as the gateway answers it (code, message, details, headers),
 * with the request's log facts the thread learned (replayed, cause); the thread's log lines; the
 * clients whose back office it holds open, each time that changes, which the main thread routes by.
 */
import {
  type ErrorDetail,
  findOperation,
  isErrorCode,
  type RpcResult,
  SCOPES,
  validateParams,
} from '../../../shared/contract/index.js';
import type { Level } from '../../../shared-node/log/logger.js';
import type { ApiKey } from '../../auth/keys.js';
import type { GatewayCall } from '../../gateway/perform-call.js';
import { RpcError } from '../../gateway/rpc-error.js';
import type { People, RequestFacts } from '../../gateway/types.js';
import { isValidIdempotencyKey } from '../../idempotency/fingerprint.js';

/** A call as it crosses: the operation by its name. */
export interface CallData {
  readonly method: string;
  readonly params: Record<string, unknown>;
  readonly key: ApiKey;
  readonly requestId: string;
  readonly people: People;
  readonly idempotencyKey?: string;
}

export type ToThread =
  | { readonly kind: 'call'; readonly n: number; readonly call: CallData }
  | { readonly kind: 'health'; readonly n: number; readonly client: string }
  | { readonly kind: 'close' };

/** A client's back office as its health answers it (GET /healthz/clients/<id>). */
export interface ClientHealth {
  readonly ok: boolean;
  readonly upstream?: string;
  readonly version?: string;
}

/** The facts of a request's log line that only the performing thread learns. */
export type ThreadFacts = Pick<RequestFacts, 'replayed' | 'cause'>;

export interface ErrorData {
  readonly code: string;
  readonly message: string;
  readonly details: readonly ErrorDetail[];
  readonly headers: Readonly<Record<string, string>>;
}

export type Outcome =
  | { readonly ok: true; readonly result: RpcResult; readonly facts: ThreadFacts }
  | { readonly ok: false; readonly error: ErrorData; readonly facts: ThreadFacts }
  | { readonly ok: true; readonly health: ClientHealth };

export type FromThread =
  | { readonly kind: 'ready' }
  | { readonly kind: 'answer'; readonly n: number; readonly outcome: Outcome }
  | { readonly kind: 'open'; readonly open: readonly string[] }
  | { readonly kind: 'log'; readonly level: Level; readonly msg: string; readonly fields?: Record<string, unknown> }
  | { readonly kind: 'closed' };

export const toCallData = (c: GatewayCall): CallData => ({
  method: c.op.name,
  params: c.params,
  key: { id: c.key.id, name: c.key.name, scopes: c.key.scopes, client: c.key.client },
  requestId: c.requestId,
  people: c.people,
  ...(c.idempotencyKey === undefined ? {} : { idempotencyKey: c.idempotencyKey }),
});

/** An error of the protocol itself: a message neither side should ever send. */
export class ProtocolBreach extends Error {
  constructor(what: string) {
    super(`a back office thread message out of protocol: ${what}`);
    this.name = 'ProtocolBreach';
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const isUserId = (v: unknown) => v === undefined || (Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 2147483647);
const LEVELS: ReadonlySet<unknown> = new Set(['debug', 'info', 'warn', 'error']);

function apiKeyOf(v: unknown): ApiKey {
  if (!isRecord(v) || !isString(v.id) || !isString(v.name) || !isString(v.client)) throw new ProtocolBreach('the API key');
  const scopes = v.scopes;
  const known = (s: unknown) => (SCOPES as readonly unknown[]).includes(s);
  if (scopes !== 'all' && !(Array.isArray(scopes) && scopes.every(known))) throw new ProtocolBreach('the API key');
  return { id: v.id, name: v.name, client: v.client, scopes: scopes as ApiKey['scopes'] };
}

/**
 * In the thread: the call the main thread sent, checked again against the contract (the operation,
 * its params, a write's key) before any back office is touched; a ProtocolBreach when it is not one.
 */
export function gatewayCallOf(v: unknown): GatewayCall {
  if (!isRecord(v) || !isString(v.method) || !isString(v.requestId) || !isRecord(v.people)) throw new ProtocolBreach('the call');
  const op = findOperation(v.method);
  if (!op) throw new ProtocolBreach(`no operation ${v.method.slice(0, 100)}`);
  const checked = validateParams(op.params, v.params);
  if (!checked.ok) throw new ProtocolBreach(`the params of ${op.name}`);
  const { cashier, confirmation } = v.people;
  if (!isUserId(cashier) || !isUserId(confirmation)) throw new ProtocolBreach('the people');
  const idem = v.idempotencyKey;
  const write = op.kind === 'write';
  if (write !== (idem !== undefined) || (idem !== undefined && !(isString(idem) && isValidIdempotencyKey(idem))))
    throw new ProtocolBreach('the Idempotency-Key');
  const people: People = {
    ...(cashier === undefined ? {} : { cashier: cashier as number }),
    ...(confirmation === undefined ? {} : { confirmation: confirmation as number }),
  };
  return { op, params: checked.value, key: apiKeyOf(v.key), requestId: v.requestId, people, idempotencyKey: idem };
}

/** In the thread: a message from the main thread, checked. */
export function toThreadOf(v: unknown): ToThread {
  if (!isRecord(v)) throw new ProtocolBreach('not an object');
  if (v.kind === 'close') return { kind: 'close' };
  if (!Number.isSafeInteger(v.n)) throw new ProtocolBreach('the call number');
  const n = v.n as number;
  if (v.kind === 'call') return { kind: 'call', n, call: v.call as CallData };
  if (v.kind === 'health' && isString(v.client)) return { kind: 'health', n, client: v.client };
  throw new ProtocolBreach(`kind ${String(v.kind)}`);
}

function factsOf(v: unknown): ThreadFacts {
  if (!isRecord(v)) throw new ProtocolBreach('the facts');
  const { replayed, cause } = v;
  if ((replayed !== undefined && replayed !== true) || (cause !== undefined && !isString(cause)))
    throw new ProtocolBreach('the facts');
  return { ...(replayed ? { replayed } : {}), ...(cause === undefined ? {} : { cause }) };
}

function detailsOf(v: unknown): ErrorDetail[] {
  const ok = (d: unknown) => isRecord(d) && isString(d.path) && isString(d.problem);
  if (!Array.isArray(v) || !v.every(ok)) throw new ProtocolBreach('the error details');
  return v as ErrorDetail[];
}

function headersOf(v: unknown): Record<string, string> {
  if (!isRecord(v) || !Object.values(v).every(isString)) throw new ProtocolBreach('the error headers');
  return v as Record<string, string>;
}

/** In the main thread: a thread's answer, checked; its error as the RpcError the gateway answers. */
export function outcomeOf(v: unknown): Outcome {
  if (!isRecord(v)) throw new ProtocolBreach('the outcome');
  if (v.ok === true && isRecord(v.health)) {
    const { ok, upstream, version } = v.health;
    if (
      typeof ok !== 'boolean' ||
      (upstream !== undefined && !isString(upstream)) ||
      (version !== undefined && !isString(version))
    )
      throw new ProtocolBreach('the health');
    return {
      ok: true,
      health: { ok, ...(upstream === undefined ? {} : { upstream }), ...(version === undefined ? {} : { version }) },
    };
  }
  if (v.ok === true) {
    const r = v.result;
    if (!isRecord(r) || !isRecord(r.upstream) || !isRecord(r.status) || !Array.isArray(r.rows))
      throw new ProtocolBreach('the result');
    return { ok: true, result: r as unknown as RpcResult, facts: factsOf(v.facts) };
  }
  if (v.ok === false && isRecord(v.error)) {
    const { code, message } = v.error;
    if (!isErrorCode(code) || !isString(message)) throw new ProtocolBreach('the error');
    const error = { code, message, details: detailsOf(v.error.details), headers: headersOf(v.error.headers) };
    return { ok: false, error, facts: factsOf(v.facts) };
  }
  throw new ProtocolBreach('the outcome');
}

export const rpcErrorOf = (e: ErrorData): RpcError => {
  if (!isErrorCode(e.code)) throw new ProtocolBreach('the error code');
  return new RpcError(e.code, e.message, e.details, e.headers);
};

/** A message from a thread as the main thread first reads it: an answer's outcome is checked apart (outcomeOf), so a bad one fails its own call. */
export type Received =
  | Exclude<FromThread, { kind: 'answer' }>
  | { readonly kind: 'answer'; readonly n: number; readonly outcome: unknown };

/** In the main thread: a message from a thread, checked (an answer's outcome by outcomeOf). */
export function fromThreadOf(v: unknown): Received {
  if (!isRecord(v)) throw new ProtocolBreach('not an object');
  switch (v.kind) {
    case 'ready':
    case 'closed':
      return { kind: v.kind };
    case 'answer':
      if (!Number.isSafeInteger(v.n)) throw new ProtocolBreach('the answer');
      return { kind: 'answer', n: v.n as number, outcome: v.outcome };
    case 'open':
      if (!Array.isArray(v.open) || !v.open.every(isString)) throw new ProtocolBreach('the open clients');
      return { kind: 'open', open: v.open };
    case 'log':
      if (!LEVELS.has(v.level) || !isString(v.msg) || (v.fields !== undefined && !isRecord(v.fields)))
        throw new ProtocolBreach('the log line');
      return { kind: 'log', level: v.level as Level, msg: v.msg, ...(v.fields ? { fields: v.fields } : {}) };
    default:
      throw new ProtocolBreach(`kind ${String(v.kind)}`);
  }
}
