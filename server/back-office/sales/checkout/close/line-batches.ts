/** Which FIFO batches each receipt line took from, so a return puts the goods back where they came from. */
import type { Db } from '../../../../../shared-node/sql/db.js';
import type { FifoTake } from '../../../catalog/index.js';
import { statements } from '../../../core/statements.js';
import { toDb } from '../../../decimal.js';

const prepare = (d: Db) => ({
  insert: d.prepare<[number, number, number, number], void>(
    'INSERT INTO receipt_line_batches (line_id, batch_id, quantity, cost) VALUES (?, ?, ?, ?)',
  ),
});
// One function for the cache key: statements() prepares once per database and function.
const sqlOf = (db: Db) => statements(db, prepare);

export function recordLineBatches(db: Db, lineId: number, batches: FifoTake['batches']): void {
  const sql = sqlOf(db);
  // A sale beyond stock takes from the newest batch twice (its units, then what it owes): one row.
  const byBatch = new Map<number, { quantity: number; cost: number }>();
  for (const b of batches) {
    const a = byBatch.get(b.batchId) ?? { quantity: 0, cost: 0 };
    byBatch.set(b.batchId, { quantity: a.quantity + toDb(b.quantity, 'unit'), cost: a.cost + toDb(b.cost, 'cur') });
  }
  for (const [batchId, a] of byBatch) sql.insert.run(lineId, batchId, a.quantity, a.cost);
}
