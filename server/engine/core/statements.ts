/**
 * Prepared statements, once per database. Each area keeps its SQL in a `statements.ts` module
 * built with `statements(db, prepare)`, so the business rules never hold SQL text and another
 * dialect (PostgreSQL for store servers) means another set of statement modules.
 */
import type { Db } from '../../db/open.js';

const cache = new WeakMap<Db, Map<(db: Db) => unknown, unknown>>();

export function statements<T>(db: Db, prepare: (db: Db) => T): T {
  let perDb = cache.get(db);
  if (!perDb) {
    perDb = new Map();
    cache.set(db, perDb);
  }
  let set = perDb.get(prepare) as T | undefined;
  if (set === undefined) {
    set = prepare(db);
    perDb.set(prepare, set);
  }
  return set;
}
