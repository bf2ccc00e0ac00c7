import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isEan13 } from '../../../../shared/barcodes/ean.js';
import { addProduct, type Call, caller, openTestDb, type TestDb } from '../testing.js';

let t: TestDb;
let call: Call;

beforeEach(() => {
  t = openTestDb();
  call = caller(t.db);
});
afterEach(() => t.close());

describe('generators.make_own', () => {
  it('starts a prefix at 1 with a valid check digit', () => {
    const code = call('generators.make_own', { prefix: '200' }).value as string;
    expect(code).toBe('2000000000015');
    expect(isEan13(code)).toBe(true);
  });

  it('gives the code after the highest taken under the prefix, counting extra codes', () => {
    addProduct(t.db, { code: '2000000000152' });
    addProduct(t.db, { code: '4820000000011' });
    t.db.prepare("INSERT INTO goods_extra_codes (extra_code, code) VALUES ('2000000000206', '4820000000011')").run();
    const code = call('generators.make_own', { prefix: '200' }).value as string;
    expect(code.slice(0, 12)).toBe('200000000021');
    expect(isEan13(code)).toBe(true);
  });

  it('refuses when a prefix has no free code left', () => {
    addProduct(t.db, { code: '4820000000017' });
    expect(() => call('generators.make_own', { prefix: '482000000001' })).toThrow(
      'no free code is left under prefix 482000000001',
    );
    expect(call('generators.make_own', { prefix: '482000000002' }).value).toBe('4820000000024');
  });
});

describe('generators.make_art', () => {
  it('gives the lowest three-digit article no card uses', () => {
    expect(call('generators.make_art', {}).value).toBe('001');
    addProduct(t.db, { code: 'a' });
    addProduct(t.db, { code: 'b' });
    addProduct(t.db, { code: 'c' });
    t.db.prepare("UPDATE goods SET art = CASE code WHEN 'a' THEN '001' WHEN 'b' THEN '002' ELSE '004' END").run();
    expect(call('generators.make_art', {}).value).toBe('003');
  });
});
