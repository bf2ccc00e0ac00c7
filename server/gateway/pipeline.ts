/**
 * The gateway pipeline of POST /v1/rpc, free of HTTP details. `admit` runs on the headers alone,
 * before the body is read: auth → rate limit (admit.ts). `handle` runs on the body: envelope →
 * operation → scope → Idempotency-Key → params (checked-call.ts) → the key's client's back office →
 * idempotency (perform-write.ts) → upstream (call-upstream.ts) → normalize (normalize.ts), every
 * failure answered as the contract's error (to-rpc-error.ts).
 */
import type { RpcResult, SuccessBody } from '../../shared/contract/index.js';
import type { ApiKey } from '../auth/keys.js';
import { UpstreamError } from '../upstream/upstream.js';
import { admitter } from './admit.js';
import { callUpstream } from './call-upstream.js';
import { checkCall } from './checked-call.js';
import { normalizeResult } from './normalize.js';
import { writePerformer } from './perform-write.js';
import { newRequestId } from './request-id.js';
import { RpcError } from './rpc-error.js';
import { toRpcError } from './to-rpc-error.js';
import {
  type BackOfficePort,
  type BackOffices,
  BackOfficesBusy,
  type Gateway,
  type GatewayDeps,
  type GatewayRequest,
  type RequestFacts,
} from './types.js';

const NO_HEADERS: Readonly<Record<string, string>> = {};
const REPLAYED: Readonly<Record<string, string>> = { 'Idempotent-Replayed': 'true' };
const RETRY_AFTER: Readonly<Record<string, string>> = { 'Retry-After': '1' };

export function createGateway(deps: GatewayDeps): Gateway {
  const performWrite = writePerformer(deps.upstreamTimeoutMs);

  async function perform(req: GatewayRequest, requestId: string, facts: RequestFacts) {
    const { id, op, params, idempotencyKey, people } = checkCall(req, facts);
    const key: ApiKey = req.key;
    const office = await backOfficeOf(deps.backOffices, key.client, facts);
    try {
      const call = { op, params, key, requestId, people };
      const result: RpcResult =
        idempotencyKey === undefined
          ? normalizeResult(op, await callUpstream(office.upstream, call, deps.upstreamTimeoutMs), office.upstream)
          : await performWrite(office, { ...call, idempotencyKey }, facts);
      return { id, method: op.name, result };
    } finally {
      deps.backOffices.release(key.client);
    }
  }

  async function handle(req: GatewayRequest) {
    const requestId = newRequestId();
    const facts: RequestFacts = req.facts ?? {};
    try {
      const { id, method, result } = await perform(req, requestId, facts);
      const body: SuccessBody = { ok: true, data: { method, result, id }, request_id: requestId };
      return { requestId, status: 200, headers: facts.replayed ? REPLAYED : NO_HEADERS, body, facts };
    } catch (err) {
      const e = toRpcError(err, facts);
      facts.code = e.code;
      return { requestId, status: e.http, headers: e.headers, body: e.body(requestId), facts };
    }
  }

  return { admit: admitter(deps.keys, deps.rateLimiter), handle };
}

async function backOfficeOf(backOffices: BackOffices, client: string, facts: RequestFacts): Promise<BackOfficePort> {
  try {
    return await backOffices.acquire(client);
  } catch (err) {
    if (err instanceof BackOfficesBusy) {
      // Not performed: every connection this process may hold is in use; the contract's answer
      // for an upstream that cannot take the call now, retryable with the same Idempotency-Key.
      facts.cause = err.message;
      throw new RpcError(
        'UPSTREAM_FAILURE',
        'the service is at its limit of database connections; retry shortly (a write with the same Idempotency-Key)',
        [],
        RETRY_AFTER,
      );
    }
    // Not performed: the client's data could not even be opened, so a retry is safe.
    throw new UpstreamError(
      `the back office of client ${client || '(file)'} cannot be opened: ${(err as Error).message}`,
      false,
      {
        cause: err,
      },
    );
  }
}
