/**
 * Idempotency records in SQLite, scoped to the API key. With the embedded back office the record
 * is written by `saveDone` inside the business transaction, so a write and its record commit
 * together; with a remote upstream `begin` commits an in-progress record before anything is sent.
 */
import type { RpcResult } from '../../shared/contract/index.js';
import type { Db } from '../../shared-node/sqlite/open.js';

export type RecordState = 'in_progress' | 'done' | 'unknown';

export interface IdempotencyRecord {
  readonly fingerprint: string;
  readonly method: string;
  readonly state: RecordState;
  readonly result: RpcResult | null;
}

/** Keys are kept longer than a till stays offline (36 h at most by the PRRO rules). */
export const DEFAULT_IDEMPOTENCY_TTL_MS = 7 * 24 * 3600 * 1000;

export class IdempotencyStore {
  private readonly getStmt;
  private readonly insertStmt;
  private readonly updateStmt;
  private readonly deleteStmt;

  constructor(
    private readonly db: Db,
    private readonly ttlMs = DEFAULT_IDEMPOTENCY_TTL_MS,
    private readonly clock: () => number = Date.now,
  ) {
    this.getStmt = db.prepare<
      [string, string],
      { fingerprint: string; method: string; state: RecordState; result: string | null }
    >('SELECT fingerprint, method, state, result FROM idempotency_records WHERE key_id = ? AND idem_key = ?');
    this.insertStmt = db.prepare(
      'INSERT INTO idempotency_records (key_id, idem_key, fingerprint, method, state, result, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    this.updateStmt = db.prepare('UPDATE idempotency_records SET state = ?, result = ? WHERE key_id = ? AND idem_key = ?');
    this.deleteStmt = db.prepare('DELETE FROM idempotency_records WHERE key_id = ? AND idem_key = ?');
  }

  get(keyId: string, idemKey: string): IdempotencyRecord | undefined {
    const r = this.getStmt.get(keyId, idemKey);
    if (!r) return undefined;
    return {
      fingerprint: r.fingerprint,
      method: r.method,
      state: r.state,
      result: r.result ? (JSON.parse(r.result) as RpcResult) : null,
    };
  }

  /** Records a finished write; called inside the business transaction when the upstream allows. */
  saveDone(keyId: string, idemKey: string, fp: string, method: string, result: RpcResult): void {
    const json = JSON.stringify(result);
    const r = this.updateStmt.run('done', json, keyId, idemKey);
    if (r.changes === 0) this.insertStmt.run(keyId, idemKey, fp, method, 'done', json, this.clock());
  }

  begin(keyId: string, idemKey: string, fp: string, method: string): void {
    this.insertStmt.run(keyId, idemKey, fp, method, 'in_progress', null, this.clock());
  }

  markUnknown(keyId: string, idemKey: string): void {
    this.updateStmt.run('unknown', null, keyId, idemKey);
  }

  /** Forgets an attempt that certainly did not reach the business data, so the key can be retried. */
  forget(keyId: string, idemKey: string): void {
    this.deleteStmt.run(keyId, idemKey);
  }

  /** Deletes records past their retention; returns how many. */
  purgeExpired(): number {
    return this.db.prepare('DELETE FROM idempotency_records WHERE created_at < ?').run(this.clock() - this.ttlMs).changes;
  }
}
