/** pos.cashiers: whom a till can open a shift for (catalog.users), without the cards people sign in with. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addUser, type Shop, standardShop } from '../testing/shop.js';

let shop: Shop;
beforeEach(() => {
  shop = standardShop();
});
afterEach(() => shop.close());

describe('the cashiers a shift can be opened for', () => {
  it('are the users by name, with the id pos.shift_open takes, and no card', () => {
    const id = addUser(shop.db, 'Андрієнко Ірина');
    shop.db.prepare("UPDATE users SET kasx = 2, typex = 'касир' WHERE id = ?").run(id);
    const rows = shop.call('pos.cashiers', {}).rows as Record<string, string>[];
    expect(rows.map((r) => r.name)).toEqual(['Андрієнко Ірина', 'Олена Касир']);
    expect(rows[0]).toEqual({ id: String(id), name: 'Андрієнко Ірина', level: '1', typex: 'касир', kasx: '2' });
    expect(JSON.stringify(rows)).not.toContain('U-');
  });
});
