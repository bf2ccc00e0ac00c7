/**
 * What a till's lookups wait for on PostgreSQL (issue 24), counted, not timed: a scanned code and
 * an opened card each make their reads together, in one round trip.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_ENGINE } from '../../../testing/back-office-db.js';
import { roundTripsOf } from '../../../testing/round-trips.js';
import { D } from '../../decimal.js';
import { receiveBatch } from '../stock/fifo.js';
import { addProduct, type Call, caller, openTestDb, type TestDb } from '../testing.js';

let t: TestDb;
let call: Call;
const set = '4820000000042';

beforeEach(() => {
  t = openTestDb();
  call = caller(t.db);
  addProduct(t.db, { code: set, name: 'Набір до пива', price: '150', cost: '100' });
  t.db.prepare("INSERT INTO goods_extra_codes (extra_code, code) VALUES ('5900000000001', ?)").run(set);
  receiveBatch(t.db, {
    code: set,
    sk: 0,
    documentNumber: 'N-1',
    unitCost: new D('100'),
    quantity: new D('4'),
    receivedOn: '2025-01-05',
  });
});
afterEach(() => t.close());

describe.skipIf(TEST_ENGINE !== 'postgres')('the round trips of a lookup on PostgreSQL', () => {
  it('are one for an opened card with every part, found or not', () => {
    expect(roundTripsOf(() => call('goods.card_open', { code: set }))).toBe(1);
    expect(roundTripsOf(() => call('goods.card_open', { code: '4820000099999' }))).toBe(1);
  });

  it('are one for a scanned code, whether it is a product’s own, an extra code or unknown', () => {
    expect(roundTripsOf(() => call('pos.find_code', { code: set }))).toBe(1);
    expect(roundTripsOf(() => call('pos.find_code', { code: '5900000000001' }))).toBe(1);
    expect(roundTripsOf(() => call('pos.find_code', { code: '4820000099999' }))).toBe(1);
  });
});
