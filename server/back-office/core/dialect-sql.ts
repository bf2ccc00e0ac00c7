/**
 * The back office's SQL that is not the same on both engines and that the statement rewrite
 * (shared-node/pg/dialect.ts) cannot make the same: each fragment named, with its two forms.
 */
import { type Db, dialectOf, type Statement } from '../../../shared-node/sql/db.js';

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

/** A column of `rowsOfJsonArray`: its name, and whether it holds integers or text. */
type JsonColumn = readonly [name: string, type: 'integer' | 'text'];

/**
 * The rows of a JSON array of arrays parameter (`[[3, "a"], [5, "b"]]`) as a subquery, its columns
 * named by position: a set of rows in one parameter, so a statement writing many rows has the same
 * text for any number of them (PostgreSQL prepares it once) and is one statement, not one a row.
 */
export const rowsOfJsonArray = (db: Db, param: string, columns: readonly JsonColumn[]): string => {
  if (dialectOf(db) === 'postgres') {
    const list = columns.map(
      ([name, type], i) => `${type === 'integer' ? `CAST(value->>${i} AS BIGINT)` : `value->>${i}`} AS ${name}`,
    );
    return `SELECT ${list.join(', ')} FROM json_array_elements(CAST(${param} AS json))`;
  }
  const list = columns.map(([name], i) => `json_extract(value, '$[${i}]') AS ${name}`);
  return `SELECT ${list.join(', ')} FROM json_each(${param})`;
};

/**
 * Added to the join of a table to `rowsOfJsonArray` on the table's key (the rows' first column):
 * the key looked up by index on PostgreSQL. Its planner takes a JSON array for 100 rows whatever it
 * holds, and so reads a table of a few thousand rows whole (a hash join) rather than look 100 keys
 * up, more so as the table grows; `= ANY (ARRAY(…))` it takes for 10 and looks up by index. SQLite
 * already loops over the array and looks each key up: there the condition would only slow it.
 */
export const keyOfJsonRowsByIndex = (db: Db, column: string, param: string): string =>
  dialectOf(db) === 'postgres'
    ? ` AND ${column} = ANY (ARRAY(SELECT CAST(value->>0 AS BIGINT) FROM json_array_elements(CAST(${param} AS json))))`
    : '';

/**
 * `column` is one of the values of a one-column subquery of a few keys, each looked up by index:
 * PostgreSQL's planner cannot tell how many keys a subquery over a JSON parameter gives, and
 * joins a table of a few thousand rows whole rather than look them up; `= ANY (ARRAY(…))` it looks
 * up by index (as keyOfJsonRowsByIndex). SQLite loops over the subquery and looks each key up.
 */
export const inKeysByIndex = (db: Db, column: string, keys: string): string =>
  dialectOf(db) === 'postgres' ? `${column} = ANY (ARRAY(${keys}))` : `${column} IN (${keys})`;

/** A statement answering a row when the table named by its one parameter exists. */
export const tableExistsSql = (db: Db): string =>
  dialectOf(db) === 'postgres'
    ? 'SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = ?'
    : "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?";

/**
 * The shop's write turn, taken as a write's first statement: one write of a shop at a time, as
 * SQLite's IMMEDIATE transaction takes its file's write lock up front (there, nothing to add).
 *
 * On PostgreSQL every write is SERIALIZABLE, and two tills' writes side by side conflict even when
 * they share no row: SERIALIZABLE remembers reads by page (by table, for a small table scanned
 * whole), and two closes each insert their receipt, lines and documents into the same last pages
 * of the shop's indexes that the other's foreign keys and its own reads go through. One of the two
 * then ran again — more than half of the closes of 5 tills (bench:contention). In turn, a write
 * waits (a lock, no retry) for the shop's write before it, and starts from what that one committed.
 *
 * LOCK TABLE takes no snapshot: the transaction's snapshot is taken by the next statement, once
 * the turn is granted, so the write sees every write before it. A lock in the database, not in a
 * process: every process and every connection of the shop waits for the same turn, and other
 * shops (other schemas) never wait for it. Reads take no turn.
 */
export const writeTurn = (db: Db): Statement<[], unknown> | undefined =>
  dialectOf(db) === 'postgres' ? db.prepare<[], unknown>('LOCK TABLE write_turn IN EXCLUSIVE MODE') : undefined;
