import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { roundTripsOf } from '../../../../shared-node/pg/round-trips.js';
import { TEST_ENGINE } from '../../../testing/back-office-db.js';
import { D } from '../../decimal.js';
import { receiveBatch } from '../stock/fifo.js';
import { addProduct, type Call, caller, openTestDb, type TestDb } from '../testing.js';

let t: TestDb;
let call: Call;
const cheese = '4820000000035';
const set = '4820000000042';
const bread = '4820000000059';

beforeEach(() => {
  t = openTestDb();
  call = caller(t.db);
  addProduct(t.db, { code: cheese, name: 'Сир Гауда', price: '320', cost: '250', weighted: true, plu: '35' });
  addProduct(t.db, { code: bread, name: 'Хліб Український', price: '28.50', cost: '21' });
  addProduct(t.db, { code: set, name: 'Набір до пива', price: '150', cost: '100', excise_input: true, uktzed: '2203000100' });
  const db = t.db;
  db.prepare(
    "UPDATE goods SET description = 'Для компанії', kitchen_printer = 'бар', markup = 500000, critical_quantity = 2000 WHERE code = ?",
  ).run(set);
  db.prepare("INSERT INTO goods_extra_codes (extra_code, code) VALUES ('5900000000001', ?), ('5900000000002', ?)").run(set, set);
  db.prepare("INSERT INTO goods_extra_fields (name, position) VALUES ('Країна', 1), ('Бренд', 2), ('Сорт', 3)").run();
  db.prepare(
    "INSERT INTO goods_extra_values (code, field_name, value) VALUES (?, 'Бренд', 'Хмільна'), (?, 'Країна', 'Україна')",
  ).run(set, set);
  db.prepare('INSERT INTO goods_composition (code, component_code, quantity) VALUES (?, ?, 250), (?, ?, 1000)').run(
    set,
    cheese,
    set,
    bread,
  );
  db.prepare("INSERT INTO goods_pictures (code, folder, picture) VALUES (?, 'img/sets', 'beer-set.jpg')").run(set);
  receiveBatch(db, {
    code: set,
    sk: 0,
    documentNumber: 'N-1',
    unitCost: new D('100'),
    quantity: new D('4'),
    receivedOn: '2025-01-05',
    fiscal: true,
  });
  receiveBatch(db, {
    code: set,
    sk: 0,
    documentNumber: 'N-2',
    unitCost: new D('105.5'),
    quantity: new D('2'),
    receivedOn: '2025-02-05',
  });
  receiveBatch(db, {
    code: set,
    sk: 1,
    documentNumber: 'B-1',
    unitCost: new D('101'),
    quantity: new D('1.5'),
    receivedOn: '2025-02-06',
  });
});
afterEach(() => t.close());

describe('goods.card_open', () => {
  it('returns every shape of a full card, quantities and batches of the storage asked for', () => {
    const rows = call('goods.card_open', { code: set }).rows as Record<string, string>[];
    expect(rows.map((r) => r.tag)).toEqual([
      'STATE',
      'MAIN',
      'DESC',
      'UKT',
      'EXTRA_CODE',
      'EXTRA_CODE',
      'EXTRA_VALUE',
      'EXTRA_VALUE',
      'FIFO',
      'FIFO',
      'SOSTAV',
      'SOSTAV',
      'PICTURE',
      'SIZE_SUMMARY',
    ]);
    expect(rows[0]).toEqual({ tag: 'STATE', found: '1' });
    expect(rows[1]).toMatchObject({
      tag: 'MAIN',
      code: set,
      name: 'Набір до пива',
      price: '150.00',
      cost: '100.00',
      markup: '50',
      quantity: '6.000',
      critical_quantity: '2.000',
      date_added: '2025-01-10',
      in_cloud: '0',
    });
    expect(rows[2]).toEqual({ tag: 'DESC', description: 'Для компанії', kitchen_printer: 'бар' });
    expect(rows[3]).toEqual({ tag: 'UKT', uktzed: '2203000100', excise_input: '1' });
    expect(rows.slice(4, 6)).toEqual([
      { tag: 'EXTRA_CODE', code: '5900000000001' },
      { tag: 'EXTRA_CODE', code: '5900000000002' },
    ]);
    // In the order of the shop's field list, not alphabetical.
    expect(rows.slice(6, 8)).toEqual([
      { tag: 'EXTRA_VALUE', field_name: 'Країна', value: 'Україна' },
      { tag: 'EXTRA_VALUE', field_name: 'Бренд', value: 'Хмільна' },
    ]);
    expect(rows.slice(8, 10)).toEqual([
      { tag: 'FIFO', document_number: 'N-1', cost: '100.00', quantity: '4.000', date: '2025-01-05', fiscal: '1' },
      { tag: 'FIFO', document_number: 'N-2', cost: '105.50', quantity: '2.000', date: '2025-02-05', fiscal: '0' },
    ]);
    expect(rows.slice(10, 12)).toEqual([
      { tag: 'SOSTAV', code: cheese, name: 'Сир Гауда', cost: '250.00', price: '320.00', unit_type: 'кг', quantity: '0.250' },
      { tag: 'SOSTAV', code: bread, name: 'Хліб Український', cost: '21.00', price: '28.50', unit_type: 'шт', quantity: '1.000' },
    ]);
    expect(rows[12]).toEqual({ tag: 'PICTURE', folder: 'img/sets', picture: 'beer-set.jpg' });
    expect(rows[13]).toEqual({ tag: 'SIZE_SUMMARY', summary: 'склад: 6.000 шт; філія 1: 1.500 шт' });
  });

  it('shows the branch quantity and batches when a branch is asked for', () => {
    const rows = call('goods.card_open', { code: set, sk: 1 }).rows as Record<string, string>[];
    expect(rows.find((r) => r.tag === 'MAIN')?.quantity).toBe('1.500');
    expect(rows.filter((r) => r.tag === 'FIFO').map((r) => r.document_number)).toEqual(['B-1']);
  });

  it('says not found for an unknown code, and names the product that carries it as an extra code', () => {
    expect(call('goods.card_open', { code: '1234' }).rows).toEqual([{ tag: 'STATE', found: '0' }]);
    expect(call('goods.card_open', { code: '5900000000001' }).rows).toEqual([
      { tag: 'STATE', found: '0' },
      { tag: 'DUP_OWNER', owner_code: set, owner_name: 'Набір до пива' },
    ]);
  });

  it('flags a card whose own code is also another product’s extra code', () => {
    t.db.prepare('INSERT INTO goods_extra_codes (extra_code, code) VALUES (?, ?)').run(bread, set);
    const rows = call('goods.card_open', { code: bread }).rows as Record<string, string>[];
    expect(rows.at(-1)).toEqual({ tag: 'DUP_OWNER', owner_code: set, owner_name: 'Набір до пива' });
  });
});

