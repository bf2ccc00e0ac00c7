/**
 * A FIFO take on PostgreSQL in a shop that has traded a while, counted in the transaction's own
 * table statistics, not timed: its first read (statements.ts takeStart) reads the batches holding
 * stock and each product's newest, not every batch the product ever had; its set-based writes look
 * the batches they change up by index (dialect-sql.ts keyOfJsonRowsByIndex). A planner that takes
 * a JSON set for 100 rows reads a table of a few thousand batches whole, and a shop's batches only
 * grow.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PgDb } from '../../../../shared-node/pg/pg-db.js';
import { TEST_ENGINE } from '../../../testing/back-office-db.js';
import { bigCatalogue, seqScans } from '../../../testing/catalogue-scans.js';
import { D } from '../../decimal.js';
import { addProduct, openTestDb, stockMismatches, type TestDb } from '../testing.js';
import { takeFifoMany } from './fifo.js';
import { TakeWrites } from './take-writes.js';

const codes = Array.from({ length: 20 }, (_, i) => `48299000${String(i).padStart(5, '0')}`);
const BATCHES_A_PRODUCT = 200;

let t: TestDb;
beforeEach(() => {
  t = openTestDb();
});
afterEach(() => t.close());

/**
 * Many deliveries of a unit each to every product, a day apart: the table of a shop that has
 * traded for a while, the last `holding` of each product's batches still holding their unit.
 */
function trade(holding: number): PgDb {
  const pg = t.db as unknown as PgDb;
  for (const code of codes) {
    addProduct(t.db, { code });
    pg.query(
      `INSERT INTO stock_batches (code, sk, document_number, cost, quantity, received_on, fiscal)
       SELECT $1, 0, 'N' || g, 50000, CASE WHEN g > ${BATCHES_A_PRODUCT - holding} THEN 1000 ELSE 0 END,
              DATE '2025-01-01' + g, 1
       FROM generate_series(1, ${BATCHES_A_PRODUCT}) AS g`,
      [code],
    );
  }
  pg.query('INSERT INTO goods_stock (code, sk, quantity) SELECT code, sk, sum(quantity) FROM stock_batches GROUP BY code, sk');
  pg.query('ANALYZE stock_batches');
  return pg;
}

describe.skipIf(TEST_ENGINE !== 'postgres')('a take on PostgreSQL in a shop that has traded a while', () => {
  it('reads the batches holding stock and the newest, not the sold-out ones', () => {
    // All sold but the last two of each product's deliveries.
    const pg = trade(2);

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

  it('looks its products up by key, not by reading the catalogue', () => {
    const pg = trade(2);
    bigCatalogue(pg);
    const scans = t.db.transaction(() => {
      const before = seqScans(pg, 'goods');
      // Past PostgreSQL's first five plans of a named statement: its generic plan too.
      for (let i = 0; i < 7; i++)
        takeFifoMany(
          t.db,
          { sk: 0, shortage: 'record', ref: `check:${i}`, at: '2025-08-01T10:00:00.000Z', on: '2025-08-01' },
          codes.map((code) => ({ code, quantity: new D('0.01') })),
        );
      return seqScans(pg, 'goods') - before;
    })();
    expect(scans).toBe(0);
  });

  it('changes its batches without reading stock_batches whole', () => {
    const pg = trade(BATCHES_A_PRODUCT);
    const oldest = pg.query('SELECT code, min(id) AS id FROM stock_batches GROUP BY code') as { code: string; id: number }[];

    // The writes' scans: the difference of the transaction's own counts.
    const scans = t.db.transaction(() => {
      const before = seqScans(pg, 'stock_batches');
      const writes = new TakeWrites();
      for (const { code, id } of oldest) {
        writes.take(id, 1000, 50000);
        writes.takeStock(code, 1000);
      }
      writes.write(t.db, { sk: 0, ref: 'check:1', at: '2025-03-01T10:00:00.000Z' });
      return seqScans(pg, 'stock_batches') - before; // the queued writes are sent before this read
    })();

    expect(scans).toBe(0);
    expect(t.db.prepare('SELECT count(*) AS n FROM stock_batches WHERE quantity = 0').get()).toEqual({ n: codes.length });
    expect(stockMismatches(t.db)).toEqual([]);
  });
});
