/**
 * A checked call performed on a back office held in this thread: the key's client's back office
 * acquired (or the answer that there is no room for it), the read or the write (perform-write.ts,
 * the idempotency record in the write's transaction), the result normalized, the back office
 * released. The gateway runs it in the main thread over SQLite; on PostgreSQL each back office
 * thread (server/clients/threads/) runs the same function over the back offices it holds, so a
 * call is performed the same way wherever it runs.
 */
import type { RpcResult } from '../../shared/contract/index.js';
import { UpstreamError } from '../upstream/upstream.js';
import { callUpstream, type UpstreamCall } from './call-upstream.js';
import { normalizeResult } from './normalize.js';
import { writePerformer } from './perform-write.js';
import { RpcError } from './rpc-error.js';
import { type BackOfficePort, type BackOffices, BackOfficesBusy, type RequestFacts } from './types.js';

/** A call that passed the gateway's checks: a write carries its Idempotency-Key, a read none. */
export type GatewayCall = UpstreamCall & { readonly idempotencyKey: string | undefined };

/** Performs a checked call and gives its result, or throws what the gateway answers (to-rpc-error.ts). */
export interface CallPerformer {
  perform(call: GatewayCall, facts: RequestFacts): Promise<RpcResult>;
}

const RETRY_AFTER: Readonly<Record<string, string>> = { 'Retry-After': '1' };

export function localCalls(backOffices: BackOffices, timeoutMs: number): CallPerformer {
  const performWrite = writePerformer(timeoutMs);
  return {
    async perform(call, facts) {
      const client = call.key.client;
      const office = await backOfficeOf(backOffices, client, facts);
      try {
        const { idempotencyKey } = call;
        return idempotencyKey === undefined
          ? normalizeResult(call.op, await callUpstream(office.upstream, call, timeoutMs), office.upstream)
          : await performWrite(office, { ...call, idempotencyKey }, facts);
      } finally {
        backOffices.release(client);
      }
    },
  };
}

/**
 * Not performed: every connection this process may hold is in use (or every thread holding them
 * is busy past the wait); the contract's answer for an upstream that cannot take the call now,
 * retryable with the same Idempotency-Key.
 */
export function busyRefusal(err: BackOfficesBusy, facts: RequestFacts): RpcError {
  facts.cause = err.message;
  return new RpcError(
    'UPSTREAM_FAILURE',
    'the service is at its limit of database connections; retry shortly (a write with the same Idempotency-Key)',
    [],
    RETRY_AFTER,
  );
}

async function backOfficeOf(backOffices: BackOffices, client: string, facts: RequestFacts): Promise<BackOfficePort> {
  try {
    return await backOffices.acquire(client);
  } catch (err) {
    if (err instanceof BackOfficesBusy) throw busyRefusal(err, facts);
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
