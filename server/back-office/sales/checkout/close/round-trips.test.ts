/**
 * What a close sends to PostgreSQL (issue 24), counted where SyncPg sends it, not timed. It reads
 * its lines' goods once and their stock and FIFO batches once, writes its lines in one INSERT …
 * RETURNING and its stock one statement per table, and sends the reads of its checks ahead
 * together (prefetch), with the reads its writes make later (the FIFO take's, the register's, the
 * cash box's; those that need the till, as the last close there found it: till-guess.ts), kept
 * across the writes that cannot change them (shared-node/pg/reach.ts): neither its round trips nor
 * its statements grow with its lines, and a 20-line close stays well within the issue's 20 round
 * trips. On SQLite nothing is sent: the statements run in the process.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ParamsOf } from '../../../../../shared/contract/index.js';
import { sentBy } from '../../../../../shared-node/pg/round-trips.js';
import { TEST_ENGINE } from '../../../../testing/back-office-db.js';
import { syncMigrations } from '../../../catalog/index.js';
import { addBatch, addProduct, type Shop, standardShop } from '../../testing/shop.js';

const codes = Array.from({ length: 20 }, (_, i) => `48299000${String(i).padStart(5, '0')}`);

let shop: Shop;
beforeEach(() => {
  // With the catalogue's sync triggers, as a back office has them: a close's stock write fires one.
  shop = standardShop(syncMigrations);
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
  return sentBy(() => shop.call('pos.checkout_close_sale', params));
}

describe.skipIf(TEST_ENGINE !== 'postgres')('what a close sends to PostgreSQL', () => {
  it('is as many round trips and statements for twenty lines as for one, and no more than six round trips', () => {
    sentByClose(1); // the first close of a shop sets up what later ones find
    const one = sentByClose(1);
    const twenty = sentByClose(20);
    expect(twenty.trips).toBe(one.trips);
    // BEGIN with every read of its checks, then what needs an answer: the receipt's number, its
    // lines' ids, its document's id, the cash movement's id, and the COMMIT. 17 when each read went
    // alone; 10 when a read ahead was forgotten at any write; 7 with the fiscal checks' own trip.
    expect(twenty.trips).toBeLessThanOrEqual(6);
    expect(twenty.statements).toBe(one.statements);
  });
});
