/**
 * Shop settings a rule reads together, in one statement (issue 24: each read is a round trip on
 * PostgreSQL, and a close's fiscal checks read five). A key that is not set is absent: the rule
 * keeps its own default.
 */
import type { Db, Read } from '../../../../../shared-node/sql/db.js';
import { fiscalSql } from './statements.js';

export type Settings = ReadonlyMap<string, string>;

/** The read readSettings makes, for a caller that sends it ahead (prefetch). */
export const settingsRead = (db: Db, keys: readonly string[]): Read => ({
  statement: fiscalSql(db).settings,
  args: [JSON.stringify(keys)],
});

export const readSettings = (db: Db, keys: readonly string[]): Settings =>
  new Map(
    fiscalSql(db)
      .settings.all(JSON.stringify(keys))
      .map((r) => [r.key, r.value]),
  );
