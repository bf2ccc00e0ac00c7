/** The request and success envelopes of `POST /v1/rpc` (spec, "Request envelope", "Success response"). */
import { charLength } from './dsl/formats.js';
import { issueWords } from './dsl/issues.js';
import { type Issue, issueAt, MAX_ISSUES, memberPath } from './dsl/validate.js';
import { ENVELOPE_ID_MAX } from './request-size.js';

export type RpcId = string | number | null;

export interface RpcRequest {
  readonly method: string;
  readonly params: unknown;
  readonly id?: RpcId;
}

export interface RpcResult {
  readonly upstream: { readonly name: string; readonly version: string; readonly resource: string };
  readonly status: { readonly code: 'OK'; readonly operation: string } & Readonly<Record<string, string>>;
  readonly rows: readonly unknown[];
}

export interface SuccessBody {
  readonly ok: true;
  readonly data: { readonly method: string; readonly result: RpcResult; readonly id: RpcId };
  readonly request_id: string;
}

const ENVELOPE_MEMBERS = new Set(['method', 'params', 'id']);

/** A correlation value, bounded like every string of the contract (request-size.ts). */
const isIdString = (id: unknown): boolean => typeof id === 'string' && charLength(id) <= ENVELOPE_ID_MAX;

/** Checks the envelope itself; the params are checked against the operation's contract later. */
export function checkEnvelope(body: unknown): { ok: true; value: RpcRequest } | { ok: false; issues: Issue[] } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, issues: [issueAt('', issueWords('envelope.body'))] };
  }
  const issues: Issue[] = [];
  const env = body as Record<string, unknown>;
  for (const key of Object.keys(env)) {
    // Bounded as the params' issues are: a body of 80,000 unknown members is not answered with as many.
    if (issues.length >= MAX_ISSUES - 4) break;
    if (!ENVELOPE_MEMBERS.has(key)) issues.push(issueAt(memberPath('', key), issueWords('envelope.member')));
  }
  if (typeof env.method !== 'string') issues.push(issueAt('method', issueWords('envelope.method')));
  if (env.params === undefined) issues.push(issueAt('params', issueWords('envelope.params_missing')));
  else if (typeof env.params !== 'object' || env.params === null)
    issues.push(issueAt('params', issueWords('envelope.params_type')));
  const id = env.id;
  if (id !== undefined && id !== null && !isIdString(id) && !(typeof id === 'number' && Number.isSafeInteger(id)))
    issues.push(issueAt('id', issueWords('envelope.id', { max: ENVELOPE_ID_MAX })));
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, value: env as unknown as RpcRequest };
}