describe.skipIf(TEST_ENGINE !== 'postgres')('goods.card_open on PostgreSQL', () => {
  // Issue 24: its eight reads go together (allTogether), counted, not timed.
  it('takes one round trip for a card with every part, and one for a code not found', () => {
    expect(roundTripsOf(() => call('goods.card_open', { code: set }))).toBe(1);
    expect(roundTripsOf(() => call('goods.card_open', { code: '4820000099999' }))).toBe(1);
  });
});

describe('goods.card_main', () => {
  it('returns the card columns with the main storage quantity', () => {
    const rows = call('goods.card_main', { code: set }).rows as Record<string, string>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ code: set, quantity: '6.000', price: '150.00', shelf_life_days: '0', no_discount: '0' });
    expect(Object.keys(rows[0] ?? {})).toHaveLength(17);
    expect(call('goods.card_main', { code: 'nope' }).rows).toEqual([]);
  });
});

describe('extra values and pictures', () => {
  it('lists the filled extra values, or every field of the shop with empty ones when asked', () => {
    expect(call('goods.extra_values', { code: set }).rows).toEqual([
      { field_name: 'Країна', value: 'Україна' },
      { field_name: 'Бренд', value: 'Хмільна' },
    ]);
    expect(call('goods.extra_values', { code: set, include_empty: true }).rows).toEqual([
      { field_name: 'Країна', value: 'Україна' },
      { field_name: 'Бренд', value: 'Хмільна' },
      { field_name: 'Сорт', value: '' },
    ]);
    expect(call('goods.extra_values', { code: bread, include_empty: true }).rows).toHaveLength(3);
  });

  it('reads one extra value and the picture', () => {
    expect(call('goods.extra_value', { code: set, field_name: 'Бренд' }).rows).toEqual([{ value: 'Хмільна' }]);
    expect(call('goods.extra_value', { code: set, field_name: 'Сорт' }).rows).toEqual([]);
    expect(call('goods.picture', { code: set }).rows).toEqual([{ folder: 'img/sets', picture: 'beer-set.jpg' }]);
    expect(call('goods.picture', { code: bread }).rows).toEqual([]);
  });
});

describe('product checks', () => {
  it('answers whether a code is a product and whether it carries the excise flag', () => {
    expect(call('checks.product_exists', { code: bread }).value).toBe('1');
    expect(call('checks.product_exists', { code: '5900000000001' }).value).toBe('0');
    expect(call('pos.is_etax', { code: set }).value).toBe('1');
    expect(call('pos.is_etax', { code: bread }).value).toBe('0');
    expect(call('pos.is_etax', {}).value).toBe('0');
  });

  it('lists UKTZED codes in the order asked, leaving out unknown codes', () => {
    expect(call('pos.checkout_uktzed_rows', { codes: [set, 'x', bread] }).rows).toEqual([
      { code: set, name: 'Набір до пива', uktzed: '2203000100' },
      { code: bread, name: 'Хліб Український', uktzed: '' },
    ]);
  });
});
