/**
 * The gateway pipeline of POST /v1/rpc, free of HTTP details. `admit` runs on the headers alone,
 * before the body is read: auth → rate limit (admit.ts). `handle` runs on the body: envelope →
 * operation → scope → Idempotency-Key → params (checked-call.ts) → the key's client's back office →
 * idempotency (perform-write.ts) → upstream (call-upstream.ts) → normalize (normalize.ts), those
 * three in perform-call.ts, here or in a back office thread; every failure answered as the
 * contract's error (to-rpc-error.ts).
 */
import type { SuccessBody } from '../../shared/contract/index.js';
import { admitter } from './admit.js';
import { checkCall } from './checked-call.js';
import { type CallPerformer, localCalls } from './perform-call.js';
import { newRequestId } from './request-id.js';
import { toRpcError } from './to-rpc-error.js';
import type { Gateway, GatewayDeps, GatewayRequest, RequestFacts } from './types.js';

const NO_HEADERS: Readonly<Record<string, string>> = {};
const REPLAYED: Readonly<Record<string, string>> = { 'Idempotent-Replayed': 'true' };

export function createGateway(deps: GatewayDeps): Gateway {
  // Back offices of this thread, or held by other threads that perform the whole call (PostgreSQL).
  const calls: CallPerformer =
    'perform' in deps.backOffices ? deps.backOffices : localCalls(deps.backOffices, deps.upstreamTimeoutMs);

  async function perform(req: GatewayRequest, requestId: string, facts: RequestFacts) {
    const { id, op, params, idempotencyKey, people } = checkCall(req, facts);
    const result = await calls.perform({ op, params, key: req.key, requestId, people, idempotencyKey }, facts);
    return { id, method: op.name, result };
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
