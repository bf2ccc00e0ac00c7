/**
 * Copies every table of a back office between a SQLite database and a PostgreSQL schema, both at
 * the same schema version, row for row: integers (money and quantities ×10^4, ids) as integers,
 * text byte for byte, NULL as NULL. What the target held is replaced. The caller holds the
 * transaction(s), so a copy that fails halfway leaves nothing of itself.
 *
 * What makes the copy exact, not merely complete:
 *  - Order: parents before children (back-office-tables.ts), so every foreign key is checked as
 *    rows arrive and a copy that would break one fails instead of finishing inconsistent.
 *  - Triggers: the catalogue change log is written by triggers on goods, stock, cards and
 *    settings. Copying those tables would fire them and log changes that never happened, with
 *    new sequence numbers a till would mistake for news; the log is copied as it is instead. On
 *    PostgreSQL the target's user triggers are disabled for the copy (ALTER TABLE … DISABLE
 *    TRIGGER USER: it needs only ownership of the tables, which whoever made the schema has,
 *    while `session_replication_role = replica` needs a superuser; the foreign keys' own
 *    triggers stay on). SQLite cannot disable a trigger: they are dropped and made again from
 *    the very SQL SQLite kept of them, in the same transaction.
 *  - Ids: an INTEGER PRIMARY KEY is a BIGINT identity on PostgreSQL, which does not move when a
 *    row brings its own id; after the copy each identity is set past the largest id copied, and
 *    past the largest id SQLite ever gave for an AUTOINCREMENT table (sqlite_sequence), so that
 *    no id is given twice. The other way, sqlite_sequence is written from the identities.
 */
import { type PgDb, quoteIdent as q } from '../../shared-node/pg/pg-db.js';
import type { PgError } from '../../shared-node/pg/sync-pg.js';
import type { Db as SqliteDb } from '../../shared-node/sqlite/open.js';
import { backOfficeTables, POSTGRES_ONLY_TABLES, type TableShape } from './back-office-tables.js';

export interface CopyReport {
  readonly tables: number;
  readonly rows: number;
}

/** Rows per statement or fetch: PostgreSQL takes at most 65,535 parameters in one statement. */
const MOST_ROWS = 1000;
const MOST_PARAMETERS = 30_000;

/** A SQLite database's tables into a PostgreSQL schema made by the same migrations. */
export function copySqliteToPg(from: SqliteDb, to: PgDb): CopyReport {
  if (!to.inTransaction) throw new Error('a copy into PostgreSQL runs inside one transaction: a failure must leave nothing');
  const tables = backOfficeTables(from);
  checkSameSchema(tables, from, to);
  const triggered = tablesWithTriggers(to);
  for (const t of triggered) to.query(`ALTER TABLE ${pgTable(to, t)} DISABLE TRIGGER USER`);
  for (const t of [...tables].reverse()) to.query(`DELETE FROM ${pgTable(to, t.name)}`);
  let rows = 0;
  for (const t of tables) rows += inTable(t, () => copyTableToPg(from, to, t));
  moveIdentitiesPastCopied(from, to);
  for (const t of triggered) to.query(`ALTER TABLE ${pgTable(to, t)} ENABLE TRIGGER USER`);
  return { tables: tables.length, rows };
}

/**
 * A PostgreSQL schema's tables into a SQLite database made by the same migrations. `from` must be
 * in a transaction too (REPEATABLE READ: one snapshot of every table, while the service writes on).
 */
export function copyPgToSqlite(from: PgDb, to: SqliteDb): CopyReport {
  if (!to.inTransaction) throw new Error('a copy into SQLite runs inside one transaction: a failure must leave nothing');
  if (!from.inTransaction) throw new Error('a copy out of PostgreSQL reads one snapshot: run it inside a transaction');
  const tables = backOfficeTables(to);
  checkSameSchema(tables, to, from);
  const triggers = to.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY rowid").all() as {
    name: string;
    sql: string;
  }[];
  for (const t of triggers) to.exec(`DROP TRIGGER ${q(t.name)}`);
  for (const t of [...tables].reverse()) to.exec(`DELETE FROM ${q(t.name)}`);
  let rows = 0;
  for (const t of tables) rows += inTable(t, () => copyTableToSqlite(from, to, t));
  writeSqliteSequences(from, to, tables);
  for (const t of triggers) to.exec(t.sql);
  return { tables: tables.length, rows };
}

