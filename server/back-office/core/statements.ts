/**
 * Prepared statements, once per database. Each area keeps its SQL in a `statements.ts` module
 * built with `statements(db, prepare)`, so the business rules never hold SQL text and another
 * dialect (PostgreSQL for store servers) means another set of statement modules.
 */
import type { Db } from '../../../shared-node/sql/db.js';

const cache = new WeakMap<Db, Map<(db: Db) => unknown, unknown>>();
/**
 * Far more statement sets than the code has modules means a caller passes a new function on each
 * call (an inline arrow): it would prepare on every call and grow this cache without end.
 */
const MOST_SETS_PER_DB = 500;

export function statements<T>(db: Db, prepare: (db: Db) => T): T {
  let perDb = cache.get(db);
  if (!perDb) {
    perDb = new Map();
    cache.set(db, perDb);
  }
  let set = perDb.get(prepare) as T | undefined;
  if (set === undefined) {
    if (perDb.size >= MOST_SETS_PER_DB) {
      throw new Error('statements(): pass a module-level prepare function, not a new one per call');
    }
    set = prepare(db);
    perDb.set(prepare, set);
  }
  return set;
}
