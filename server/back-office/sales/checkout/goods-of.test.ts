/**
 * A close reads its lines' goods in one statement (statements.ts goodsOf). On PostgreSQL it looks
 * each code up by key: a JSON list of codes is 100 rows to its planner whatever it holds, so
 * `code IN (…)` read the whole catalogue for every close (0.75 ms of a 20-line close's PostgreSQL
 * time with 2,000 goods). Counted in the transaction's own table statistics, not timed.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PgDb } from '../../../../shared-node/pg/pg-db.js';
import { TEST_ENGINE } from '../../../testing/back-office-db.js';
import { addProduct, type Shop, standardShop } from '../testing/shop.js';
import { checkoutSql } from './statements.js';

let shop: Shop;
beforeEach(() => {
  shop = standardShop();
});
afterEach(() => shop.close());

describe.skipIf(TEST_ENGINE !== 'postgres')("a close's goods on PostgreSQL", () => {
  it('are looked up by key, not by reading the catalogue', () => {
    const pg = shop.db as unknown as PgDb;
    const codes = Array.from({ length: 20 }, (_, i) => `48299000${String(i).padStart(5, '0')}`);
    for (const code of codes) addProduct(shop.db, { code, price: '10.00' });
    pg.query(
      `INSERT INTO goods (code, name, unit_type, price, date_added)
       SELECT 'X' || g, 'Товар ' || g, 'шт', 100000, '2025-01-10' FROM generate_series(1, 2000) AS g`,
    );
    pg.query('ANALYZE goods');
    const seqScans = () =>
      pg.query("SELECT seq_scan FROM pg_stat_xact_user_tables WHERE relname = 'goods'")[0]?.seq_scan as number;
    const { found, scans } = shop.db.transaction(() => {
      const before = seqScans();
      let found = 0;
      // Past PostgreSQL's first five plans of a named statement: its generic plan too.
      for (let i = 0; i < 7; i++) found = checkoutSql(shop.db).goodsOf.all(JSON.stringify(codes)).length;
      return { found, scans: seqScans() - before };
    })();
    expect(found).toBe(20);
    expect(scans).toBe(0);
  });
});