function copyTableToPg(from: SqliteDb, to: PgDb, t: TableShape): number {
  const columns = t.columns.map(q).join(', ');
  // safeIntegers: every INTEGER as a bigint, exact at any size (a number is exact below 2^53 only).
  const read = from
    .prepare(`SELECT ${columns} FROM ${q(t.name)}`)
    .raw(true)
    .safeIntegers(true);
  const perStatement = Math.max(1, Math.min(MOST_ROWS, Math.floor(MOST_PARAMETERS / t.columns.length)));
  const insert = (n: number) => {
    const width = t.columns.length;
    const tuples = Array.from({ length: n }, (_, r) => `(${t.columns.map((_, c) => `$${r * width + c + 1}`).join(', ')})`);
    return `INSERT INTO ${pgTable(to, t.name)} (${columns}) VALUES ${tuples.join(', ')}`;
  };
  const full = insert(perStatement);
  let batch: unknown[] = [];
  let rows = 0;
  const flush = () => {
    const n = batch.length / t.columns.length;
    if (n === 0) return;
    const params = batch;
    // A savepoint per statement: when one fails, the transaction can still find its row.
    try {
      to.transaction(() => to.query(n === perStatement ? full : insert(n), params))();
    } catch (err) {
      throw rowThatFails(to, t, insert(1), params, err);
    }
    rows += n;
    batch = [];
  };
  for (const row of read.iterate() as Iterable<unknown[]>) {
    for (const v of row) batch.push(toPg(v));
    if (batch.length === perStatement * t.columns.length) flush();
  }
  flush();
  return rows;
}

function copyTableToSqlite(from: PgDb, to: SqliteDb, t: TableShape): number {
  const columns = t.columns.map(q).join(', ');
  const order = t.primaryKey.length ? ` ORDER BY ${t.primaryKey.map(q).join(', ')}` : '';
  const insert = to.prepare(`INSERT INTO ${q(t.name)} (${columns}) VALUES (${t.columns.map(() => '?').join(', ')})`);
  // A cursor reads the table in pieces, all of the transaction's one snapshot.
  from.query(`DECLARE table_copy NO SCROLL CURSOR FOR SELECT ${columns} FROM ${pgTable(from, t.name)}${order}`);
  let rows = 0;
  try {
    for (;;) {
      const page = from.query(`FETCH ${MOST_ROWS} FROM table_copy`);
      if (page.length === 0) break;
      for (const row of page) insert.run(...t.columns.map((c) => toSqlite(row[c])));
      rows += page.length;
    }
  } finally {
    from.query('CLOSE table_copy');
  }
  return rows;
}

/** A SQLite value as a PostgreSQL parameter: a bigint as its digits (PostgreSQL reads them exactly). */
function toPg(v: unknown): unknown {
  if (typeof v === 'bigint') return v.toString();
  return v;
}

/** A PostgreSQL value as SQLite takes it; anything the translated schema cannot hold is refused, not guessed. */
function toSqlite(v: unknown): unknown {
  // better-sqlite3 binds every number as a REAL: a whole one goes as an INTEGER, which a STRICT
  // REAL column still stores as REAL, while a column without a type would keep a REAL 5.0.
  if (typeof v === 'number') return Number.isInteger(v) ? BigInt(v) : v;
  if (v === null || typeof v === 'string' || Buffer.isBuffer(v)) return v;
  // BYTEA crosses the I/O thread (sync-pg.ts) as a plain Uint8Array.
  if (v instanceof Uint8Array) return Buffer.from(v.buffer, v.byteOffset, v.byteLength);
  throw new Error(`a value of a kind SQLite does not hold: ${Object.prototype.toString.call(v)}`);
}

/**
 * The row of a failed multi-row INSERT that PostgreSQL refuses, found by inserting the statement's
 * rows one at a time (each in a savepoint) until one fails, so that the person moving a shop can
 * find and mend it. Paid only when a copy fails, which undoes all of it anyway.
 */
function rowThatFails(to: PgDb, t: TableShape, insertOne: string, params: readonly unknown[], batchError: unknown): Error {
  const width = t.columns.length;
  for (let at = 0; at < params.length; at += width) {
    const values = params.slice(at, at + width);
    try {
      to.transaction(() => to.query(insertOne, values))();
    } catch (err) {
      return new Error(`${rowName(t, values)}: ${pgMessage(err)}`, { cause: err });
    }
  }
  return new Error(pgMessage(batchError), { cause: batchError });
}

/** PostgreSQL's message, with its DETAIL (the key a constraint failed on) when it gives one. */
function pgMessage(err: unknown): string {
  const { message, detail } = err as PgError;
  return detail ? `${message} (${detail})` : message;
}

/** The longest a value is shown in a row's name: enough to find it, never a whole document. */
const SHOWN_VALUE = 40;

/** A row as its primary key names it (`row (id)=(17)`); a table without one, by its first columns. */
function rowName(t: TableShape, values: readonly unknown[]): string {
  const named = t.primaryKey.length > 0 ? t.primaryKey : t.columns.slice(0, 3);
  const shown = named.map((c) => {
    const v = values[t.columns.indexOf(c)];
    const text = v === null ? 'NULL' : Buffer.isBuffer(v) ? `<${v.length} bytes>` : JSON.stringify(String(v));
    return text.length > SHOWN_VALUE ? `${text.slice(0, SHOWN_VALUE)}…` : text;
  });
  return `row (${named.join(', ')})=(${shown.join(', ')})`;
}

/** Tells which table a copy failed in (a constraint, a NUL in a text PostgreSQL refuses, …). */
function inTable<T>(t: TableShape, copy: () => T): T {
  try {
    return copy();
  } catch (err) {
    throw new Error(`copying table ${t.name}: ${(err as Error).message}`, { cause: err });
  }
}

