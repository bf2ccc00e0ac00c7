/**
 * Which FIFO batches each receipt line took from, so a return puts the goods back where they came
 * from: every line's rows in one INSERT, its rows in one JSON parameter (issue 24: one statement a
 * close, its text the same for any number of lines, where it was one a line and batch).
 */
import type { Db } from '../../../../../shared-node/sql/db.js';
import type { FifoTake } from '../../../catalog/index.js';
import { rowsOfJsonArray } from '../../../core/dialect-sql.js';
import { statements } from '../../../core/statements.js';
import { toDb } from '../../../decimal.js';

const prepare = (d: Db) => ({
  /** `[[line id, batch id, quantity, cost], …]`. */
  insert: d.prepare<[string], void>(
    `INSERT INTO receipt_line_batches (line_id, batch_id, quantity, cost)
     SELECT r.line_id, r.batch_id, r.quantity, r.cost
     FROM (${rowsOfJsonArray(d, '?', [
       ['line_id', 'integer'],
       ['batch_id', 'integer'],
       ['quantity', 'integer'],
       ['cost', 'integer'],
     ])}) AS r`,
  ),
});
// One function for the cache key: statements() prepares once per database and function.
const sqlOf = (db: Db) => statements(db, prepare);

export interface LineBatches {
  readonly lineId: number;
  readonly batches: FifoTake['batches'];
}

export function recordLineBatches(db: Db, lines: readonly LineBatches[]): void {
  const rows: [lineId: number, batchId: number, quantity: number, cost: number][] = [];
  for (const { lineId, batches } of lines) {
    // A sale beyond stock takes from the newest batch twice (its units, then what it owes): one row.
    const byBatch = new Map<number, { quantity: number; cost: number }>();
    for (const b of batches) {
      const a = byBatch.get(b.batchId) ?? { quantity: 0, cost: 0 };
      byBatch.set(b.batchId, { quantity: a.quantity + toDb(b.quantity, 'unit'), cost: a.cost + toDb(b.cost, 'cur') });
    }
    for (const [batchId, a] of byBatch) rows.push([lineId, batchId, a.quantity, a.cost]);
  }
  if (rows.length > 0) sqlOf(db).insert.run(JSON.stringify(rows));
}
