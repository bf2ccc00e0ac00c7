import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ParamsOf } from '../../../../shared/contract/index.js';
import { BREAD, CIGARETTES, type Shop, standardShop, VODKA } from '../testing/shop.js';
import { snapshot } from '../testing/snapshot.js';

let shop: Shop;
beforeEach(() => {
  shop = standardShop();
});
afterEach(() => shop.close());

const scan = (code: string, extra: Partial<ParamsOf<'pos.excise_add_mark'>> = {}) =>
  shop.call('pos.excise_add_mark', { code, etax: true, kasm: 1, ...extra });

const sellVodka = (quant: string, extra: Partial<ParamsOf<'pos.checkout_close_sale'>> & { marks?: string[] } = {}) => {
  const { marks, ...rest } = extra;
  const sum = (Number(quant) * 180).toFixed(2);
  return shop.call('pos.checkout_close_sale', {
    kasm: 1,
    rows: [{ code: VODKA, quant, price: '180.00', sum, ...(marks ? { excise_marks: marks } : {}) }],
    payments: [{ type: 'nal', amount: sum }],
    ...rest,
  }).rows[0] as Record<string, string>;
};

const stamps = () => shop.db.prepare('SELECT mark, state, check_number, code FROM excise_stamps ORDER BY id').all();

describe('excise stamps at the till', () => {
  it("binds the till's pending stamps to the receipt, one per unit", () => {
    scan('AAAX000000 0000000001');
    scan('AAAX000000 0000000002');
    sellVodka('2');
    expect(stamps()).toEqual([
      { mark: 'AAAX000000 0000000001', state: 'bound', check_number: 1, code: VODKA },
      { mark: 'AAAX000000 0000000002', state: 'bound', check_number: 1, code: VODKA },
    ]);
    const xml = Buffer.from(
      shop.db.prepare("SELECT xml_body_b64 FROM prro_docs WHERE doc_type = 'receipt'").pluck().get() as string,
      'base64',
    ).toString('latin1');
    expect(xml).toContain('<EXCISELABEL>AAAX000000 0000000001</EXCISELABEL>');
  });

  it('takes stamps typed into the receipt line as well as pending ones', () => {
    scan('AAAX000000 0000000001');
    sellVodka('2', { marks: ['AAAX000000 0000000009'] });
    expect(stamps()).toHaveLength(2);
    expect(shop.db.prepare("SELECT count(*) FROM excise_stamps WHERE state = 'bound'").pluck().get()).toBe(2);
  });

  it('refuses a close with fewer stamps than units, or with stray pending stamps, changing nothing', () => {
    scan('AAAX000000 0000000001');
    const before = snapshot(shop.db);
    const short = shop.refused('pos.checkout_close_sale', {
      kasm: 1,
      rows: [{ code: VODKA, quant: '2', price: '180.00', sum: '360.00' }],
      payments: [{ type: 'nal', amount: '360.00' }],
    });
    expect(short).toMatchObject({
      path: 'params.rows[0].excise_marks',
      problem: expect.stringMatching(/needs 2 excise stamps, one per unit; 1 scanned/),
    });
    scan('AAAX000000 0000000002');
    const stray = shop.refused('pos.checkout_close_sale', {
      kasm: 1,
      rows: [{ code: VODKA, quant: '1', price: '180.00', sum: '180.00' }],
      payments: [{ type: 'nal', amount: '180.00' }],
    });
    expect(stray.problem).toMatch(/AAAX000000 0000000002 are pending at till 1 but no unit of this receipt is left for them/);
    shop.call('pos.excise_clear_pending', { kasm: 1, code: 'AAAX000000 0000000002' });
    expect(snapshot(shop.db).receipts).toEqual(before.receipts);
    sellVodka('1');
  });

  it('refuses a stamp typed into a line when it was sold on an earlier receipt', () => {
    sellVodka('1', { marks: ['SOLD000000 0000000001'] });
    const refusal = shop.refused('pos.checkout_close_sale', {
      kasm: 1,
      rows: [{ code: VODKA, quant: '1', price: '180.00', sum: '180.00', excise_marks: ['SOLD000000 0000000001'] }],
      payments: [{ type: 'nal', amount: '180.00' }],
    });
    expect(refusal.problem).toBe('excise stamp SOLD000000 0000000001 was already sold on receipt 1 (till 1)');
  });

  it('refuses stamps on goods without excise, and excise goods in fractions', () => {
    expect(
      shop.refused('pos.checkout_close_sale', {
        kasm: 1,
        rows: [{ code: BREAD, quant: '1', price: '25.50', sum: '25.50', excise_marks: ['X1'] }],
        payments: [{ type: 'nal', amount: '25.50' }],
      }).problem,
    ).toMatch(/takes no excise stamp/);
    expect(
      shop.refused('pos.checkout_close_sale', {
        kasm: 1,
        rows: [{ code: VODKA, quant: '0.5', price: '180.00', sum: '90.00' }],
        payments: [{ type: 'nal', amount: '90.00' }],
      }).path,
    ).toBe('params.rows[0].quant');
  });
});

