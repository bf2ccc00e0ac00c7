/**
 * The gateway pipeline of POST /v1/rpc, free of HTTP details. `admit` runs on the headers alone,
 * before the body is read: auth → rate limit. `handle` runs on the body: envelope → operation →
 * scope → Idempotency-Key → params → the key's client's back office → idempotency → upstream →
 * normalize.
 */
import { randomBytes } from 'node:crypto';
import {
  checkEnvelope,
  findOperation,
  issueAt,
  issueWords,
  type OperationSpec,
  type RpcId,
  type RpcResult,
  type SuccessBody,
  validateParams,
} from '../../shared/contract/index.js';
import { type ApiKey, hasScope, type KeyStore } from '../auth/keys.js';
import type { RateLimiting } from '../auth/rate-limit.js';
import { fingerprint, isValidIdempotencyKey, sameRequest } from '../idempotency/fingerprint.js';
import type { IdempotencyRecord, IdempotencyStore } from '../idempotency/store.js';
import { BusinessRefusal, type CommitHook, type Upstream, UpstreamError } from '../upstream/upstream.js';
import { ContractBreach, normalizeResult } from './normalize.js';
import { RpcError } from './rpc-error.js';

/** What the gateway needs of a client's back office. */
export interface BackOfficePort {
  readonly idempotency: IdempotencyStore;
  readonly upstream: Upstream;
  /** Told after a write was performed (not a replay), e.g. to send new fiscal documents at once. */
  afterWrite?(method: string): void;
}

/**
 * The back offices a key's client may reach: exactly its own. A request holds its client's from
 * acquire to release, so it is not closed under it.
 */
export interface BackOffices {
  /** Throws when the back office cannot be opened: the request then fails as the upstream's failure. */
  acquire(client: string): BackOfficePort;
  release(client: string): void;
}

