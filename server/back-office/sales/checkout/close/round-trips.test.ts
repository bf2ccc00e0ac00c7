/**
 * What a close waits for on PostgreSQL (issue 24), counted where SyncPg sends it, not timed: a close
 * reads its lines' goods once, their stock and FIFO batches once, and writes its lines in one
 * INSERT … RETURNING, so its round trips do not grow with its lines, and a 20-line close stays
 * within the issue's 20. Nor do its statements: each one is parsed, bound and executed by
 * PostgreSQL and encoded and decoded here, so a statement a line (a batch's change, a move, a
 * product's stock, a line's batches) was most of a close's CPU on both sides. On SQLite there are
 * no round trips: the statements run in the process.
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

/** Closes a sale of `lines` products at 10.00 each and counts what it sent: round trips and statements. */
function sentByClose(lines: number): { trips: number; statements: number } {
  const rows = codes.slice(0, lines).map((code) => ({ code, quant: '1', price: '10.00', sum: '10.00' }));
  const params: ParamsOf<'pos.checkout_close_sale'> = {
    kasm: 1,
    rows,
    payments: [{ type: 'nal', amount: `${lines * 10}.00` }],
  } as ParamsOf<'pos.checkout_close_sale'>;
  const { query, pipeline } = SyncPg.prototype;
  const sent = { trips: 0, statements: 0 };
  SyncPg.prototype.query = function (this: SyncPg, ...args: Parameters<SyncPg['query']>) {
    sent.trips++;
    sent.statements++;
    return query.apply(this, args);
  };
  SyncPg.prototype.pipeline = function (this: SyncPg, ...args: Parameters<SyncPg['pipeline']>) {
    sent.trips++;
    sent.statements += args[0].length;
    return pipeline.apply(this, args);
  };
  try {
    shop.call('pos.checkout_close_sale', params);
  } finally {
    Object.assign(SyncPg.prototype, { query, pipeline });
  }
  return sent;
}

describe.skipIf(TEST_ENGINE !== 'postgres')('what a close sends to PostgreSQL', () => {
  it('is as many round trips and statements for twenty lines as for one, and no more than twenty round trips', () => {
    sentByClose(1); // the first close of a shop sets up what later ones find
    const one = sentByClose(1);
    const twenty = sentByClose(20);
    expect(twenty.trips).toBe(one.trips);
    expect(twenty.trips).toBeLessThanOrEqual(20);
    expect(twenty.statements).toBe(one.statements);
  });
});
