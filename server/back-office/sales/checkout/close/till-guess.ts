/**
 * What the last close at a till found of it (its register and cash box), per back office
 * database, in memory: the next close there sends the reads that need them with its first ones
 * (plan.ts), a round trip before it reads the till (issue 24). A guess gone stale (a till given
 * another register or cash box) costs only reads nobody makes: a kept answer serves only the same
 * statement with the same arguments (prefetch, shared-node/sql/db.ts).
 */
import type { Db } from '../../../../../shared-node/sql/db.js';
import type { TillRow } from '../../kernel/cash/statements.js';

const seen = new WeakMap<Db, Map<number, TillRow>>();

export const lastSeenTill = (db: Db, kasm: number): TillRow | undefined => seen.get(db)?.get(kasm);

export function rememberTill(db: Db, till: TillRow): void {
  let tills = seen.get(db);
  if (!tills) {
    tills = new Map();
    seen.set(db, tills);
  }
  tills.set(till.kasm, till);
}
