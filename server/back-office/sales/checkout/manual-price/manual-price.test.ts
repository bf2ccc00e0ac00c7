import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ParamsOf } from '../../../../../shared/contract/index.js';
import { MAX_FAILURES } from '../../../catalog/users/pins/pins.js';
import { type FloorShop, floorShop } from '../../../testing/floor-shop.js';
import { BREAD, CIGARETTES } from '../../testing/shop.js';

let shop: FloorShop;
beforeEach(() => {
  shop = floorShop();
  shop.db.prepare("INSERT INTO users (name, card, level) VALUES ('Мельник Андрій', 'M-1', '5'), ('Касир Оля', 'C-1', '1')").run();
  shop.any('catalog.users.set_pin', { card: 'M-1', pin: '2002' });
  shop.any('catalog.users.set_pin', { card: 'C-1', pin: '1111' });
  shop.call('pos.checkout_apply_sale_line', { ndoc: 'D-1', code: BREAD, kasm: 1, quant: '2' });
});
afterEach(() => shop.close());

type Row = Record<string, string>;
const ask = (extra: Partial<ParamsOf<'pos.checkout_manual_price'>>) =>
  shop.any('pos.checkout_manual_price', {
    ndoc: 'D-1',
    code: BREAD,
    kasm: 1,
    quant: '2',
    manager_card: 'M-1',
    pin: '2002',
    ...extra,
  }).rows[0] as Row;
const recorded = () =>
  shop.db.prepare('SELECT ndoc, code, list_price, price, percent, manager_name, cashier, reason FROM manual_price_changes').all();

describe('a manual price confirmed by a manager', () => {
  it('prices the line at the new price, records who confirmed it, and keeps the price when the quantity changes', () => {
    const row = ask({ price: '20.00', reason: 'уцінка: пом’ята упаковка' });
    // The line keeps its list price; the change is its discount, as every sale line carries one.
    expect(row).toMatchObject({
      outcome: 'confirmed',
      manager: 'Мельник Андрій',
      list_price: '25.50',
      price: '25.50',
      discount: '11.00',
      sum: '40.00',
    });
    expect(recorded()).toEqual([
      {
        ndoc: 'D-1',
        code: BREAD,
        list_price: 255000,
        price: 200000,
        percent: null,
        manager_name: 'Мельник Андрій',
        cashier: 'cashier',
        reason: 'уцінка: пом’ята упаковка',
      },
    ]);
    const requantified = shop.call('pos.checkout_apply_sale_line', { ndoc: 'D-1', code: BREAD, kasm: 1, quant: '3' })
      .rows[0] as Row;
    expect(requantified).toMatchObject({ price: '25.50', discount: '16.50', sum: '60.00' });
  });

  it('gives a discount percent the same way', () => {
    expect(ask({ percent: '10' })).toMatchObject({
      outcome: 'confirmed',
      discount_percent: '10',
      discount: '5.10',
      sum: '45.90',
    });
  });

  it('answers a wrong PIN with the attempts left, counts them, and locks the manager after five in a row', () => {
    for (let i = 1; i < MAX_FAILURES; i++) {
      expect(ask({ price: '20.00', pin: '0000' })).toMatchObject({
        outcome: 'wrong_pin',
        attempts_left: String(MAX_FAILURES - i),
      });
    }
    expect(ask({ price: '20.00', pin: '0000' })).toMatchObject({ outcome: 'locked', locked_until: '2025-03-14T12:05:00+02:00' });
    // Even the right PIN waits out the lockout.
    expect(ask({ price: '20.00' })).toMatchObject({ outcome: 'locked', confirmation_id: '' });
    expect(recorded()).toEqual([]);
    shop.setNow('2025-03-14T10:05:01Z');
    expect(ask({ price: '20.00' }).outcome).toBe('confirmed');
  });

  it('keeps only a salted hash of a PIN, and a new PIN lifts a lockout', () => {
    const [a, b] = shop.db.prepare('SELECT salt, hash FROM user_pins ORDER BY user_id').all() as { salt: string; hash: string }[];
    expect(a?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(a?.salt).not.toBe(b?.salt);
    // salt and hash are random hex that may hold the digits 2002 by chance; no other column may.
    const rows = shop.db.prepare('SELECT * FROM user_pins').all() as Record<string, unknown>[];
    const rest = rows.map(({ salt, hash, ...row }) => row);
    expect(JSON.stringify(rest)).not.toContain('2002');
  });

  it('refuses a cashier, an unknown card, a user without a PIN, both or neither of price and percent, and a price above the list', () => {
    expect(
      shop.anyRefused('pos.checkout_manual_price', {
        ndoc: 'D-1',
        code: BREAD,
        quant: '2',
        price: '1.00',
        manager_card: 'C-1',
        pin: '1111',
      }),
    ).toMatchObject({ reason: 'pin.not_manager', values: { name: 'Касир Оля', level: '1', min: '5' } });
    expect(
      shop.anyRefused('pos.checkout_manual_price', {
        ndoc: 'D-1',
        code: BREAD,
        quant: '2',
        price: '1.00',
        manager_card: 'X',
        pin: '1111',
      }).reason,
    ).toBe('pin.unknown_card');
    shop.db.prepare("INSERT INTO users (name, card, level) VALUES ('Адмін', 'A-1', '9')").run();
    expect(
      shop.anyRefused('pos.checkout_manual_price', {
        ndoc: 'D-1',
        code: BREAD,
        quant: '2',
        price: '1.00',
        manager_card: 'A-1',
        pin: '1111',
      }).reason,
    ).toBe('pin.not_set');
    const both = { ndoc: 'D-1', code: BREAD, quant: '2', manager_card: 'M-1', pin: '2002' };
    expect(shop.anyRefused('pos.checkout_manual_price', { ...both, price: '1.00', percent: '5' }).reason).toBe('price.one_of');
    expect(shop.anyRefused('pos.checkout_manual_price', both).reason).toBe('price.one_of');
    expect(shop.anyRefused('pos.checkout_manual_price', { ...both, price: '30.00' }).reason).toBe('product.price_above_list');
    expect(shop.anyRefused('pos.checkout_manual_price', { ...both, code: CIGARETTES, price: '90.00' }).reason).toBe(
      'price.no_discount',
    );
    expect(recorded()).toEqual([]);
  });
});