export interface GatewayDeps {
  readonly keys: KeyStore;
  readonly backOffices: BackOffices;
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
interface People {
  readonly cashier?: number;
  readonly confirmation?: number;
}

const USER_ID = /^[1-9][0-9]{0,9}$/;

/** An id header: absent, or a whole number from 1 to 2^31-1; anything else is refused before any work. */
function idHeader(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = USER_ID.test(value) ? Number(value) : 0;
  if (n < 1 || n > 2147483647) throw new RpcError('INVALID_REQUEST', `${name} must be a whole number from 1 to 2147483647`);
  return n;
}

function peopleOf(req: GatewayRequest): People {
  const cashier = idHeader('X-Cashier', req.cashier);
  const confirmation = idHeader('X-Manager-Confirmation', req.confirmation);
  return { ...(cashier === undefined ? {} : { cashier }), ...(confirmation === undefined ? {} : { confirmation }) };
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

/**
 * Request ids: a random per-process prefix and a counter. Unique without asking the OS for
 * randomness on every request (that alone cost a tenth of the gateway's time per ping).
 */
const ID_PREFIX = randomBytes(6).toString('hex');
let idCounter = 0;
export const newRequestId = (): string => `req_${ID_PREFIX}${(idCounter++ % 0x1000000000000).toString(16).padStart(12, '0')}`;

const BEARER = /^Bearer +([^\s]+) *$/i;

export interface Gateway {
  /** The key of a request, from its Authorization header, after the rate limit; throws the RpcError to answer. */
  admit(authorization: string | undefined, facts: RequestFacts): ApiKey;
  handle(req: GatewayRequest): Promise<GatewayResponse>;
}

export function createGateway(deps: GatewayDeps): Gateway {
  /**
   * Writes being performed now, per client and Idempotency-Key, with their fingerprints. Keys
   * belong to the back office, not to the API key: the same key under another API key of the same
   * client is the same write; under another client's key it is another client's write.
   */
  const inFlight = new Map<string, string>();

  function authenticate(header: string | undefined): ApiKey {
    const challenge = { 'WWW-Authenticate': 'Bearer realm="retail-rpc"' };
    const m = header ? BEARER.exec(header) : null;
    if (!m) throw new RpcError('UNAUTHORIZED', 'send Authorization: Bearer <API key>', [], challenge);
    const key = deps.keys.verify(m[1] as string);
    if (!key) {
      throw new RpcError('UNAUTHORIZED', 'the API key is unknown or revoked', [], {
        'WWW-Authenticate': 'Bearer realm="retail-rpc", error="invalid_token"',
      });
    }
    return key;
  }

  function parseBody(body: string): unknown {
    try {
      return JSON.parse(body);
    } catch {
      throw new RpcError('INVALID_REQUEST', 'the body is not valid JSON');
    }
  }

  /** For an in-process (transactional) upstream: it runs synchronously, so no timer could interrupt it. */
  const neverAborted = new AbortController().signal;

  async function callUpstream(
    upstream: Upstream,
    op: OperationSpec,
    params: Record<string, unknown>,
    key: ApiKey,
    requestId: string,
    people: People,
    commit?: CommitHook,
  ) {
    if (upstream.transactional) {
      return upstream.call({ op, params, ctx: { requestId, user: key.name, ...people, signal: neverAborted } }, commit);
    }
    const ac = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        ac.abort();
        reject(new UpstreamError(`the back office did not answer in ${deps.upstreamTimeoutMs} ms`, true));
      }, deps.upstreamTimeoutMs);
    });
    try {
      const call = { op, params, ctx: { requestId, user: key.name, ...people, signal: ac.signal } };
      return await Promise.race([upstream.call(call, commit), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async function performWrite(
    office: BackOfficePort,
    op: OperationSpec,
    params: Record<string, unknown>,
    key: ApiKey,
    idemKey: string,
    requestId: string,
    facts: RequestFacts,
    people: People,
  ): Promise<RpcResult> {
    const { idempotency, upstream } = office;
    const fp = fingerprint(op.name, params, people);
    // A NUL cannot occur in a client id: no two (client, key) pairs share a flight key.
    const flightKey = `${key.client}\u0000${idemKey}`;
    /** The answer to a key that has a record already. */
    const answerRecorded = (existing: IdempotencyRecord): RpcResult => {
      if (!sameRequest(existing.fingerprint, op.name, params, people)) throw reused();
      if (existing.state === 'done' && existing.result) {
        facts.replayed = true;
        return existing.result;
      }
      if (existing.state === 'in_progress' && inFlight.has(flightKey)) {
        throw inProgress();
      }
      // In progress with nobody performing it (the process died mid-call), or already unknown.
      if (existing.state !== 'unknown') idempotency.markUnknown(idemKey, existing.owner);
      throw unknownOutcome();
    };
    const existing = idempotency.get(idemKey, key.id);
    if (existing) return answerRecorded(existing);
    const flying = inFlight.get(flightKey);
    if (flying !== undefined) {
      if (flying !== fp) throw reused();
      throw inProgress();
    }
    inFlight.set(flightKey, fp);
    try {
      if (upstream.transactional) {
        let result: RpcResult | undefined;
        let recorded: IdempotencyRecord | undefined;
        try {
          await callUpstream(upstream, op, params, key, requestId, people, {
            // Looked at again under the write lock, before any business work: another process
            // serving the same back office (a second gateway on the same files) may have
            // performed this key since the look above. Then nothing is done here, and the key is
            // answered as that process recorded it.
            before() {
              recorded = idempotency.get(idemKey, key.id);
              if (recorded) throw new PerformedElsewhere();
            },
            commit(raw) {
              result = normalizeResult(op, raw, upstream);
              idempotency.saveDone(idemKey, key.id, fp, op.name, result);
            },
          });
        } catch (err) {
          if (recorded) return answerRecorded(recorded);
          throw err;
        }
        if (!result) throw new ContractBreach('', 'the back office did not commit the write');
        office.afterWrite?.(op.name);
        return result;
      }
      idempotency.begin(idemKey, key.id, fp, op.name);
      let raw: Awaited<ReturnType<typeof callUpstream>>;
      try {
        raw = await callUpstream(upstream, op, params, key, requestId, people);
      } catch (err) {
        const notPerformed = err instanceof BusinessRefusal || (err instanceof UpstreamError && !err.sent);
        if (notPerformed) idempotency.forget(idemKey);
        else idempotency.markUnknown(idemKey);
        throw err;
      }
      try {
        const result = normalizeResult(op, raw, upstream);
        idempotency.saveDone(idemKey, key.id, fp, op.name, result);
        office.afterWrite?.(op.name);
        return result;
      } catch (err) {
        // Performed, but its answer cannot be trusted: a person has to look.
        idempotency.markUnknown(idemKey);
        throw err;
      }
    } finally {
      inFlight.delete(flightKey);
    }
  }

  async function perform(
    req: GatewayRequest,
    requestId: string,
    facts: RequestFacts,
  ): Promise<{ id: RpcId; method: string; result: RpcResult }> {
    const key = req.key;
    const env = checkEnvelope(parseBody(req.body));
    if (!env.ok) throw new RpcError('INVALID_REQUEST', 'the request envelope is malformed', env.issues);
    const { method, params: rawParams } = env.value;
    const id = env.value.id ?? null;
    facts.method = method;
    const op = findOperation(method);
    if (!op)
      throw new RpcError('METHOD_NOT_FOUND', `no operation is named ${JSON.stringify(method.slice(0, 100))}`, [
        issueAt('method', issueWords('gateway.unknown_method')),
      ]);
    if (!hasScope(key, op.scope)) {
      throw new RpcError(
        'INSUFFICIENT_SCOPE',
        `the key lacks the scope ${op.scope}`,
        [issueAt('scope', issueWords('gateway.scope', { scope: op.scope }))],
        {
          'WWW-Authenticate': `Bearer realm="retail-rpc", error="insufficient_scope", scope="${op.scope}"`,
        },
      );
    }
    let idemKey: string | undefined;
    if (op.kind === 'write') {
      idemKey = req.idempotencyKey;
      if (idemKey === undefined || idemKey === '')
        throw new RpcError(
          'IDEMPOTENCY_KEY_REQUIRED',
          `${op.name} changes data: send an Idempotency-Key header, one new key per business operation`,
        );
      if (!isValidIdempotencyKey(idemKey))
        throw new RpcError(
          'IDEMPOTENCY_KEY_INVALID',
          'the Idempotency-Key must be 1 to 255 printable ASCII characters (space to ~)',
        );
    }
    const people = op.kind === 'write' ? peopleOf(req) : {};
    const checked = validateParams(op.params, rawParams);
    if (!checked.ok)
      throw new RpcError('INVALID_PARAMETER', `the params do not match the contract of ${op.name}`, checked.issues);

    const office = backOfficeOf(key.client);
    try {
      const result =
        idemKey === undefined
          ? normalizeResult(op, await callUpstream(office.upstream, op, checked.value, key, requestId, {}), office.upstream)
          : await performWrite(office, op, checked.value, key, idemKey, requestId, facts, people);
      return { id, method: op.name, result };
    } finally {
      deps.backOffices.release(key.client);
    }
  }

  function backOfficeOf(client: string): BackOfficePort {
    try {
      return deps.backOffices.acquire(client);
    } catch (err) {
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

  function admit(authorization: string | undefined, facts: RequestFacts): ApiKey {
    const key = authenticate(authorization);
    facts.key = key.name;
    const wait = deps.rateLimiter?.take(key.id) ?? 0;
    if (wait > 0)
      throw new RpcError('RATE_LIMITED', `too many requests; retry in ${wait} s`, [], { 'Retry-After': String(wait) });
    return key;
  }

  async function handle(req: GatewayRequest): Promise<GatewayResponse> {
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

  return { admit, handle };
}

/** Thrown inside a write's transaction to roll it back: its key was performed by another process. */
class PerformedElsewhere extends Error {}

const NO_HEADERS: Readonly<Record<string, string>> = {};
const REPLAYED: Readonly<Record<string, string>> = { 'Idempotent-Replayed': 'true' };

function reused(): RpcError {
  return new RpcError(
    'IDEMPOTENCY_KEY_REUSED',
    'this Idempotency-Key was used for a different request; mint a new key for a new operation',
  );
}

function inProgress(): RpcError {
  return new RpcError('IDEMPOTENCY_IN_PROGRESS', 'a request with this Idempotency-Key is being performed; retry shortly', [], {
    'Retry-After': '1',
  });
}

function unknownOutcome(): RpcError {
  return new RpcError(
    'IDEMPOTENCY_RESULT_UNKNOWN',
    'an earlier attempt with this Idempotency-Key may or may not have been performed; it was not performed again. Check the document, receipt or payment before doing anything else.',
  );
}

function toRpcError(err: unknown, facts: RequestFacts): RpcError {
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
