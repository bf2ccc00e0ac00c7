/**
 * The back office's SQL that is not the same on both engines and that the statement rewrite
 * (shared-node/pg/dialect.ts) cannot make the same: each fragment named, with its two forms.
 */
import { type Db, dialectOf } from '../../../shared-node/sql/db.js';

/** The integers of a JSON array parameter (`[3, 5, 8]`) as a one-column subquery. */
export const idsOfJsonArray = (db: Db, param: string): string =>
  dialectOf(db) === 'postgres'
    ? `SELECT CAST(value AS BIGINT) FROM json_array_elements_text(CAST(${param} AS json))`
    : `SELECT value FROM json_each(${param})`;

/** The strings of a JSON array parameter (`["a", "b"]`) as a one-column subquery: a list in one parameter. */
export const textsOfJsonArray = (db: Db, param: string): string =>
  dialectOf(db) === 'postgres'
    ? `SELECT value FROM json_array_elements_text(CAST(${param} AS json))`
    : `SELECT value FROM json_each(${param})`;

/** A statement answering a row when the table named by its one parameter exists. */
export const tableExistsSql = (db: Db): string =>
  dialectOf(db) === 'postgres'
    ? 'SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = ?'
    : "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?";
