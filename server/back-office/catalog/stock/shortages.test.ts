import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BREAD, MILK } from '../../sales/testing/shop.js';
import { type FloorShop, floorShop } from '../../testing/floor-shop.js';

let shop: FloorShop;
beforeEach(() => {
  shop = floorShop();
});
afterEach(() => shop.close());

const sell = (code: string, quant: string, price: string) => {
  const sum = (Number(quant) * Number(price)).toFixed(2);
  return shop.call('pos.checkout_close_sale', {
    kasm: 1,
    rows: [{ code, quant, price, sum }],
    payments: [{ type: 'nal', amount: sum }],
  }).rows[0] as Record<string, string>;
};

describe('goods.shortages', () => {
  it('lists each sale closed beyond the books, newest first, with the receipt and what the books say now', () => {
    sell(MILK, '29', '42.00');
    const first = sell(MILK, '3', '42.00');
    const second = sell(MILK, '1', '42.00');
    sell(BREAD, '1', '25.50');
    expect(shop.any('goods.shortages', {}).rows).toEqual([
      expect.objectContaining({
        code: MILK,
        name: 'Молоко 2,5%',
        sk: '0',
        quantity: '1.000',
        stock_before: '-2.000',
        stock_now: '-3.000',
        check_number: second.check_number,
        at: '2025-03-14T12:00:00+02:00',
      }),
      expect.objectContaining({ code: MILK, quantity: '2.000', stock_before: '1.000', check_number: first.check_number }),
    ]);
    expect(shop.any('goods.shortages', { code: BREAD }).rows).toEqual([]);
  });
});
