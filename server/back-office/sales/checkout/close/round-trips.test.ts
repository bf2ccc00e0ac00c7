/**
 * What a close waits for on PostgreSQL (issue 24), counted where SyncPg sends it, not timed: a close
 * reads its lines' goods once, their stock and FIFO batches once, and writes its lines in one
 * INSERT … RETURNING, so its round trips do not grow with its lines; the reads of its checks are
 * sent ahead together (prefetch), so a 20-line close stays well within the issue's 20. On SQLite there are no round trips: the statements run in the process.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ParamsOf } from '../../../../../shared/contract/index.js';
import { TEST_ENGINE } from '../../../../testing/back-office-db.js';
import { roundTripsOf } from '../../../../testing/round-trips.js';
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
  return roundTripsOf(() => shop.call('pos.checkout_close_sale', params));
}

describe.skipIf(TEST_ENGINE !== 'postgres')('the round trips of a close on PostgreSQL', () => {
  it('are as many for twenty lines as for one, and no more than ten', () => {
    roundTripsOfClose(1); // the first close of a shop sets up what later ones find
    const one = roundTripsOfClose(1);
    const twenty = roundTripsOfClose(20);
    expect(twenty).toBe(one);
    // The reads of its checks go ahead together (plan.ts, shifts/guard.ts): 17 when each went alone.
    expect(twenty).toBeLessThanOrEqual(10);
  });
});
