/**
 * Two tills of one shop closing at once on PostgreSQL, where every write is SERIALIZABLE and a
 * transaction that loses a race runs again (shared-node/pg/pg-db.ts): the closes of two tills touch
 * no row of each other's, so neither may lose. The test holds till 1's close open (its statements
 * sent, not committed) while till 2's runs whole on another connection and commits — the widest
 * overlap two transactions can have — then commits till 1's, and counts the transactions run
 * again. Till 2's connection waits at most 3 s for a lock, so a shared row fails the test rather
 * than hanging it. SQLite has one writer at a time: there the case cannot arise.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ParamsOf } from '../../../../shared/contract/index.js';
import type { PgDb } from '../../../../shared-node/pg/pg-db.js';
import { anotherConnection, TEST_ENGINE } from '../../../testing/back-office-db.js';
import { invoke } from '../../operations.js';
import { type FloorShop, floorShop } from '../../testing/floor-shop.js';
import { invariantBreaches, NO_BREACHES } from '../testing/invariants.js';
import { BREAD, MILK } from '../testing/shop.js';

type Close = ParamsOf<'pos.checkout_close_sale'>;

let shop: FloorShop;
let other: PgDb;
beforeEach(() => {
  shop = floorShop();
  other = anotherConnection(shop.db);
  other.query("SET lock_timeout = '3s'");
  // Statistics, as autovacuum keeps them in a shop that runs: without them PostgreSQL takes its
  // small tables for bigger ones and plans other scans.
  other.query('ANALYZE');
});
afterEach(() => {
  other?.close();
  shop.close();
});

const cash = (kasm: number, code: string, price: string): Close => ({
  kasm,
  rows: [{ code, quant: '1', price, sum: price }],
  payments: [{ type: 'nal', amount: price }],
});

/** Till 1's close held open while till 2's runs whole; how many times till 1's ran, and the retries. */
function side(first: Close, second: Close) {
  const db = shop.db as PgDb;
  const atTill2 = { ...shop.ctx, db: other };
  let runs = 0;
  const numbers: string[] = [];
  db.transaction(() => {
    runs++;
    numbers.push(
      String((invoke(shop.ctx, 'pos.checkout_close_sale', first).rows as { check_number: string }[])[0]?.check_number),
    );
    if (runs === 1)
      numbers.push(
        String((invoke(atTill2, 'pos.checkout_close_sale', second).rows as { check_number: string }[])[0]?.check_number),
      );
  }).immediate();
  return { runs, retries: db.retries + other.retries, numbers };
}

describe.skipIf(TEST_ENGINE !== 'postgres')('two tills of one shop closing at once', () => {
  it('both commit, neither runs again, each with a receipt number of its own', () => {
    // A sale at each till first: the shop's receipts are numbered from here on.
    side(cash(1, BREAD, '25.50'), cash(2, MILK, '42.00'));
    const before = { retries: (shop.db as PgDb).retries + other.retries };
    const { runs, retries, numbers } = side(cash(1, BREAD, '25.50'), cash(2, MILK, '42.00'));
    expect({ runs, retries: retries - before.retries }).toEqual({ runs: 1, retries: 0 });
    expect(new Set(numbers).size).toBe(2);
    const receipts = shop.db.prepare('SELECT check_number, kasm, ndoc FROM receipts ORDER BY check_number').all() as {
      check_number: number;
      kasm: number;
      ndoc: string;
    }[];
    expect(receipts.map((r) => String(r.check_number)).sort()).toEqual(expect.arrayContaining([...numbers].sort()));
    // A receipt closed without a sale document of its own is its own document.
    for (const r of receipts) expect(r.ndoc).toBe(String(r.check_number));
    expect(invariantBreaches(shop.db)).toEqual(NO_BREACHES);
  });
});
