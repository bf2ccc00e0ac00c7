import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ChangeRow, LocalCatalog } from './local-catalog.js';

let dir: string;
let catalog: LocalCatalog;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'catalog-copy-'));
  catalog = new LocalCatalog(join(dir, 'catalog.sqlite'));
});
afterEach(() => {
  catalog.close();
  rmSync(dir, { recursive: true, force: true });
});

const goods = (code: string, name: string, extra: Partial<Record<string, string>> = {}): ChangeRow =>
  ({
    tag: 'GOODS',
    seq: '1',
    code,
    name,
    unit_type: 'шт',
    price: '10.00',
    weighted: '0',
    plu: '',
    excise_input: '0',
    age_limit: '0',
    stock: '5.000',
    deleted: '0',
    ...extra,
  }) as ChangeRow;

const fill = () =>
  catalog.apply(
    [
      goods('4820000000017', 'Молоко Галичина 2,5% 900 г'),
      goods('4820000000024', 'Кефір Галичина 1%'),
      goods('2200001', 'Сир Гауда', { weighted: '1', plu: '42', unit_type: 'кг', price: '420.00' }),
      goods('4820000000031', 'Горілка Хортиця 0,5 л', { excise_input: '1', age_limit: '18' }),
      { tag: 'CODE', seq: '2', extra_code: '4000000000017', code: '4820000000017', deleted: '0' } as ChangeRow,
      {
        tag: 'CARD',
        seq: '3',
        card: '2299000000017',
        holder: 'Шевчук Олена',
        discount_percent: '5',
        debt: '120.00',
        debt_limit: '500.00',
        bonus: '12.30',
        deleted: '0',
      } as ChangeRow,
      { tag: 'SETTING', seq: '4', key: 'excise_stamp_masks', value: 'AA99999999', deleted: '0' } as ChangeRow,
    ],
    4,
    true,
    new Date('2025-03-14T10:00:00Z'),
  );

const found = (code: string) => catalog.findCode(code)?.rows as Record<string, string>[];

describe('the till catalogue copy', () => {
  it('answers pos.find_code like the back office: a product, another barcode of it, a weighed label, a card', () => {
    fill();
    expect(found('4820000000017')).toMatchObject([{ kind: 'product', code: '4820000000017', price: '10.00', quantity: '1.000' }]);
    expect(found('4000000000017')).toMatchObject([{ kind: 'extra', code: '4820000000017' }]);
    // Prefix 22, PLU 00042, 1.234 kg, check digit.
    expect(found('2200042012346')).toMatchObject([{ kind: 'weight', code: '2200001', quantity: '1.234', matched: '42' }]);
    expect(found('2299000000017')).toMatchObject([
      { kind: 'card', name: 'Шевчук Олена', debt_limit: '500.00', bonus: '12.30', discount_percent: '5' },
    ]);
    expect(found('0000')).toEqual([]);
  });

  it('has nothing to say before it was ever read, so the caller falls back', () => {
    expect(catalog.findCode('4820000000017')).toBeUndefined();
  });

  it('finds goods by any words of the name in any case and order, names starting with the first word first', () => {
    fill();
    expect(catalog.search({ text: 'галичина' }).map((i) => i.code)).toEqual(['4820000000024', '4820000000017']);
    expect(catalog.search({ text: 'кеф гал' }).map((i) => i.code)).toEqual(['4820000000024']);
    expect(catalog.search({ text: 'МОЛОКО 900' }).map((i) => i.code)).toEqual(['4820000000017']);
    expect(catalog.search({ text: '48200000000' }).length).toBe(3);
    expect(catalog.search({ text: '', weighted: true }).map((i) => [i.code, i.plu])).toEqual([['2200001', '42']]);
    catalog.apply([goods('2200002', 'Банани', { weighted: '1', plu: '7', unit_type: 'кг' })], 5, true, new Date());
    expect(catalog.search({ text: '', weighted: true }).map((i) => i.plu)).toEqual(['7', '42']);
    expect(catalog.search({ text: 'а', limit: 2 })).toHaveLength(2);
  });

  it('keeps what it read across a restart, and follows deletions', () => {
    fill();
    catalog.apply([goods('4820000000024', '', { deleted: '1' })], 5, true, new Date('2025-03-14T10:01:00Z'));
    catalog.close();
    catalog = new LocalCatalog(join(dir, 'catalog.sqlite'));
    expect(catalog.state()).toEqual({ syncedAt: '2025-03-14T10:01:00.000Z', goods: 3, cards: 1 });
    expect(catalog.cursor).toBe(5);
    expect(catalog.item('4820000000024')).toBeUndefined();
    expect(catalog.item('4000000000017')?.name).toBe('Молоко Галичина 2,5% 900 г');
    expect(catalog.setting('excise_stamp_masks')).toBe('AA99999999');
  });
});

