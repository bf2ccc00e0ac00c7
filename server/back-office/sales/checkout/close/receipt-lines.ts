/**
 * A receipt's lines written with one INSERT … RETURNING (issue 24): each line's id is an answer the
 * close waits for (its FIFO batches and excise stamps point at it), so on PostgreSQL one statement
 * for all the lines is one round trip where a statement per line was one each. Each id comes back
 * with its line_no: neither engine promises the order of RETURNING's rows. A statement per count
 * of rows, up to CHUNK rows, prepared once per database and count.
 */
import type { Db, Statement } from '../../../../../shared-node/sql/db.js';
import { statements } from '../../../core/statements.js';
import type { NewReceiptLine } from '../statements.js';

const COLUMNS = [
  'check_number',
  'line_no',
  'code',
  'name',
  'unit_type',
  'c2',
  'category_id',
  'uktzed',
  'excise_input',
  'quantity',
  'price',
  'discount',
  'sum',
  'cost',
] as const satisfies readonly (keyof NewReceiptLine)[];

/** Rows per statement: 1,400 parameters, well inside SQLite's limit of 32,766. */
const CHUNK = 100;

type Insert = Statement<[unknown[]], { id: number; line_no: number }>;

// One function for the cache key: statements() keeps one map of statements per database.
const byCount = (_db: Db) => new Map<number, Insert>();

function insertOf(db: Db, count: number): Insert {
  const cache = statements(db, byCount);
  let insert = cache.get(count);
  if (!insert) {
    const row = `(${COLUMNS.map(() => '?').join(', ')})`;
    insert = db.prepare<[unknown[]], { id: number; line_no: number }>(
      `INSERT INTO receipt_lines (${COLUMNS.join(', ')}) VALUES ${Array.from({ length: count }, () => row).join(', ')}
       RETURNING id, line_no`,
    );
    cache.set(count, insert);
  }
  return insert;
}

/** Writes the lines; returns each line's id by its line_no. */
export function insertReceiptLines(db: Db, lines: readonly NewReceiptLine[]): Map<number, number> {
  const ids = new Map<number, number>();
  for (let from = 0; from < lines.length; from += CHUNK) {
    const chunk = lines.slice(from, from + CHUNK);
    const values = chunk.flatMap((line) => COLUMNS.map((c) => line[c]));
    for (const r of insertOf(db, chunk.length).all(values)) ids.set(r.line_no, r.id);
  }
  return ids;
}
