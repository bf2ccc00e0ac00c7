import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addProduct, type Call, caller, openTestDb, type TestDb } from '../testing.js';

let t: TestDb;
let call: Call;
const kefir = '4820000000134';
const butter = '4820000000141';

const prices = () => t.db.prepare('SELECT code, price, markup FROM invoice_lines ORDER BY code').all();

beforeEach(() => {
  t = openTestDb();
  call = caller(t.db);
  addProduct(t.db, { code: kefir, name: 'Кефір 1%', price: '38.90', cost: '30' });
  addProduct(t.db, { code: butter, name: 'Масло вершкове 82%', price: '89.90', cost: '70' });
  call('nakl.save_line', { nn: 'П-1', code: kefir, quant: '12', ss: '30', price: '38.90' });
  call('nakl.save_line', { nn: 'П-1', code: butter, quant: '5', ss: '70', price: '89.90' });
});
afterEach(() => t.close());

describe('nakl.adjust_prices_percent', () => {
  it('moves every price of the invoice by the percent, to the kopeck, and keeps the cards', () => {
    const r = call('nakl.adjust_prices_percent', { nn: 'П-1', percent: '10' });
    expect(r.status).toEqual({ affected: '2', detail: '2 prices of invoice П-1 changed by 10%' });
    expect(prices()).toEqual([
      { code: kefir, price: 427900, markup: 426333 },
      { code: butter, price: 988900, markup: 412714 },
    ]);
    call('nakl.adjust_prices_percent', { nn: 'П-1', percent: '-2.5' });
    expect(prices()).toMatchObject([{ price: 417200 }, { price: 964200 }]);
    expect(call('goods.card_main', { code: kefir }).rows).toMatchObject([{ price: '38.90' }]);
  });

  it('refuses an unknown invoice and a cut of 100 percent or more', () => {
    expect(() => call('nakl.adjust_prices_percent', { nn: 'П-404', percent: '5' })).toThrow('invoice П-404 not found');
    expect(() => call('nakl.adjust_prices_percent', { nn: 'П-1', percent: '-100' })).toThrow('100 percent or more');
  });
});

describe('nakl.price_diff', () => {
  it('lists lines whose price differs from the card or whose quantity differs from stock', () => {
    expect(call('nakl.price_diff', { nn: 'П-1' }).rows).toEqual([]);
    call('nakl.adjust_prices_percent', { nn: 'П-1', percent: '10' });
    call('nakl.save_line', { nn: 'П-2', code: kefir, quant: '3' });
    expect(call('nakl.price_diff', { nn: 'П-1' }).rows).toEqual([
      {
        code: kefir,
        name: 'Кефір 1%',
        document_price: '42.79',
        main_price: '38.90',
        document_quantity: '12.000',
        main_quantity: '15.000',
        unit_type: 'шт',
      },
      {
        code: butter,
        name: 'Масло вершкове 82%',
        document_price: '98.89',
        main_price: '89.90',
        document_quantity: '5.000',
        main_quantity: '5.000',
        unit_type: 'шт',
      },
    ]);
  });
});
