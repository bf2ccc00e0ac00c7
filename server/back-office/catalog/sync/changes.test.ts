import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BREAD, CHEESE, MILK, VODKA } from '../../sales/testing/shop.js';
import { type FloorShop, floorShop } from '../../testing/floor-shop.js';
import { pruneCatalogChanges } from './changes.js';

let shop: FloorShop;
beforeEach(() => {
  shop = floorShop();
});
afterEach(() => shop.close());

type Row = Record<string, string>;
const changes = (since: number, limit = 2000) => shop.any('goods.catalog_changes', { since, limit }).rows as Row[];
const end = (rows: Row[]) => rows.at(-1) as Row;

describe('goods.catalog_changes', () => {
  it('gives a fresh till every product with its price, stock, PLU and age limit, then a cursor', () => {
    shop.db.prepare("UPDATE goods SET weighted = 1, plu = '42' WHERE code = ?").run(CHEESE);
    const rows = changes(0);
    const goods = rows.filter((r) => r.tag === 'GOODS');
    expect(goods.map((g) => g.code).sort()).toEqual([BREAD, MILK, VODKA, '4820000000042', CHEESE].sort());
    expect(goods.find((g) => g.code === CHEESE)).toMatchObject({ price: '420.00', weighted: '1', plu: '42', stock: '5.000' });
    expect(goods.find((g) => g.code === VODKA)).toMatchObject({ excise_input: '1', age_limit: '18', stock: '12.000' });
    expect(end(rows)).toMatchObject({ tag: 'END', more: '0' });
  });

  it('pages by limit and then tells only what changed after the cursor, each object once at its latest change', () => {
    const first = changes(0, 2);
    expect(first.filter((r) => r.tag !== 'END')).toHaveLength(2);
    expect(end(first).more).toBe('1');
    let cursor = Number(end(first).seq);
    for (let page = changes(cursor, 2); ; page = changes(cursor, 2)) {
      cursor = Number(end(page).seq);
      if (end(page).more === '0') break;
    }
    expect(changes(cursor)).toEqual([{ tag: 'END', seq: String(cursor), more: '0' }]);

    shop.call('pos.checkout_close_sale', {
      kasm: 1,
      rows: [{ code: MILK, quant: '2', price: '42.00', sum: '84.00' }],
      payments: [{ type: 'nal', amount: '84.00' }],
    });
    shop.db.prepare('UPDATE goods SET price = 270000 WHERE code = ?').run(BREAD);
    shop.db.prepare('UPDATE goods SET price = 280000 WHERE code = ?').run(BREAD);
    shop.db.prepare("INSERT INTO goods_extra_codes (extra_code, code) VALUES ('4000000000017', ?)").run(MILK);
    shop.db.prepare('DELETE FROM goods WHERE code = ?').run(CHEESE);
    const next = changes(cursor);
    expect(next.filter((r) => r.tag !== 'END')).toEqual([
      expect.objectContaining({ tag: 'GOODS', code: MILK, stock: '28.000', deleted: '0' }),
      expect.objectContaining({ tag: 'GOODS', code: BREAD, price: '28.00' }),
      expect.objectContaining({ tag: 'CODE', extra_code: '4000000000017', code: MILK, deleted: '0' }),
      expect.objectContaining({ tag: 'GOODS', code: CHEESE, deleted: '1' }),
    ]);
  });

  it('carries discount cards with debt limit and bonus, and the excise stamp masks of the shop', () => {
    shop.any('discounts.import_card_ignore', { code: '2299000000017', df: 'Шевчук', di: 'Олена', maxdolg: '500.00', isdolg: 1 });
    shop.db.prepare("INSERT INTO shop_settings (key, value) VALUES ('excise_stamp_masks', 'AA99999999')").run();
    const rows = changes(0);
    expect(rows.find((r) => r.tag === 'CARD')).toMatchObject({
      card: '2299000000017',
      holder: 'Шевчук Олена',
      debt_limit: '500.00',
    });
    const settings = rows.filter((r) => r.tag === 'SETTING');
    expect(settings).toContainEqual(expect.objectContaining({ key: 'excise_stamp_masks', value: 'AA99999999' }));
  });

  it("carries the shop's cash rounding steps, so a till rounds cash as its back office will", () => {
    shop.any('settings.cash_rounding_save', { effective_from: '2030-01-01', step: '1' });
    const settings = changes(0).filter((r) => r.tag === 'SETTING');
    expect(settings).toContainEqual(
      expect.objectContaining({ key: 'cash_rounding_steps', value: expect.stringContaining('2030-01-01') }),
    );
  });

  it('answers a cursor beyond its log with its own last one, so a till pointed at another back office starts over', () => {
    const last = Number(end(changes(0)).seq);
    expect(Number(end(changes(last + 1000)).seq)).toBe(last);
  });
});

describe('pruneCatalogChanges', () => {
  it('drops only the rows a later change of the same object made redundant: every cursor still learns all it must', () => {
    const start = Number(end(changes(0)).seq);
    for (let i = 0; i < 5; i++) {
      shop.call('pos.checkout_close_sale', {
        kasm: 1,
        rows: [{ code: MILK, quant: '1', price: '42.00', sum: '42.00' }],
        payments: [{ type: 'nal', amount: '42.00' }],
      });
    }
    shop.db.prepare('UPDATE goods SET price = 270000 WHERE code = ?').run(BREAD);
    const before = changes(start);
    const logged = () => shop.db.prepare('SELECT count(*) FROM catalog_changes').pluck().get() as number;
    const rowsBefore = logged();

    expect(pruneCatalogChanges(shop.db)).toBeGreaterThanOrEqual(4);
    expect(logged()).toBeLessThan(rowsBefore);
    // A till at the old cursor, and one starting afresh, see the same objects as before the prune.
    expect(changes(start)).toEqual(before);
    expect(
      changes(start)
        .filter((r) => r.tag === 'GOODS')
        .map((r) => r.code),
    ).toEqual([MILK, BREAD]);
    const everything = changes(0).filter((r) => r.tag === 'GOODS');
    expect(new Set(everything.map((r) => r.code)).size).toBe(everything.length);
    expect(pruneCatalogChanges(shop.db)).toBe(0);
  });
});
