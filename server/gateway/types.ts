/**
 * What the gateway takes and gives: the back offices it reaches, a request as the HTTP layer hands
 * it over, the answer, and the facts the HTTP layer logs (never params, bodies or keys).
 */
import type { ApiKey, KeyStore } from '../auth/keys.js';
import type { RateLimiting } from '../auth/rate-limit.js';
import type { IdempotencyStore } from '../idempotency/store.js';
import type { Upstream } from '../upstream/upstream.js';
import type { CallPerformer } from './perform-call.js';

/** What the gateway needs of a client's back office. */
export interface BackOfficePort {
  readonly idempotency: IdempotencyStore;
  readonly upstream: Upstream;
  /** Told after a write was performed (not a replay), e.g. to checkpoint the WAL once writes pause. */
  afterWrite?(): void;
}

/**
 * What BackOffices.acquire throws when there is no room now to open the client's back office (every
 * database connection the process may hold is in use): the gateway answers that the upstream cannot
 * take the call, retryable, and nothing was performed.
 */
export class BackOfficesBusy extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackOfficesBusy';
  }
}

/**
 * The back offices a key's client may reach: exactly its own. A request holds its client's from
 * acquire to release, so it is not closed under it.
 */
export interface BackOffices {
  /**
   * Throws (or rejects) when the back office cannot be opened, the request then failing as the
   * upstream's failure; a promise when it may wait for room (a bounded pool of connections).
   */
  acquire(client: string): BackOfficePort | Promise<BackOfficePort>;
  release(client: string): void;
}

export interface GatewayDeps {
  readonly keys: KeyStore;
  /**
   * The back offices of this thread (acquired per call), or held by other threads that perform
   * the whole call and give its answer (PostgreSQL's back office threads, server/clients/threads/).
   */
  readonly backOffices: BackOffices | CallPerformer;
  readonly rateLimiter?: RateLimiting;
  /** An upstream call that takes longer fails with UPSTREAM_FAILURE instead of hanging the client. */
  readonly upstreamTimeoutMs: number;
}

export interface GatewayRequest {
  /** The key `admit` accepted for this request. */
  readonly key: ApiKey;
  readonly idempotencyKey: string | undefined;
  /** Header X-Cashier: the signed-in cashier (a catalog.users id) a till's write is made by. */
  readonly cashier?: string | undefined;
  /** Header X-Manager-Confirmation: the manager's confirmation a write carries (pos.manager_confirm). */
  readonly confirmation?: string | undefined;
  readonly body: string;
  /** What `admit` already noted for the log. */
  readonly facts?: RequestFacts;
}

/** Who a write is made by and who confirmed it, from the request's headers. */
export interface People {
  readonly cashier?: number;
  readonly confirmation?: number;
}

/** What the HTTP layer logs about a request; never params, bodies or keys. */
export interface RequestFacts {
  method?: string;
  key?: string;
  code?: string;
  replayed?: boolean;
  cause?: string;
}

export interface GatewayResponse {
  readonly requestId: string;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;
  readonly facts: RequestFacts;
}

export interface Gateway {
  /** The key of a request, from its Authorization header, after the rate limit; throws the RpcError to answer. */
  admit(authorization: string | undefined, facts: RequestFacts): ApiKey;
  handle(req: GatewayRequest): Promise<GatewayResponse>;
}