describe('duplicate excise stamps', () => {
  it('refuses a stamp seen anywhere before, unless the duplicate is allowed deliberately', () => {
    scan('DUPX000000 0000000001');
    expect(shop.refused('pos.excise_add_mark', { code: 'DUPX000000 0000000001', etax: true, kasm: 2 }).problem).toBe(
      'excise stamp DUPX000000 0000000001 is already scanned at till 1: a duplicate stamp is refused',
    );
    sellVodka('1');
    expect(shop.refused('pos.excise_add_mark', { code: 'DUPX000000 0000000001', etax: true, kasm: 1 }).problem).toMatch(
      /was already sold on receipt 1/,
    );
    scan('DUPX000000 0000000001', { allow_duplicate: true });
    sellVodka('1');
    expect(shop.call('pos.excise_duplicate', {}).rows).toEqual([
      { excise_mark: 'DUPX000000 0000000001', code: VODKA, check_number: '2', cashdesk_number: '1' },
    ]);
  });

  it('names the receipt and till the duplicates report names: the latest sale of the stamp', () => {
    const mark = 'DUPX000000 0000000007';
    scan(mark);
    sellVodka('1');
    shop.call('pos.excise_add_mark', { code: mark, etax: true, kasm: 2, allow_duplicate: true });
    shop.call('pos.checkout_close_sale', {
      kasm: 2,
      rows: [{ code: VODKA, quant: '1', price: '180.00', sum: '180.00' }],
      payments: [{ type: 'nal', amount: '180.00' }],
    });
    const [listed] = shop.call('pos.excise_duplicate', {}).rows as { check_number: string; cashdesk_number: string }[];
    expect(listed).toMatchObject({ check_number: '2', cashdesk_number: '2' });
    const refusal = shop.refused('pos.excise_add_mark', { code: mark, etax: true, kasm: 1 });
    expect(refusal.problem).toBe(`excise stamp ${mark} was already sold on receipt 2 (till 2): a duplicate stamp is refused`);
    expect(refusal).toMatchObject({ reason: 'excise.duplicate_sold', values: { mark, check: '2', kasm: '2' } });
  });

  it('lists only stamps scanned as etax when asked for etax', () => {
    scan('TXXX000000 0000000001');
    scan('TXXX000000 0000000001', { allow_duplicate: true, etax: false, kasm: 2 });
    expect(shop.call('pos.excise_duplicate', { etax: true }).rows).toEqual([]);
    expect(shop.call('pos.excise_duplicate', { etax: false }).rows).toEqual([
      { excise_mark: 'TXXX000000 0000000001', code: '', check_number: '', cashdesk_number: '2' },
    ]);
  });

  it('lets a released stamp be scanned again', () => {
    scan('RELX000000 0000000001');
    scan('RELX000000 0000000002');
    expect(shop.call('pos.excise_clear_pending', { kasm: 1 }).status.affected).toBe('2');
    expect(scan('RELX000000 0000000001').status.affected).toBe('1');
    expect(shop.call('pos.excise_duplicate', {}).rows).toEqual([]);
  });
});

describe('what an excise stamp looks like', () => {
  it('refuses a product barcode, a bare number and any other format at the scan, naming the format', () => {
    expect(shop.refused('pos.excise_add_mark', { code: VODKA, etax: true, kasm: 1 })).toMatchObject({
      path: 'params.code',
      reason: 'excise.product_code',
      values: { mark: VODKA, code: VODKA },
    });
    expect(shop.refused('pos.excise_add_mark', { code: '12345678', etax: true, kasm: 1 })).toMatchObject({
      reason: 'excise.format',
      problem: '12345678 is not an excise stamp: the accepted formats are ABCD123456 7890123456',
    });
    expect(shop.refused('pos.excise_add_mark', { code: 'AAKZ4100007919', etax: true, kasm: 1 }).reason).toBe('excise.format');
    expect(stamps()).toEqual([]);
  });

  it('refuses a stamp typed into a receipt line that is not in an accepted format', () => {
    const refusal = shop.refused('pos.checkout_close_sale', {
      kasm: 1,
      rows: [{ code: VODKA, quant: '1', price: '180.00', sum: '180.00', excise_marks: ['4820000000017'] }],
      payments: [{ type: 'nal', amount: '180.00' }],
    });
    expect(refusal).toMatchObject({ path: 'params.rows[0].excise_marks', reason: 'excise.format' });
  });

  it("takes the shop's own masks from its settings", () => {
    shop.db.prepare("INSERT INTO shop_settings (key, value) VALUES ('excise_stamp_masks', 'AA99999999')").run();
    expect(scan('AB12345678').status.affected).toBe('1');
    expect(shop.refused('pos.excise_add_mark', { code: 'AATE508932 0000412167', etax: true, kasm: 1 }).reason).toBe(
      'excise.format',
    );
  });

  it('takes no mask the fiscal document could not write, so a stamp with an emoji is never sold as one with a "?"', () => {
    shop.db.prepare("INSERT INTO shop_settings (key, value) VALUES ('excise_stamp_masks', 'AA😀99999999')").run();
    expect(shop.refused('pos.excise_add_mark', { code: 'AB😀12345678', etax: true, kasm: 1 })).toMatchObject({
      reason: 'excise.format',
      values: { formats: 'ABCD123456 7890123456' },
    });
    expect(scan('AATE508932 0000412168').status.affected).toBe('1');
  });
});

