import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BusinessRefusal } from '../../../upstream/upstream.js';
import { D, fmt } from '../../decimal.js';
import { addProduct, openTestDb, stockMismatches, type TestDb } from '../testing.js';
import { adjustBatch, receiveBatch, takeFifo, takeFifoMany } from './fifo.js';

let t: TestDb;
const code = '4820000000011';

const receive = (doc: string, cost: string, quantity: string, receivedOn: string, sk = 0) =>
  receiveBatch(t.db, { code, sk, documentNumber: doc, unitCost: new D(cost), quantity: new D(quantity), receivedOn });

const batches = (sk = 0) =>
  t.db
    .prepare('SELECT document_number, quantity FROM stock_batches WHERE code = ? AND sk = ? ORDER BY received_on, id')
    .all(code, sk);
const stock = (sk = 0) =>
  (t.db.prepare('SELECT quantity FROM goods_stock WHERE code = ? AND sk = ?').get(code, sk) as { quantity: number }).quantity;

beforeEach(() => {
  t = openTestDb();
  addProduct(t.db, { code, cost: '9' });
});
afterEach(() => t.close());

describe('takeFifo', () => {
  it('takes from the oldest batches first and prices the take at their costs', () => {
    receive('N2', '12.50', '5', '2025-02-01');
    receive('N1', '10', '3', '2025-01-01');
    const r = takeFifo(t.db, { code, sk: 0, quantity: new D('4.5'), shortage: 'refuse', ref: 'check 1', on: '2025-03-01' });
    expect(fmt(r.cost)).toBe('48.75'); // 3 × 10 + 1.5 × 12.50
    expect(r.batches.map((b) => [fmt(b.quantity, 'unit'), fmt(b.cost)])).toEqual([
      ['3.000', '30.00'],
      ['1.500', '18.75'],
    ]);
    expect(batches()).toEqual([
      { document_number: 'N1', quantity: 0 },
      { document_number: 'N2', quantity: 3500 },
    ]);
    expect(stock()).toBe(3500);
    expect(stockMismatches(t.db)).toEqual([]);
  });

  it('keeps a trail of what was taken from which batch under the given reference', () => {
    const id = receive('N1', '10', '3', '2025-01-01');
    takeFifo(t.db, { code, sk: 0, quantity: new D('2'), shortage: 'refuse', ref: 'check 7', on: '2025-03-01' });
    expect(t.db.prepare('SELECT batch_id, quantity, cost, ref FROM stock_moves').all()).toEqual([
      { batch_id: id, quantity: -2000, cost: 200000, ref: 'check 7' },
    ]);
  });

  it('refuses a write-off of more than the stock, and changes nothing', () => {
    receive('N1', '10', '2', '2025-01-01');
    const attempt = () =>
      takeFifo(t.db, { code, sk: 0, quantity: new D('3'), shortage: 'refuse', ref: 'check 1', on: '2025-03-01' });
    expect(attempt).toThrow(BusinessRefusal);
    expect(attempt).toThrow('not enough stock of 4820000000011: 2.000 left, 3.000 asked');
    expect(stock()).toBe(2000);
    expect(batches()).toEqual([{ document_number: 'N1', quantity: 2000 }]);
  });

  it('takes a sale beyond the stock from the newest batch, so stock still sums up', () => {
    receive('N1', '10', '1', '2025-01-01');
    receive('N2', '11', '1', '2025-02-01');
    const r = takeFifo(t.db, { code, sk: 0, quantity: new D('3.25'), shortage: 'record', ref: 'check 2', on: '2025-03-01' });
    expect(fmt(r.cost)).toBe('34.75'); // 10 + 11 + 1.25 × 11
    expect(batches()).toEqual([
      { document_number: 'N1', quantity: 0 },
      { document_number: 'N2', quantity: -1250 },
    ]);
    expect(stock()).toBe(-1250);
    expect(stockMismatches(t.db)).toEqual([]);
  });

  it('records what a sale took beyond the books, once stock is at zero all of it, with the receipt and the time', () => {
    receive('N1', '10', '2', '2025-01-01');
    takeFifo(t.db, {
      code,
      sk: 0,
      quantity: new D('3'),
      shortage: 'record',
      ref: 'check:1',
      on: '2025-03-01',
      at: '2025-03-01T10:00:00.000Z',
    });
    takeFifo(t.db, {
      code,
      sk: 0,
      quantity: new D('0.5'),
      shortage: 'record',
      ref: 'check:2',
      on: '2025-03-01',
      at: '2025-03-01T11:00:00.000Z',
    });
    expect(t.db.prepare('SELECT code, sk, quantity, stock_before, ref, at FROM stock_shortages ORDER BY id').all()).toEqual([
      { code, sk: 0, quantity: 1000, stock_before: 2000, ref: 'check:1', at: '2025-03-01T10:00:00.000Z' },
      { code, sk: 0, quantity: 500, stock_before: -1000, ref: 'check:2', at: '2025-03-01T11:00:00.000Z' },
    ]);
  });

  it('judges a shortage on the whole stock, counting batches that are already negative', () => {
    receive('N1', '10', '5', '2025-01-01');
    takeFifo(t.db, { code, sk: 0, quantity: new D('7'), shortage: 'record', ref: 'check 1', on: '2025-03-01' });
    receive('N3', '10', '4', '2025-03-01');
    // Stock is 2 although the positive batch holds 4: the negative batch owes 2.
    expect(() =>
      takeFifo(t.db, { code, sk: 0, quantity: new D('3'), shortage: 'refuse', ref: 'check 2', on: '2025-03-01' }),
    ).toThrow('not enough stock of 4820000000011: 2.000 left, 3.000 asked');
  });

  it('opens a batch at the card cost, dated the shop day of the take, when a product that never had a delivery is sold short', () => {
    const r = takeFifo(t.db, { code, sk: 1, quantity: new D('2'), shortage: 'record', ref: 'check 3', on: '2025-03-02' });
    expect(fmt(r.cost)).toBe('18.00');
    expect(batches(1)).toEqual([{ document_number: 'check 3', quantity: -2000 }]);
    expect(t.db.prepare('SELECT received_on FROM stock_batches WHERE sk = 1').get()).toEqual({ received_on: '2025-03-02' });
    expect(stock(1)).toBe(-2000);
    expect(stockMismatches(t.db)).toEqual([]);
  });

  it('keeps storages apart', () => {
    receive('N1', '10', '5', '2025-01-01', 0);
    receive('B1', '10', '1', '2025-01-01', 2);
    expect(() => takeFifo(t.db, { code, sk: 2, quantity: new D('2'), shortage: 'refuse', ref: 'x', on: '2025-03-01' })).toThrow(
      '1.000 left, 2.000 asked',
    );
    takeFifo(t.db, { code, sk: 0, quantity: new D('2'), shortage: 'refuse', ref: 'x', on: '2025-03-01' });
    expect([stock(0), stock(2)]).toEqual([3000, 1000]);
  });

  it('refuses an unknown product and a quantity that is not positive', () => {
    expect(() =>
      takeFifo(t.db, { code: '1', sk: 0, quantity: new D('1'), shortage: 'record', ref: 'x', on: '2025-03-01' }),
    ).toThrow('product 1 not found');
    expect(() => takeFifo(t.db, { code, sk: 0, quantity: new D('0'), shortage: 'record', ref: 'x', on: '2025-03-01' })).toThrow(
      'must be greater than zero',
    );
  });
});

