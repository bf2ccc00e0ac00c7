/**
 * Every failure of a request as the contract's error: a refusal of the business as
 * INVALID_PARAMETER at its path, a back office that failed or answered outside the contract as
 * UPSTREAM_FAILURE, anything else as INTERNAL; the cause is kept for the log only.
 */
import { BusinessRefusal, UpstreamError } from '../upstream/upstream.js';
import { ContractBreach } from './normalize.js';
import { RpcError } from './rpc-error.js';
import type { RequestFacts } from './types.js';

export function toRpcError(err: unknown, facts: RequestFacts): RpcError {
  if (err instanceof RpcError) return err;
  if (err instanceof BusinessRefusal) {
    const why = err.reason ? { reason: err.reason, values: err.values ?? {} } : {};
    return new RpcError('INVALID_PARAMETER', err.problem, [{ path: err.path, problem: err.problem, ...why }]);
  }
  if (err instanceof UpstreamError) {
    facts.cause = err.message;
    return new RpcError(
      'UPSTREAM_FAILURE',
      'the back office is unavailable or failed; for a write, retry with the same Idempotency-Key',
    );
  }
  if (err instanceof ContractBreach) {
    facts.cause = `contract breach at ${err.message}`;
    return new RpcError('UPSTREAM_FAILURE', 'the back office answered outside the contract');
  }
  facts.cause = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return new RpcError('INTERNAL', 'an unexpected fault; it has been logged with this request id');
}
