/**
 * A write, exactly once per Idempotency-Key of a client: a key with a record is answered from it
 * (replayed, in progress, or of unknown outcome); a key being performed now in this process is
 * refused as in progress; otherwise the write is performed and its answer recorded with it.
 *
 * On an in-process back office the record is written in the write's own transaction, and looked at
 * under the write lock, in the round trip that takes it on PostgreSQL (issue 24): not before it too,
 * which cost every write a round trip of its own to spare a replay, rare, the wait for the write
 * turn. A record found there is answered as one found before the write began: that is what the
 * look before would have found, had the record been written a moment earlier (by another process
 * on the same database; in this one, a key in flight is looked at first, as before).
 * On a remote one the key is claimed first, then forgotten if the write was surely not performed,
 * or marked unknown if it may have been.
 */
import type { RpcResult } from '../../shared/contract/index.js';
import { fingerprint, sameRequest } from '../idempotency/fingerprint.js';
import type { IdempotencyRecord, IdempotencyStore } from '../idempotency/store.js';
import { BusinessRefusal, UpstreamError } from '../upstream/upstream.js';
import { callUpstream, type UpstreamCall } from './call-upstream.js';
import { ContractBreach, normalizeResult } from './normalize.js';
import { RpcError } from './rpc-error.js';
import type { BackOfficePort, RequestFacts } from './types.js';

export type WriteCall = UpstreamCall & { readonly idempotencyKey: string };

export function writePerformer(timeoutMs: number) {
  /**
   * Writes being performed now, per client and Idempotency-Key, with their fingerprints. Keys
   * belong to the back office, not to the API key: the same key under another API key of the same
   * client is the same write; under another client's key it is another client's write.
   */
  const inFlight = new Map<string, string>();

  return async function performWrite(office: BackOfficePort, c: WriteCall, facts: RequestFacts): Promise<RpcResult> {
    const { idempotency } = office;
    const fp = fingerprint(c.op.name, c.params, c.people);
    // A NUL cannot occur in a client id: no two (client, key) pairs share a flight key.
    const flightKey = `${c.key.client}\u0000${c.idempotencyKey}`;
    const flying = inFlight.get(flightKey);
    const answer = (existing: IdempotencyRecord) => answerRecorded(idempotency, c, existing, flying !== undefined, facts);
    if (flying !== undefined || !office.upstream.transactional) {
      const existing = idempotency.get(c.idempotencyKey, c.key.id);
      if (existing) return answer(existing);
    }
    if (flying !== undefined) throw flying !== fp ? reused() : inProgress();
    inFlight.set(flightKey, fp);
    try {
      return office.upstream.transactional
        ? await performInTransaction(office, c, fp, timeoutMs, answer)
        : await performRemote(office, c, fp, timeoutMs);
    } finally {
      inFlight.delete(flightKey);
    }
  };
}

/** The answer to a key that has a record already. */
function answerRecorded(
  idempotency: IdempotencyStore,
  c: WriteCall,
  existing: IdempotencyRecord,
  performingHere: boolean,
  facts: RequestFacts,
): RpcResult {
  if (!sameRequest(existing.fingerprint, c.op.name, c.params, c.people)) throw reused();
  if (existing.state === 'done' && existing.result) {
    facts.replayed = true;
    return existing.result;
  }
  if (existing.state === 'in_progress' && performingHere) throw inProgress();
  // In progress with nobody performing it (the process died mid-call), or already unknown.
  if (existing.state !== 'unknown') idempotency.markUnknown(c.idempotencyKey, existing.owner);
  throw unknownOutcome();
}

async function performInTransaction(
  office: BackOfficePort,
  c: WriteCall,
  fp: string,
  timeoutMs: number,
  answer: (existing: IdempotencyRecord) => RpcResult,
): Promise<RpcResult> {
  const { idempotency, upstream } = office;
  let result: RpcResult | undefined;
  let recorded: IdempotencyRecord | undefined;
  try {
    await callUpstream(upstream, c, timeoutMs, {
      // Looked at under the write lock, before any business work: this or another process serving
      // the same back office (a second gateway on the same files) may have performed this key.
      // Then nothing is done here, and the key is answered as it was recorded.
      before() {
        recorded = idempotency.get(c.idempotencyKey, c.key.id);
        if (recorded) throw new PerformedElsewhere();
      },
      commit(raw) {
        result = normalizeResult(c.op, raw, upstream);
        idempotency.saveDone(c.idempotencyKey, c.key.id, fp, c.op.name, result);
      },
    });
  } catch (err) {
    if (recorded) return answer(recorded);
    throw err;
  }
  if (!result) throw new ContractBreach('', 'the back office did not commit the write');
  office.afterWrite?.();
  return result;
}

async function performRemote(office: BackOfficePort, c: WriteCall, fp: string, timeoutMs: number): Promise<RpcResult> {
  const { idempotency, upstream } = office;
  idempotency.begin(c.idempotencyKey, c.key.id, fp, c.op.name);
  let raw: Awaited<ReturnType<typeof callUpstream>>;
  try {
    raw = await callUpstream(upstream, c, timeoutMs);
  } catch (err) {
    const notPerformed = err instanceof BusinessRefusal || (err instanceof UpstreamError && !err.sent);
    if (notPerformed) idempotency.forget(c.idempotencyKey);
    else idempotency.markUnknown(c.idempotencyKey);
    throw err;
  }
  try {
    const result = normalizeResult(c.op, raw, upstream);
    idempotency.saveDone(c.idempotencyKey, c.key.id, fp, c.op.name, result);
    office.afterWrite?.();
    return result;
  } catch (err) {
    // Performed, but its answer cannot be trusted: a person has to look.
    idempotency.markUnknown(c.idempotencyKey);
    throw err;
  }
}

/** Thrown inside a write's transaction to roll it back: its key was performed by another process. */
class PerformedElsewhere extends Error {}

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
