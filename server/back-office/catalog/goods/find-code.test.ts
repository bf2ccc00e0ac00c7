import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withCheckDigit } from '../../../../shared/barcodes/ean.js';
import { roundTripsOf } from '../../../../shared-node/pg/round-trips.js';
import { TEST_ENGINE } from '../../../testing/back-office-db.js';
import { salesMigrations } from '../../sales/index.js';
import { addProduct, type Call, caller, openTestDb, type TestDb } from '../testing.js';

let t: TestDb;
let call: Call;
const vodka = '4820000000066';
const cheese = '4820000000073';

beforeEach(() => {
  // The sales half (its discount cards), so a scanned card number can be recognised.
  t = openTestDb(salesMigrations);
  call = caller(t.db);
  addProduct(t.db, { code: vodka, name: 'Горілка Хортиця 0.5 л', price: '189.90', excise_input: true });
  addProduct(t.db, { code: cheese, name: 'Сир Голландський', price: '315.40', weighted: true, plu: '123' });
  t.db.prepare("INSERT INTO goods_extra_codes (extra_code, code) VALUES ('4600000000012', ?)").run(vodka);
  t.db
    .prepare(
      `INSERT INTO discount_cards (card, last_name, first_name, middle_name, discount_percent, debt_allowed, debt_limit, debt, bonus, created_at)
       VALUES ('2299000000017', 'Шевченко', 'Олена', 'Петрівна', 75000, 1, 5000000, 1234500, 87600, '2025-01-01T10:00:00+02:00')`,
    )
    .run();
});
afterEach(() => t.close());

describe('pos.find_code', () => {
  it('recognises a product by its code', () => {
    expect(call('pos.find_code', { code: vodka }).rows).toEqual([
      {
        kind: 'product',
        code: vodka,
        name: 'Горілка Хортиця 0.5 л',
        price: '189.90',
        quantity: '1.000',
        unit_type: 'шт',
        excise_input: '1',
        matched: vodka,
        debt: '0.00',
        debt_limit: '0.00',
        bonus: '0.00',
        discount_percent: '0',
      },
    ]);
  });

  it('recognises another barcode of a product as an extra code', () => {
    expect(call('pos.find_code', { code: '4600000000012' }).rows).toMatchObject([
      { kind: 'extra', code: vodka, matched: '4600000000012' },
    ]);
  });

  it('reads the PLU and the weight from a weighted barcode', () => {
    const scanned = withCheckDigit('220012301250');
    expect(call('pos.find_code', { code: scanned }).rows).toEqual([
      {
        kind: 'weight',
        code: cheese,
        name: 'Сир Голландський',
        price: '315.40',
        quantity: '1.250',
        unit_type: 'кг',
        excise_input: '0',
        matched: '123',
        debt: '0.00',
        debt_limit: '0.00',
        bonus: '0.00',
        discount_percent: '0',
      },
    ]);
  });

  it('uses only the weighted prefixes the request names', () => {
    const scanned = withCheckDigit('220012300500');
    expect(call('pos.find_code', { code: scanned, pref_ves: '27,28' }).rows).toEqual([]);
    expect(call('pos.find_code', { code: scanned, pref_ves: '22' }).rows).toMatchObject([{ kind: 'weight', quantity: '0.500' }]);
  });

  it('recognises a discount card by its prefix, names the holder and tells its debt, debt limit, bonus and discount', () => {
    expect(call('pos.find_code', { code: '2299000000017' }).rows).toEqual([
      {
        kind: 'card',
        code: '2299000000017',
        name: 'Шевченко Олена Петрівна',
        price: '0.00',
        quantity: '1.000',
        unit_type: '',
        excise_input: '0',
        matched: '2299000000017',
        debt: '123.45',
        debt_limit: '500.00',
        bonus: '8.76',
        discount_percent: '7.5',
      },
    ]);
    expect(call('pos.find_code', { code: '2299000000017', pref_disc: '77' }).rows).toEqual([]);
  });

  it('gives a card that may not buy on credit no debt limit, whatever limit is stored', () => {
    t.db.prepare("UPDATE discount_cards SET debt_allowed = 0 WHERE card = '2299000000017'").run();
    expect(call('pos.find_code', { code: '2299000000017' }).rows).toMatchObject([{ debt: '123.45', debt_limit: '0.00' }]);
  });

  it('finds nothing for an unknown or empty code, and refuses letters unless allowed', () => {
    expect(call('pos.find_code', { code: '4829999999999' }).rows).toEqual([]);
    expect(call('pos.find_code', {}).rows).toEqual([]);
    expect(() => call('pos.find_code', { code: 'ABC-1' })).toThrow('letters are not accepted here');
    addProduct(t.db, { code: 'ABC-1', name: 'Пакет' });
    expect(call('pos.find_code', { code: 'ABC-1', allow_alpha: true }).rows).toMatchObject([{ kind: 'product', code: 'ABC-1' }]);
  });

  it('finds discount cards only where the sales tables exist', () => {
    const bare = openTestDb();
    try {
      expect(caller(bare.db)('pos.find_code', { code: '2299000000017' }).rows).toEqual([]);
    } finally {
      bare.close();
    }
  });
});

describe.skipIf(TEST_ENGINE !== 'postgres')('pos.find_code on PostgreSQL', () => {
  // Issue 24: a code is looked up as a product's own and as an extra code together (prefetch), counted, not timed.
  it('takes one round trip for a product’s own code, an extra code and an unknown code', () => {
    expect(roundTripsOf(() => call('pos.find_code', { code: vodka }))).toBe(1);
    expect(roundTripsOf(() => call('pos.find_code', { code: '4600000000012' }))).toBe(1);
    expect(roundTripsOf(() => call('pos.find_code', { code: '4820000099999' }))).toBe(1);
  });
});