describe("the page's mirror of the copy's goods", () => {
  /** Every page of one pass, as the page reads them. */
  const pass = (epoch: string, since: number, limit?: number) => {
    const pages = [];
    let after: string | undefined;
    do {
      const page = catalog.mirror({ epoch, since, ...(after === undefined ? {} : { after }), ...(limit ? { limit } : {}) });
      pages.push(page);
      after = page.next ?? undefined;
    } while (after !== undefined);
    return pages;
  };

  it('gives a page that holds another copy every product with its extra codes, in code order, a page at a time', () => {
    fill();
    const pages = pass('', 0, 3);
    expect(pages.map((p) => [p.full, p.goods.map((g) => g.code), p.next])).toEqual([
      [true, ['2200001', '4820000000017', '4820000000024'], '4820000000024'],
      [true, ['4820000000031'], null],
    ]);
    expect(pages[0]?.goods[1]).toMatchObject({ name: 'Молоко Галичина 2,5% 900 г', codes: ['4000000000017'], stock: '5.000' });
    expect(pages[0]?.goods[0]).toMatchObject({ weighted: true, plu: '42', codes: [] });
    // Cards and settings are not goods: the page does not hold them.
    expect(pages.flatMap((p) => p.goods).map((g) => g.code)).not.toContain('2299000000017');
  });

  it('then gives only what changed since the version it holds: prices, removals and moved barcodes', () => {
    fill();
    const [first] = pass('', 0);
    const { epoch, version } = first as { epoch: string; version: number };
    expect(catalog.mirror({ epoch, since: version })).toMatchObject({ full: false, goods: [], removed: [], next: null });
    const next = catalog.apply(
      [
        goods('4820000000017', 'Молоко Галичина 2,5% 900 г', { price: '11.50' }),
        goods('4820000000024', '', { deleted: '1' }),
        { tag: 'CODE', seq: '7', extra_code: '4000000000017', code: '4820000000031', deleted: '0' } as ChangeRow,
      ],
      7,
      true,
      new Date(),
    );
    expect(next).toBe(version + 1);
    const changed = catalog.mirror({ epoch, since: version });
    expect(changed.full).toBe(false);
    expect(changed.goods.map((g) => [g.code, g.price, g.codes])).toEqual([
      ['4820000000017', '11.50', []],
      ['4820000000031', '10.00', ['4000000000017']],
    ]);
    expect(changed.removed).toEqual(['4820000000024']);
    // A page of cards only leaves the goods' version as it was.
    expect(
      catalog.apply(
        [
          {
            tag: 'CARD',
            seq: '8',
            card: '2299000000017',
            holder: 'Х',
            discount_percent: '0',
            debt: '0.00',
            debt_limit: '0.00',
            bonus: '0.00',
            deleted: '0',
          } as ChangeRow,
        ],
        8,
        true,
        new Date(),
      ),
    ).toBeNull();
  });

  it('gives everything again after a restart or a new copy: what the page held was of another', () => {
    fill();
    const [first] = pass('', 0);
    catalog.close();
    catalog = new LocalCatalog(join(dir, 'catalog.sqlite'));
    expect(catalog.mirror({ epoch: first?.epoch ?? '', since: first?.version ?? 0 })).toMatchObject({ full: true });
    const [again] = pass('', 0);
    catalog.reset('http://another-shop');
    expect(catalog.mirror({ epoch: again?.epoch ?? '', since: again?.version ?? 0 })).toMatchObject({ full: true, goods: [] });
  });
});
