/**
 * A receipt's number is given by the database as the receipt is inserted (checkout/statements.ts):
 * on SQLite one past the largest, as before; on PostgreSQL from the column's identity, with no read
 * of the last number (two tills reading the same one took the same number) and no setval after
 * the insert (which read it again): two round trips fewer a close.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SyncPg } from '../../../../../shared-node/pg/sync-pg.js';
import { TEST_ENGINE } from '../../../../testing/back-office-db.js';
import { BREAD, MILK, type Shop, standardShop } from '../shop.js';

let shop: Shop;
beforeEach(() => {
  shop = standardShop();
});
afterEach(() => shop.close());

const close = (kasm: number, code: string, price: string) =>
  (
    shop.call('pos.checkout_close_sale', {
      kasm,
      rows: [{ code, quant: '1', price, sum: price }],
      payments: [{ type: 'nal', amount: price }],
    }).rows[0] as { check_number: string; ndoc: string }
  ).check_number;

describe('a receipt’s number', () => {
  it('runs on from the last one at every till, and is the receipt’s document number', () => {
    expect([close(1, BREAD, '25.50'), close(2, MILK, '42.00'), close(1, MILK, '42.00')]).toEqual(['1', '2', '3']);
    expect(shop.db.prepare('SELECT ndoc FROM receipts ORDER BY check_number').pluck().all()).toEqual(['1', '2', '3']);
  });

  it.skipIf(TEST_ENGINE !== 'postgres')('is not read from the receipts before or after the insert on PostgreSQL', () => {
    close(1, BREAD, '25.50');
    const sent: string[] = [];
    const { query, pipeline } = SyncPg.prototype;
    SyncPg.prototype.query = function (this: SyncPg, sql, params) {
      sent.push(sql);
      return query.call(this, sql, params);
    };
    SyncPg.prototype.pipeline = function (this: SyncPg, statements) {
      sent.push(...statements.map((s) => s.sql));
      return pipeline.call(this, statements);
    };
    try {
      close(2, MILK, '42.00');
    } finally {
      Object.assign(SyncPg.prototype, { query, pipeline });
    }
    expect(sent.some((s) => /INSERT INTO receipts/.test(s))).toBe(true);
    expect(sent.filter((s) => /max\(check_number\)|setval/.test(s))).toEqual([]);
  });
});