/** Each identity past the largest id copied and the largest SQLite ever gave (AUTOINCREMENT). */
function moveIdentitiesPastCopied(from: SqliteDb, to: PgDb): void {
  const given = new Map<string, number>();
  if (hasSqliteSequence(from)) {
    for (const r of from.prepare('SELECT name, seq FROM sqlite_sequence').all() as { name: string; seq: number }[]) {
      given.set(r.name, r.seq);
    }
  }
  for (const { table, column } of identities(to)) {
    const largest = Number(to.query(`SELECT max(${q(column)}) AS m FROM ${pgTable(to, table)}`)[0]?.m ?? 0);
    const high = Math.max(largest, given.get(table) ?? 0);
    // setval(…, 1, false): the next id is 1, as a table that never had a row gives.
    to.query('SELECT setval(pg_get_serial_sequence($1, $2), $3, $4)', [pgTable(to, table), column, Math.max(high, 1), high >= 1]);
  }
}

/** sqlite_sequence of each AUTOINCREMENT table from its identity: the highest id PostgreSQL gave. */
function writeSqliteSequences(from: PgDb, to: SqliteDb, tables: readonly TableShape[]): void {
  if (!hasSqliteSequence(to)) return;
  const autoincrement = new Set(tables.filter((t) => t.autoincrement).map((t) => t.name));
  to.exec('DELETE FROM sqlite_sequence');
  const write = to.prepare('INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)');
  for (const { table, column } of identities(from)) {
    if (!autoincrement.has(table)) continue;
    const sequence = from.query('SELECT pg_get_serial_sequence($1, $2) AS s', [pgTable(from, table), column])[0]?.s as string;
    const state = from.query(`SELECT last_value, is_called FROM ${sequence}`)[0] as { last_value: number; is_called: boolean };
    const gave = state.is_called ? state.last_value : state.last_value - 1;
    const largest =
      (to
        .prepare(`SELECT max(${q(column)}) FROM ${q(table)}`)
        .pluck()
        .get() as number | null) ?? 0;
    const high = Math.max(gave, largest);
    // SQLite has a row only for a table that was ever given an id.
    if (high > 0) write.run(table, BigInt(high));
  }
}

function checkSameSchema(tables: readonly TableShape[], sqlite: SqliteDb, pg: PgDb): void {
  const pgColumns = new Map<string, string[]>();
  const rows = pg.query(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c
     JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE c.table_schema = $1 AND t.table_type = 'BASE TABLE' ORDER BY c.table_name, c.ordinal_position`,
    [pg.schema],
  );
  for (const r of rows) {
    if (POSTGRES_ONLY_TABLES.includes(r.table_name as string)) continue;
    const list = pgColumns.get(r.table_name as string) ?? [];
    list.push(r.column_name as string);
    pgColumns.set(r.table_name as string, list);
  }
  const sorted = (xs: readonly string[]) => [...xs].sort().join(', ');
  const names = tables.map((t) => t.name);
  const onlySqlite = names.filter((n) => !pgColumns.has(n));
  const onlyPg = [...pgColumns.keys()].filter((n) => !names.includes(n));
  if (onlySqlite.length || onlyPg.length) {
    throw new Error(
      `the two back offices have different tables (SQLite only: ${onlySqlite.join(', ') || '-'}; PostgreSQL only: ${onlyPg.join(', ') || '-'})`,
    );
  }
  for (const t of tables) {
    if (sorted(t.columns) !== sorted(pgColumns.get(t.name) ?? [])) {
      throw new Error(`table ${t.name} has other columns in SQLite (${sorted(t.columns)}) than in PostgreSQL`);
    }
  }
  const fileVersion = (sqlite.prepare('SELECT id FROM schema_migrations ORDER BY id').pluck().all() as string[]).join(',');
  const pgVersion = pg
    .query('SELECT id FROM schema_migrations ORDER BY id')
    .map((r) => r.id as string)
    .join(',');
  if (fileVersion !== pgVersion)
    throw new Error('the two back offices are not at the same schema version (schema_migrations differ)');
}

function tablesWithTriggers(pg: PgDb): string[] {
  return pg
    .query(
      `SELECT DISTINCT c.relname AS name FROM pg_trigger t
       JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = $1 AND NOT t.tgisinternal ORDER BY 1`,
      [pg.schema],
    )
    .map((r) => r.name as string);
}

function identities(pg: PgDb): { table: string; column: string }[] {
  return pg
    .query(
      `SELECT table_name, column_name FROM information_schema.columns
       WHERE table_schema = $1 AND is_identity = 'YES' ORDER BY table_name`,
      [pg.schema],
    )
    .map((r) => ({ table: r.table_name as string, column: r.column_name as string }));
}

const hasSqliteSequence = (db: SqliteDb) =>
  db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_sequence'").get() !== undefined;

/** A table of the PgDb's own schema, named whole: nothing depends on the search_path. */
const pgTable = (pg: PgDb, table: string) => `${q(pg.schema)}.${q(table)}`;
