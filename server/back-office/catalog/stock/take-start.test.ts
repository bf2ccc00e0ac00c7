/**
 * The read a FIFO take starts from (statements.ts takeStart) on PostgreSQL reads the batches that
 * still hold stock and each product's newest, not every batch the product ever had: counted in the
 * transaction's own table statistics, not timed. A shop's sold-out batches only grow.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PgDb } from '../../../../shared-node/pg/pg-db.js';
import { TEST_ENGINE } from '../../../testing/back-office-db.js';
import { D } from '../../decimal.js';
import { addProduct, openTestDb, type TestDb } from '../testing.js';
import { takeFifoMany } from './fifo.js';

const codes = Array.from({ length: 20 }, (_, i) => `48299000${String(i).padStart(5, '0')}`);
const BATCHES_A_PRODUCT = 200;

let t: TestDb;
beforeEach(() => {
  t = openTestDb();
});
afterEach(() => t.close());

describe.skipIf(TEST_ENGINE !== 'postgres')('the read a take starts from on PostgreSQL', () => {
  it('reads the batches holding stock and the newest, not the sold-out ones', () => {
    const pg = t.db as unknown as PgDb;
    for (const code of codes) {
      addProduct(t.db, { code });
      // A year of deliveries, all sold but the last two.
      pg.query(
        `INSERT INTO stock_batches (code, sk, document_number, cost, quantity, received_on, fiscal)
         SELECT $1, 0, 'N' || g, 50000, CASE WHEN g > ${BATCHES_A_PRODUCT - 2} THEN 1000 ELSE 0 END,
                DATE '2025-01-01' + g, 1
         FROM generate_series(1, ${BATCHES_A_PRODUCT}) AS g`,
        [code],
      );
    }
    pg.query('INSERT INTO goods_stock (code, sk, quantity) SELECT code, sk, sum(quantity) FROM stock_batches GROUP BY code, sk');
    pg.query('ANALYZE stock_batches');

    // The batch rows this connection read and has not reported yet.
    const read = () => {
      const r = pg.query(
        "SELECT seq_tup_read + coalesce(idx_tup_fetch, 0) AS n FROM pg_stat_xact_user_tables WHERE relname = 'stock_batches'",
      )[0];
      return Number(r?.n ?? 0);
    };
    const { rows, takes } = t.db.transaction(() => {
      const before = read();
      const takes = takeFifoMany(
        t.db,
        { sk: 0, shortage: 'record', ref: 'check:1', at: '2025-08-01T10:00:00.000Z', on: '2025-08-01' },
        codes.map((code) => ({ code, quantity: new D('1.5') })),
      );
      return { rows: read() - before, takes };
    })();

    // Each product's two batches holding stock and its newest again (one of them): about 60, not 4,000.
    expect(rows).toBeLessThan(10 * codes.length);
    // Taken oldest first: one unit from the older of the two, half from the newer.
    expect(takes.map((x) => x.batches.map((b) => b.quantity.toString()))).toEqual(codes.map(() => ['1', '0.5']));
  });
});
