import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { D } from '../../decimal.js';
import { takeFifo } from '../stock/fifo.js';
import { addProduct, type Call, caller, openTestDb, stockMismatches, type TestDb } from '../testing.js';

let t: TestDb;
let call: Call;
const buckwheat = '4820000000110';
const sugar = '4820000000127';

const batches = () =>
  t.db.prepare('SELECT code, sk, document_number, cost, quantity, received_on FROM stock_batches ORDER BY id').all();
const stock = (code: string) =>
  (t.db.prepare('SELECT quantity FROM goods_stock WHERE code = ? AND sk = 0').get(code) as { quantity: number } | undefined)
    ?.quantity;
const line = (nn: string, code: string) =>
  t.db
    .prepare('SELECT quantity, price, cost, markup, currency, rate, currency_cost FROM invoice_lines WHERE nn = ? AND code = ?')
    .get(nn, code);

beforeEach(() => {
  t = openTestDb();
  call = caller(t.db);
  addProduct(t.db, { code: buckwheat, name: 'Крупа гречана 1 кг', price: '64.90', cost: '48' });
  addProduct(t.db, { code: sugar, name: 'Цукор 1 кг', price: '33.50', cost: '26' });
  t.db.prepare("INSERT INTO currencies (code, name, rate) VALUES ('USD', 'долар США', 41500000)").run();
});
afterEach(() => {
  expect(stockMismatches(t.db)).toEqual([]);
  t.close();
});

describe('nakl.save_line', () => {
  it('creates the invoice on its first line and books the line as a FIFO batch of that invoice', () => {
    const r = call('nakl.save_line', { nn: 'П-101', code: buckwheat, quant: '20', ss: '47.5', price: '65.90' });
    expect(r.status).toEqual({ affected: '1', detail: 'line 4820000000110 of invoice П-101: 20.000 шт at 65.90' });
    expect(t.db.prepare('SELECT nn, kind, sk, received_on FROM invoices').all()).toEqual([
      { nn: 'П-101', kind: 'incoming', sk: 0, received_on: '2025-03-14' },
    ]);
    expect(batches()).toEqual([
      { code: buckwheat, sk: 0, document_number: 'П-101', cost: 475000, quantity: 20000, received_on: '2025-03-14' },
    ]);
    expect(stock(buckwheat)).toBe(20000);
    expect(line('П-101', buckwheat)).toMatchObject({ price: 659000, cost: 475000, markup: 387368, currency: 'UAH' });
  });

  it('sets, adds to and deletes a line, moving its batch with it', () => {
    call('nakl.save_line', { nn: 'П-1', code: buckwheat, quant: '10' });
    call('nakl.save_line', { nn: 'П-1', code: buckwheat, quant: '4', mode: 'set' });
    expect(stock(buckwheat)).toBe(4000);
    call('nakl.save_line', { nn: 'П-1', code: buckwheat, quant: '1.5', mode: 'add' });
    expect(stock(buckwheat)).toBe(5500);
    expect(batches()).toHaveLength(1);
    // A new line starts from the card's price and cost.
    expect(line('П-1', buckwheat)).toMatchObject({ quantity: 5500, price: 649000, cost: 480000 });
    call('nakl.save_line', { nn: 'П-1', code: buckwheat, mode: 'delete' });
    expect(stock(buckwheat)).toBe(0);
    expect(line('П-1', buckwheat)).toBeUndefined();
  });

  it('prices a line from its cost and a markup when no price is given', () => {
    call('nakl.save_line', { nn: 'П-2', code: sugar, quant: '1', ss: '25', nac: '30' });
    expect(line('П-2', sugar)).toMatchObject({ price: 325000, cost: 250000, markup: 300000 });
  });

  it('converts a cost billed in a currency at the given rate, or at the shop’s rate', () => {
    call('nakl.save_line', { nn: 'IMP-1', code: sugar, quant: '100', ss: '0.62', currency: 'USD', kurs: '41.25' });
    expect(line('IMP-1', sugar)).toMatchObject({ cost: 255750, currency: 'USD', rate: 41250000, currency_cost: 6200 });
    call('nakl.save_line', { nn: 'IMP-2', code: sugar, quant: '1', ss: '1', currency: 'USD' });
    expect(line('IMP-2', sugar)).toMatchObject({ cost: 415000, rate: 41500000 });
    expect(call('finance.invoice_currency', { nn: 'IMP-1' }).rows).toEqual([{ exchange_rate: '41.25', currency: 'USD' }]);
    expect(call('finance.invoice_currency', {}).rows).toEqual([
      { exchange_rate: '1', currency: 'UAH' },
      { exchange_rate: '41.5', currency: 'USD' },
    ]);
    expect(() => call('nakl.save_line', { nn: 'IMP-3', code: sugar, quant: '1', currency: 'PLN' })).toThrow(
      'no exchange rate is known for PLN; give one',
    );
  });

  it('re-expresses a line’s cost when only its currency changes', () => {
    call('nakl.save_line', { nn: 'IMP-4', code: sugar, quant: '1', ss: '1', currency: 'USD' });
    call('nakl.save_line', { nn: 'IMP-4', code: sugar, quant: '2', currency: 'UAH' });
    expect(line('IMP-4', sugar)).toMatchObject({
      quantity: 2000,
      cost: 415000,
      currency: 'UAH',
      rate: 1000000,
      currency_cost: 415000,
    });
  });

  it('refuses to take back more of a delivery than is left after sales', () => {
    call('nakl.save_line', { nn: 'П-3', code: sugar, quant: '10' });
    takeFifo(t.db, { code: sugar, sk: 0, quantity: new D('8'), shortage: 'refuse', ref: 'check 1', on: '2025-03-01' });
    expect(() => call('nakl.save_line', { nn: 'П-3', code: sugar, quant: '1' })).toThrow(
      'only 2.000 of 4820000000127 from П-3 is left in stock; the rest is sold',
    );
    expect(() => call('nakl.save_line', { nn: 'П-3', code: sugar, mode: 'delete' })).toThrow('the rest is sold');
    call('nakl.save_line', { nn: 'П-3', code: sugar, quant: '8' });
    expect(stock(sugar)).toBe(0);
  });

  it('refuses an unknown product, a missing line and a negative quantity', () => {
    expect(() => call('nakl.save_line', { nn: 'П-4', code: '1', quant: '1' })).toThrow('product 1 not found');
    expect(() => call('nakl.save_line', { nn: 'П-4', code: sugar, mode: 'delete' })).toThrow('invoice П-4 not found');
    expect(() => call('nakl.save_line', { nn: 'П-4', code: sugar, quant: '-1' })).toThrow('cannot have a negative quantity');
    expect(t.db.prepare('SELECT count(*) AS n FROM invoices').get()).toEqual({ n: 0 });
  });

  it('only records counts on an inventory count, leaving stock to renew_inventory_rest', () => {
    call('nakl.save_line', { nn: 'ІНВ-1', code: sugar, quant: '7' });
    expect(t.db.prepare('SELECT kind FROM invoices').get()).toEqual({ kind: 'inventory' });
    expect(batches()).toEqual([]);
    expect(line('ІНВ-1', sugar)).toMatchObject({ quantity: 7000 });
  });
});

