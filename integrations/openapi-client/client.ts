/**
 * A typed client of the retail RPC service made the way an integrator would make one: types
 * generated from the published OpenAPI document by openapi-typescript (schema.d.ts), requests sent
 * by openapi-fetch. `call` takes an operation's name and its params, both checked by the compiler
 * against the contract, and gives back that operation's result, told apart from the other 117 by
 * the answer's data.method (the OpenAPI document's discriminator).
 */
import createClient from 'openapi-fetch';
import type { components, paths } from './schema.js';

type Schemas = components['schemas'];
/** Every operation's name. */
export type Method = Schemas['Success']['data']['method'];
type RequestOf<M extends Method> = Extract<paths['/v1/rpc']['post']['requestBody']['content']['application/json'], { method: M }>;
/** What an operation answers: its data.result. */
export type ResultOf<M extends Method> = Extract<Schemas['Success']['data'], { method: M }>['result'];
export type ErrorBody = Schemas['ErrorBody'];

/** A refusal of the service, with its HTTP status and the contract's error code. */
export class RpcError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(`${status} ${body.error.code}: ${body.error.message}`);
  }
}

export interface CallOptions {
  /** Required for writes: one new key per business operation, the same key for every retry of it. */
  readonly idempotencyKey?: string;
}

export function retailClient(baseUrl: string, apiKey: string) {
  const client = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${apiKey}` } });
  return {
    /** Invokes one operation; resolves to its result, or rejects with the service's refusal. */
    async call<M extends Method>(method: M, params: RequestOf<M>['params'], options: CallOptions = {}): Promise<ResultOf<M>> {
      const { data, error, response } = await client.POST('/v1/rpc', {
        // The union of 118 request bodies cannot be narrowed by a generic M; RequestOf<M> checked the params above.
        body: { method, params } as RequestOf<Method>,
        params: { header: options.idempotencyKey === undefined ? {} : { 'Idempotency-Key': options.idempotencyKey } },
      });
      if (error !== undefined) throw new RpcError(response.status, error as ErrorBody);
      if (data.data.method !== method) throw new Error(`asked ${method}, answered ${data.data.method}`);
      return data.data.result as ResultOf<M>;
    },
    /** openapi-fetch's own client, for what `call` hides: the answer's headers (Idempotent-Replayed, X-Request-Id). */
    raw: client,
  };
}
