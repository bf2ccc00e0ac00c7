/**
 * What a close waits for on PostgreSQL (issue 24), counted where SyncPg sends it, not timed: a close
 * reads its lines' goods once, their stock and FIFO batches once, and writes its lines in one
 * INSERT … RETURNING, so its round trips do not grow with its lines, and a 20-line close stays
 * within the issue's 20. On SQLite there are no round trips: the statements run in the process.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ParamsOf } from '../../../../../shared/contract/index.js';
import { SyncPg } from '../../../../../shared-node/pg/sync-pg.js';
import { TEST_ENGINE } from '../../../../testing/back-office-db.js';
import { addBatch, addProduct, type Shop, standardShop } from '../../testing/shop.js';

const codes = Array.from({ length: 20 }, (_, i) => `48299000${String(i).padStart(5, '0')}`);

let shop: Shop;
beforeEach(() => {
  shop = standardShop();
  for (const code of codes) {
    addProduct(shop.db, { code, price: '10.00' });
    addBatch(shop.db, { code, quantity: '50', cost: '5.00', on: '2025-03-01' });
    addBatch(shop.db, { code, quantity: '50', cost: '6.00', on: '2025-03-02' });
  }
});
afterEach(() => shop.close());

/** Closes a sale of `lines` products at 10.00 each and counts the round trips it sent. */
function roundTripsOfClose(lines: number): number {
  const rows = codes.slice(0, lines).map((code) => ({ code, quant: '1', price: '10.00', sum: '10.00' }));
  const params: ParamsOf<'pos.checkout_close_sale'> = {
    kasm: 1,
    rows,
    payments: [{ type: 'nal', amount: `${lines * 10}.00` }],
  } as ParamsOf<'pos.checkout_close_sale'>;
  const { query, pipeline } = SyncPg.prototype;
  let trips = 0;
  SyncPg.prototype.query = function (this: SyncPg, ...args: Parameters<SyncPg['query']>) {
    trips++;
    return query.apply(this, args);
  };
  SyncPg.prototype.pipeline = function (this: SyncPg, ...args: Parameters<SyncPg['pipeline']>) {
    trips++;
    return pipeline.apply(this, args);
  };
  try {
    shop.call('pos.checkout_close_sale', params);
  } finally {
    Object.assign(SyncPg.prototype, { query, pipeline });
  }
  return trips;
}

describe.skipIf(TEST_ENGINE !== 'postgres')('the round trips of a close on PostgreSQL', () => {
  it('are as many for twenty lines as for one, and no more than twenty', () => {
    roundTripsOfClose(1); // the first close of a shop sets up what later ones find
    const one = roundTripsOfClose(1);
    const twenty = roundTripsOfClose(20);
    expect(twenty).toBe(one);
    expect(twenty).toBeLessThanOrEqual(20);
  });
});
