/**
 * The tables of a back office database as its migrations left them, read from SQLite's own
 * catalogue rather than listed by hand (a table a later migration adds moves with the rest), and
 * put parents first by their foreign keys: rows inserted in this order pass every foreign key as
 * they go, so a copy needs neither deferred constraints nor the checks turned off.
 */
import type { Db as SqliteDb } from '../../shared-node/sqlite/open.js';

/**
 * PostgreSQL's own bookkeeping, with no SQLite counterpart: the shop's write turn, only ever
 * locked (core/dialect-sql.ts), so always empty; and changes of the catalogue that waited for
 * their transaction to commit in a database migrated before 0303 (catalog/sync/schema.ts), empty
 * outside a transaction. Nothing to move.
 */
export const POSTGRES_ONLY_TABLES: readonly string[] = ['catalog_changes_pending', 'write_turn'];

export interface TableShape {
  readonly name: string;
  /** Its columns, in their declared order. */
  readonly columns: readonly string[];
  /** The primary key's columns in key order; empty when it has none. */
  readonly primaryKey: readonly string[];
  /** AUTOINCREMENT: SQLite remembers the highest id ever given (sqlite_sequence) and never reuses one. */
  readonly autoincrement: boolean;
}

interface ColumnInfo {
  name: string;
  pk: number;
}

/** Every table but SQLite's own (sqlite_sequence and the like), each after the tables it refers to. */
export function backOfficeTables(db: SqliteDb): TableShape[] {
  const rows = db
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid")
    .all() as { name: string; sql: string }[];
  const shapes = new Map<string, TableShape>();
  const parents = new Map<string, string[]>();
  for (const { name, sql } of rows) {
    const columns = db.prepare('SELECT name, pk FROM pragma_table_info(?) ORDER BY cid').all(name) as ColumnInfo[];
    shapes.set(name, {
      name,
      columns: columns.map((c) => c.name),
      primaryKey: columns
        .filter((c) => c.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((c) => c.name),
      autoincrement: /\bAUTOINCREMENT\b/i.test(withoutComments(sql)),
    });
    const refs = db.prepare('SELECT DISTINCT "table" FROM pragma_foreign_key_list(?)').pluck().all(name) as string[];
    // A table that refers to itself needs no order among tables; its rows are copied in key order.
    parents.set(
      name,
      refs.filter((r) => r !== name),
    );
  }
  return dependencyOrder(shapes, parents);
}

/** Depth first, in the order the migrations made the tables, each parent before its children. */
function dependencyOrder(shapes: Map<string, TableShape>, parents: Map<string, string[]>): TableShape[] {
  const out: TableShape[] = [];
  const done = new Set<string>();
  const visiting: string[] = [];
  const visit = (name: string) => {
    if (done.has(name)) return;
    if (visiting.includes(name)) {
      const cycle = [...visiting.slice(visiting.indexOf(name)), name].join(' → ');
      throw new Error(`the tables refer to each other (${cycle}): copying them needs deferred foreign keys`);
    }
    const shape = shapes.get(name);
    if (!shape) throw new Error(`a foreign key refers to ${name}, which is no table of the back office`);
    visiting.push(name);
    for (const parent of parents.get(name) ?? []) visit(parent);
    visiting.pop();
    done.add(name);
    out.push(shape);
  };
  for (const name of shapes.keys()) visit(name);
  return out;
}

/** A table's SQL as SQLite keeps it, comments and all: a comment must not read as AUTOINCREMENT. */
const withoutComments = (sql: string) => sql.replace(/--[^\n]*/g, '').replace(/\/\*[\s\S]*?\*\//g, '');
