/**
 * A close reads its lines' goods in one statement (statements.ts goodsOf). On PostgreSQL it looks
 * each code up by key: a JSON list of codes is 100 rows to its planner whatever it holds, so
 * `code IN (…)` read the whole catalogue for every close (0.75 ms of a 20-line close's PostgreSQL
 * time with 2,000 goods). Counted in the transaction's own table statistics, not timed.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PgDb } from '../../../../shared-node/pg/pg-db.js';
import { TEST_ENGINE } from '../../../testing/back-office-db.js';
import { bigCatalogue, seqScans } from '../../../testing/catalogue-scans.js';
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
    bigCatalogue(pg);
    const { found, scans } = shop.db.transaction(() => {
      const before = seqScans(pg, 'goods');
      let found = 0;
      // Past PostgreSQL's first five plans of a named statement: its generic plan too.
      for (let i = 0; i < 7; i++) found = checkoutSql(shop.db).goodsOf.all(JSON.stringify(codes)).length;
      return { found, scans: seqScans(pg, 'goods') - before };
    })();
    expect(found).toBe(20);
    expect(scans).toBe(0);
  });
});
