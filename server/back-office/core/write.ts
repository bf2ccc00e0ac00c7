/**
 * The one way the back office opens a write transaction: IMMEDIATE, with the shop's write turn
 * (dialect-sql.ts) as its first statement. Every write of a shop — an operation (operations.ts),
 * an answer of the tax server the fiscal dispatch records, the signatures it keeps — so waits on
 * PostgreSQL for the shop's write before it, instead of racing it under SERIALIZABLE and running
 * again. On PostgreSQL the turn is queued with the transaction's writes (shared-node/pg/pg-db.ts):
 * a transaction that only writes still goes in one round trip.
 */
import type { Db } from '../../../shared-node/sql/db.js';
import { writeTurn } from './dialect-sql.js';

/**
 * `fn` as a write transaction, made once and called as often as needed: better-sqlite3 builds
 * several wrappers for each `db.transaction()`, which a write made per call would pay each time.
 */
export function writeTransaction<A extends unknown[], R>(db: Db, fn: (...args: A) => R): (...args: A) => R {
  const turn = writeTurn(db);
  const tx = db.transaction((...args: A): R => {
    turn?.run();
    return fn(...args);
  });
  return (...args) => tx.immediate(...args);
}

const runners = new WeakMap<Db, (work: () => unknown) => unknown>();

/** Runs `work` in one write transaction (writeTransaction's, made once per database). */
export function inWriteTransaction<T>(db: Db, work: () => T): T {
  let run = runners.get(db);
  if (!run) {
    run = writeTransaction(db, (w: () => unknown) => w());
    runners.set(db, run);
  }
  return run(work) as T;
}
