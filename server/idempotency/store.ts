/**
 * Idempotency records in SQLite, scoped to the back office (this database), not to the API key:
 * a repeat under another API key of the same shop is the same write. With the embedded back
 * office the record is written by `saveDone` inside the business transaction, so a write and its
 * record commit together; with a remote upstream `begin` commits an in-progress record before
 * anything is sent.
 *
 * A record written before keys were shared may belong to one API key (`owner`, see migration
 * 0002): that API key finds its own record first, everyone else the back office's.
 */
import type { RpcResult } from '../../shared/contract/index.js';
import type { Db } from '../../shared-node/sql/db.js';

export type RecordState = 'in_progress' | 'done' | 'unknown';

export interface IdempotencyRecord {
  readonly fingerprint: string;
  readonly method: string;
  readonly state: RecordState;
  readonly result: RpcResult | null;
  /** '' for the back office's record; an API key's id for an older record of that key alone. */
  readonly owner: string;
}

/** Keys are kept longer than a till stays offline (36 h at most by the PRRO rules). */
export const DEFAULT_IDEMPOTENCY_TTL_MS = 7 * 24 * 3600 * 1000;

const SHARED = '';

export class IdempotencyStore {
  private readonly getStmt;
  private readonly insertStmt;
  private readonly updateStmt;
  private readonly saveDoneStmt;
  private readonly deleteStmt;

  constructor(
    private readonly db: Db,
    private readonly ttlMs = DEFAULT_IDEMPOTENCY_TTL_MS,
    private readonly clock: () => number = Date.now,
  ) {
    // An API key's own older record sorts before the back office's ('' is the smallest text).
    this.getStmt = db.prepare<
      [string, string],
      { fingerprint: string; method: string; state: RecordState; result: string | null; owner: string }
    >(
      `SELECT fingerprint, method, state, result, owner FROM idempotency_records
       WHERE idem_key = ? AND owner IN ('', ?) ORDER BY owner DESC LIMIT 1`,
    );
    this.insertStmt = db.prepare(
      'INSERT INTO idempotency_records (idem_key, owner, key_id, fingerprint, method, state, result, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.updateStmt = db.prepare('UPDATE idempotency_records SET state = ?, result = ? WHERE idem_key = ? AND owner = ?');
    // One statement whose answer nobody reads: inside the business transaction it waits and goes
    // with the COMMIT on PostgreSQL (pg-db.ts), where an UPDATE whose count decides an INSERT cost
    // a round trip of its own. A record `begin` made keeps its key, fingerprint and time.
    this.saveDoneStmt = db.prepare(
      `INSERT INTO idempotency_records (idem_key, owner, key_id, fingerprint, method, state, result, created_at)
       VALUES (?, ?, ?, ?, ?, 'done', ?, ?)
       ON CONFLICT (idem_key, owner) DO UPDATE SET state = excluded.state, result = excluded.result`,
    );
    this.deleteStmt = db.prepare('DELETE FROM idempotency_records WHERE idem_key = ? AND owner = ?');
  }

  /** The record of an Idempotency-Key as the API key `keyId` sees it. */
  get(idemKey: string, keyId: string): IdempotencyRecord | undefined {
    const r = this.getStmt.get(idemKey, keyId);
    if (!r) return undefined;
    return {
      fingerprint: r.fingerprint,
      method: r.method,
      state: r.state,
      result: r.result ? (JSON.parse(r.result) as RpcResult) : null,
      owner: r.owner,
    };
  }

  /** Records a finished write, made through the API key `keyId`; called inside the business transaction when the upstream allows. */
  saveDone(idemKey: string, keyId: string, fp: string, method: string, result: RpcResult): void {
    this.saveDoneStmt.run(idemKey, SHARED, keyId, fp, method, JSON.stringify(result), this.clock());
  }

  begin(idemKey: string, keyId: string, fp: string, method: string): void {
    this.insertStmt.run(idemKey, SHARED, keyId, fp, method, 'in_progress', null, this.clock());
  }

  markUnknown(idemKey: string, owner = SHARED): void {
    this.updateStmt.run('unknown', null, idemKey, owner);
  }

  /** Forgets an attempt that certainly did not reach the business data, so the key can be retried. */
  forget(idemKey: string): void {
    this.deleteStmt.run(idemKey, SHARED);
  }

  /** Deletes records past their retention; returns how many. */
  purgeExpired(): number {
    return this.db.prepare('DELETE FROM idempotency_records WHERE created_at < ?').run(this.clock() - this.ttlMs).changes;
  }
}