describe('nakl.add_lines and nakl.cancel_empty_line', () => {
  it('adds products from their cards, skipping those already on the invoice', () => {
    call('nakl.save_line', { nn: 'П-5', code: sugar, quant: '3' });
    const r = call('nakl.add_lines', { nn: 'П-5', codes: [sugar, buckwheat], default_quant: '2' });
    expect(r.status).toEqual({ affected: '1', detail: '1 added to invoice П-5, 1 already there' });
    expect(line('П-5', buckwheat)).toMatchObject({ quantity: 2000, price: 649000, cost: 480000 });
    expect([stock(sugar), stock(buckwheat)]).toEqual([3000, 2000]);
  });

  it('refuses the whole list when a code is unknown', () => {
    expect(() => call('nakl.add_lines', { nn: 'П-6', codes: [sugar, '9'] })).toThrow('product 9 not found');
    expect(t.db.prepare('SELECT count(*) AS n FROM invoice_lines').get()).toEqual({ n: 0 });
  });

  it('drops an empty line and refuses one with a quantity', () => {
    call('nakl.add_lines', { nn: 'П-7', codes: [sugar, buckwheat] });
    call('nakl.save_line', { nn: 'П-7', code: buckwheat, quant: '1' });
    expect(call('nakl.cancel_empty_line', { nn: 'П-7', code: sugar }).status).toMatchObject({ affected: '1' });
    expect(() => call('nakl.cancel_empty_line', { nn: 'П-7', code: buckwheat })).toThrow(
      'line 4820000000110 has quantity 1.000; it is not empty',
    );
    expect(() => call('nakl.cancel_empty_line', { nn: 'П-7', code: sugar })).toThrow('invoice П-7 has no line 4820000000127');
  });
});