describe('takeFifoMany: the takes of a whole receipt, read together', () => {
  const other = '4820000000028';
  const sale = (ref: string) => ({ sk: 0, shortage: 'record' as const, ref, on: '2025-03-01', at: '2025-03-01T10:00:00.000Z' });
  const item = (c: string, quantity: string) => ({ code: c, quantity: new D(quantity) });
  const shortages = () => t.db.prepare('SELECT code, quantity, stock_before FROM stock_shortages ORDER BY id').all();

  it('takes two lines of one product one after the other: the second from what the first left', () => {
    receive('N1', '10', '3', '2025-01-01');
    receive('N2', '12', '5', '2025-02-01');
    const [a, b] = takeFifoMany(t.db, sale('check:1'), [item(code, '2'), item(code, '4')]);
    expect(fmt(a?.cost as D)).toBe('20.00');
    // 1 left of N1 at 10, then 3 of N2 at 12.
    expect(fmt(b?.cost as D)).toBe('46.00');
    expect(b?.batches.map((x) => fmt(x.quantity, 'unit'))).toEqual(['1.000', '3.000']);
    expect(batches()).toEqual([
      { document_number: 'N1', quantity: 0 },
      { document_number: 'N2', quantity: 2000 },
    ]);
    expect(stock()).toBe(2000);
    expect(shortages()).toEqual([]);
    expect(stockMismatches(t.db)).toEqual([]);
  });

  it('records a shortage on the line that goes beyond the books, judged on what the lines before it left', () => {
    addProduct(t.db, { code: other, cost: '5' });
    receive('N1', '10', '2', '2025-01-01');
    takeFifoMany(t.db, sale('check:2'), [item(code, '1.5'), item(other, '1'), item(code, '1.5')]);
    expect(shortages()).toEqual([
      { code: other, quantity: 1000, stock_before: 0 },
      { code, quantity: 1000, stock_before: 500 },
    ]);
    expect(batches()).toEqual([{ document_number: 'N1', quantity: -1000 }]);
    expect(stock()).toBe(-1000);
    // The move trail keeps every take from a batch in the order taken, though written at once.
    expect(
      t.db
        .prepare(
          `SELECT b.code, b.document_number, m.quantity, m.cost, m.ref
           FROM stock_moves m JOIN stock_batches b ON b.id = m.batch_id ORDER BY m.id`,
        )
        .all(),
    ).toEqual([
      { code, document_number: 'N1', quantity: -1500, cost: 150000, ref: 'check:2' },
      { code: other, document_number: 'check:2', quantity: -1000, cost: 50000, ref: 'check:2' },
      { code, document_number: 'N1', quantity: -500, cost: 50000, ref: 'check:2' },
      { code, document_number: 'N1', quantity: -1000, cost: 100000, ref: 'check:2' },
    ]);
    expect(stockMismatches(t.db)).toEqual([]);
  });

  it('opens one batch for a product never delivered and hangs its later lines on it too', () => {
    const [a, b] = takeFifoMany(t.db, sale('check:3'), [item(code, '2'), item(code, '1')]);
    expect([fmt(a?.cost as D), fmt(b?.cost as D)]).toEqual(['18.00', '9.00']);
    expect(batches()).toEqual([{ document_number: 'check:3', quantity: -3000 }]);
    expect(stock()).toBe(-3000);
    expect(shortages()).toEqual([
      { code, quantity: 2000, stock_before: 0 },
      { code, quantity: 1000, stock_before: -2000 },
    ]);
    expect(stockMismatches(t.db)).toEqual([]);
  });

  it('takes beyond stock from the newest batch even when it is already empty, after the older ones', () => {
    receive('N1', '10', '2', '2025-01-01');
    receive('N2', '11', '1', '2025-02-01');
    takeFifo(t.db, { code, sk: 0, quantity: new D('1'), shortage: 'refuse', ref: 'x', on: '2025-03-01' });
    // N2 bought at 11 was not touched; N1 has 1 left. Empty N2 by hand, as a sale of it would.
    t.db.prepare("UPDATE stock_batches SET quantity = 0 WHERE document_number = 'N2'").run();
    t.db.prepare('UPDATE goods_stock SET quantity = 1000 WHERE code = ?').run(code);
    const [r] = takeFifoMany(t.db, sale('check:4'), [item(code, '3')]);
    expect(fmt(r?.cost as D)).toBe('32.00'); // 1 × 10 from N1, 2 × 11 owed by N2
    expect(batches()).toEqual([
      { document_number: 'N1', quantity: 0 },
      { document_number: 'N2', quantity: -2000 },
    ]);
  });

  it('refuses a write-off at the first line the books cannot cover, naming its product', () => {
    addProduct(t.db, { code: other, cost: '5' });
    receive('N1', '10', '2', '2025-01-01');
    expect(() =>
      takeFifoMany(t.db, { sk: 0, shortage: 'refuse', ref: 'x', on: '2025-03-01' }, [
        item(code, '1'),
        item(other, '1'),
        item(code, '2'),
      ]),
    ).toThrow('not enough stock of 4820000000028: 0.000 left, 1.000 asked');
  });
});

describe('adjustBatch', () => {
  it('grows or shrinks a delivery and keeps stock equal to its batches', () => {
    const id = receive('N1', '10', '5', '2025-01-01');
    adjustBatch(t.db, id, new D('2'), new D('9.5'));
    adjustBatch(t.db, id, new D('-1'), new D('9.5'));
    expect(stock()).toBe(6000);
    expect(t.db.prepare('SELECT cost FROM stock_batches WHERE id = ?').get(id)).toEqual({ cost: 95000 });
    expect(stockMismatches(t.db)).toEqual([]);
  });

  it('refuses to shrink a delivery below what is left of it after sales', () => {
    const id = receive('N1', '10', '5', '2025-01-01');
    takeFifo(t.db, { code, sk: 0, quantity: new D('4'), shortage: 'refuse', ref: 'check 1', on: '2025-03-01' });
    expect(() => adjustBatch(t.db, id, new D('-2'), new D('10'))).toThrow(
      'only 1.000 of 4820000000011 from N1 is left in stock; the rest is sold',
    );
  });
});
