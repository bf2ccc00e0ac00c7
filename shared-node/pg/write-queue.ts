/**
 * The statements of a PgDb transaction that wait to be sent (issue 24, fewer round trips a close):
 * a write whose answer nobody has read yet (`run()` of an INSERT, UPDATE or DELETE), and the BEGIN
 * and SAVEPOINT in front of them. They go to PostgreSQL in one round trip together with the next
 * statement whose answer is needed — a read, the COMMIT, a RELEASE — in the order they were made
 * (SyncPg.pipeline). The rules written against the Db do not know: a queued write's `changes` and
 * `lastInsertRowid` are getters that send the queue first, and a queued write's error is thrown at
 * the next statement sent, always before the COMMIT, which it stops; the transaction then rolls
 * back as it did (a 40001 runs it again, and its idempotency record goes with it).
 *
 * What changes for the rules: the JavaScript after a failing write runs on until the next statement
 * is sent (it cannot touch the database meanwhile: a read would send the queue), and a `try` around
 * a bare `run()` does not see its error unless it reads the result (catalog/directories/records.ts
 * does). A write a rule must see fail at once reads `changes`.
 */
import type { RunResult } from '../sql/db.js';
import type { PipelinedStatement, SyncPgResult } from './sync-pg.js';

/** One statement in the queue: its answer once sent, or why it has none. */
export class Pending {
  result: SyncPgResult | undefined;
  failure: unknown;
  /** PostgreSQL ran it (it may have been rolled back since): false while queued, or skipped after an error. */
  ran = false;

  constructor(readonly statement: PipelinedStatement) {}
}

export class WriteQueue {
  private pending: Pending[] = [];

  get size(): number {
    return this.pending.length;
  }

  add(statement: PipelinedStatement): Pending {
    const p = new Pending(statement);
    this.pending.push(p);
    return p;
  }

  /** Empties the queue: what it held, to be sent now (or dropped). */
  take(): Pending[] {
    const taken = this.pending;
    this.pending = [];
    return taken;
  }

  /** Only this statement is queued (a BEGIN that nothing followed yet). */
  holdsOnly(p: Pending): boolean {
    return this.pending.length === 1 && this.pending[0] === p;
  }
}

/**
 * A queued `run()`'s answer, read when the caller reads it: `send` sends the queue (this write and
 * every statement before it) in one round trip unless it has gone already.
 */
export function deferredRun(p: Pending, send: () => void): RunResult {
  const answer = (): SyncPgResult => {
    if (!p.ran && p.failure === undefined) send();
    if (p.failure !== undefined) throw p.failure;
    return p.result as SyncPgResult;
  };
  const result = {} as RunResult;
  Object.defineProperties(result, {
    changes: { enumerable: true, get: () => answer().rowCount },
    lastInsertRowid: {
      enumerable: true,
      get: () => {
        const rowid = answer().rows[0]?.__rowid;
        return typeof rowid === 'number' ? rowid : 0;
      },
    },
  });
  return result;
}
