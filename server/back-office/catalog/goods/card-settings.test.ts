import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addProduct, type Call, caller, openTestDb, type TestDb } from '../testing.js';

let t: TestDb;
let call: Call;
const milk = '4820000000080';

beforeEach(() => {
  t = openTestDb();
  call = caller(t.db, { user: 'manager' });
  addProduct(t.db, { code: milk, name: 'Молоко 2.5%', price: '42.90' });
});
afterEach(() => t.close());

describe('pos.card_setting_save and pos.card_setting_history', () => {
  it('renames and reprices a card, keeping its old names newest first', () => {
    expect(call('pos.card_setting_save', { code: milk, nt: 'Молоко Яготинське 2.5%', price: '44.50' }).status).toEqual({
      affected: '1',
    });
    call('pos.card_setting_save', { code: milk, nt: 'Молоко Яготинське 2.6%' });
    const card = call('goods.card_main', { code: milk }).rows?.[0] as Record<string, string>;
    expect([card.name, card.price]).toEqual(['Молоко Яготинське 2.6%', '44.50']);
    expect(call('pos.card_setting_history', { code: milk }).rows).toEqual([
      { name: 'Молоко Яготинське 2.5%' },
      { name: 'Молоко 2.5%' },
    ]);
    expect(call('pos.card_setting_history', {}).rows).toEqual([]);
  });

  it('changes nothing when the name and price are the same or not given', () => {
    expect(call('pos.card_setting_save', { code: milk, nt: 'Молоко 2.5%', price: '42.90' }).status).toEqual({ affected: '0' });
    expect(call('pos.card_setting_save', { code: milk }).status).toEqual({ affected: '0' });
    expect(call('pos.card_setting_history', { code: milk }).rows).toEqual([]);
  });

  it('refuses an unknown product and a negative price', () => {
    expect(() => call('pos.card_setting_save', { code: '1', nt: 'x' })).toThrow('product 1 not found');
    expect(() => call('pos.card_setting_save', { nt: 'x' })).toThrow('a product code is required');
    expect(() => call('pos.card_setting_save', { code: milk, price: '-1' })).toThrow('a price cannot be negative');
  });
});

describe('pos.price_tags_prepare_main_tmp', () => {
  it('replaces the calling user’s tags, adding up a product listed twice', () => {
    addProduct(t.db, { code: '4820000000097', name: 'Кефір' });
    call('pos.price_tags_prepare_main_tmp', { rows: [{ code: '4820000000097' }] });
    const r = call('pos.price_tags_prepare_main_tmp', { rows: [{ code: milk, quant: '2' }, { code: milk }] });
    expect(r.status).toEqual({ affected: '1' });
    expect(t.db.prepare('SELECT user, code, quantity FROM price_tags').all()).toEqual([
      { user: 'manager', code: milk, quantity: 3000 },
    ]);
  });

  it('refuses a list with an unknown product and keeps the previous tags', () => {
    call('pos.price_tags_prepare_main_tmp', { rows: [{ code: milk }] });
    expect(() => call('pos.price_tags_prepare_main_tmp', { rows: [{ code: milk }, { code: '42' }] })).toThrow(
      'product 42 not found',
    );
    expect(t.db.prepare('SELECT count(*) AS n FROM price_tags').get()).toEqual({ n: 1 });
  });
});
