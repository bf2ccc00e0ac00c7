/**
 * A take's set-based writes on PostgreSQL look the batches they change up by index (dialect-sql.ts
 * keyOfJsonRowsByIndex), counted in the transaction's own table statistics, not timed: a planner
 * that takes the JSON set for 100 rows reads a table of a few thousand batches whole, and a shop's
 * batches only grow.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PgDb } from '../../../../shared-node/pg/pg-db.js';
import { TEST_ENGINE } from '../../../testing/back-office-db.js';
import { addProduct, openTestDb, stockMismatches, type TestDb } from '../testing.js';
import { TakeWrites } from './take-writes.js';

const codes = Array.from({ length: 20 }, (_, i) => `48299000${String(i).padStart(5, '0')}`);
const BATCHES_A_PRODUCT = 200;

let t: TestDb;
beforeEach(() => {
  t = openTestDb();
});
afterEach(() => t.close());

describe.skipIf(TEST_ENGINE !== 'postgres')('the writes of a take on PostgreSQL', () => {
  it('change its batches without reading stock_batches whole', () => {
    const pg = t.db as unknown as PgDb;
    for (const code of codes) {
      addProduct(t.db, { code });
      // Many deliveries of a unit each: the table of a shop that has traded for a while.
      pg.query(
        `INSERT INTO stock_batches (code, sk, document_number, cost, quantity, received_on, fiscal)
         SELECT $1, 0, 'N' || g, 50000, 1000, '2025-01-01', 1 FROM generate_series(1, ${BATCHES_A_PRODUCT}) AS g`,
        [code],
      );
    }
    pg.query('INSERT INTO goods_stock (code, sk, quantity) SELECT code, sk, sum(quantity) FROM stock_batches GROUP BY code, sk');
    pg.query('ANALYZE stock_batches');
    const oldest = pg.query('SELECT code, min(id) AS id FROM stock_batches GROUP BY code') as { code: string; id: number }[];

    // The scans this connection made and has not reported yet: the writes' are the difference.
    const seqScans = () =>
      pg.query("SELECT seq_scan FROM pg_stat_xact_user_tables WHERE relname = 'stock_batches'")[0]?.seq_scan as number;
    const scans = t.db.transaction(() => {
      const before = seqScans();
      const writes = new TakeWrites();
      for (const { code, id } of oldest) {
        writes.take(id, 1000, 50000);
        writes.takeStock(code, 1000);
      }
      writes.write(t.db, { sk: 0, ref: 'check:1', at: '2025-03-01T10:00:00.000Z' });
      return seqScans() - before; // the queued writes are sent before this read
    })();

    expect(scans).toBe(0);
    expect(t.db.prepare('SELECT count(*) AS n FROM stock_batches WHERE quantity = 0').get()).toEqual({ n: codes.length });
    expect(stockMismatches(t.db)).toEqual([]);
  });
});