describe('the stamp formats a manager sets (settings.excise_stamp_masks_save)', () => {
  const save = (masks: string[]) => shop.call('settings.excise_stamp_masks_save', { masks });
  // The row the catalogue's change log sends the tills (catalog/sync: a SETTING row per change).
  const stored = () => shop.db.prepare("SELECT value FROM shop_settings WHERE key = 'excise_stamp_masks'").pluck().get();

  it('takes stamps of the saved formats only, stored as the setting the tills receive', () => {
    expect(save(['AA99999999', 'AAA-999']).status.affected).toBe('1');
    expect(scan('AB12345678').status.affected).toBe('1');
    expect(scan('XYZ-123').status.affected).toBe('1');
    expect(shop.refused('pos.excise_add_mark', { code: 'AATE508932 0000412167', etax: true, kasm: 1 }).reason).toBe(
      'excise.format',
    );
    expect(stored()).toBe('AA99999999;AAA-999');
  });

  it('goes back to the default format with no masks', () => {
    save(['AA99999999']);
    save([]);
    expect(scan('AATE508932 0000412167').status.affected).toBe('1');
    expect(stored()).toBeUndefined();
  });

  it.each([
    ['9999999999', 'excise.mask_no_letter'],
    ['AA99;AA98', 'excise.mask_separator'],
    ['AA😀99999999', 'excise.mask_unwritable'],
    ['AA\u221299', 'excise.mask_unwritable'],
    ['AA中99', 'excise.mask_unwritable'],
  ])('refuses the mask %s (%s) and keeps the formats it had', (mask, reason) => {
    save(['AA99999999']);
    const refusal = shop.refused('settings.excise_stamp_masks_save', { masks: ['AAA999', mask] });
    expect(refusal).toMatchObject({ path: 'params.masks[1]', reason, values: { mask } });
    expect(stored()).toBe('AA99999999');
    expect(scan('AB12345678').status.affected).toBe('1');
  });
});

describe('stamps reserved for a sale document', () => {
  it("keeps reserved stamps for their document's close and out of another sale at the till", () => {
    scan('RESX000000 0000000001');
    expect(shop.call('pos.excise_bind_pending', { kasm: 1, ndoc: 501 }).status.affected).toBe('1');
    scan('RESX000000 0000000002');
    sellVodka('1');
    expect(stamps()).toContainEqual({ mark: 'RESX000000 0000000002', state: 'bound', check_number: 1, code: VODKA });
    sellVodka('1', { ndoc: '501' });
    expect(stamps()).toContainEqual({ mark: 'RESX000000 0000000001', state: 'bound', check_number: 2, code: VODKA });
  });

  it('reserves the pending stamps when a line is applied with bind_excise', () => {
    scan('RESX000000 0000000003');
    shop.call('pos.checkout_apply_sale_line', { ndoc: '777', code: VODKA, kasm: 1, bind_excise: 1 });
    expect(shop.db.prepare('SELECT ndoc FROM excise_stamps').pluck().get()).toBe('777');
    expect(shop.refused('pos.excise_bind_pending', { kasm: 1 }).path).toBe('params.ndoc');
  });

  it('does not demand stamps of a sale without excise goods', () => {
    scan('CIGX000000 0000000001');
    shop.call('pos.checkout_close_sale', {
      kasm: 1,
      rows: [{ code: BREAD, quant: '1', price: '25.50', sum: '25.50' }],
      payments: [{ type: 'nal', amount: '25.50' }],
    });
    shop.call('pos.checkout_close_sale', {
      kasm: 1,
      rows: [{ code: CIGARETTES, quant: '1', price: '95.00', sum: '95.00' }],
      payments: [{ type: 'nal', amount: '95.00' }],
    });
    expect(stamps()).toEqual([{ mark: 'CIGX000000 0000000001', state: 'bound', check_number: 2, code: CIGARETTES }]);
  });
});
