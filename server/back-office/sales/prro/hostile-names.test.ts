/**
 * Names the books hold as they were entered (an emoji where the cut falls, a control character, a
 * letter with a combining mark) still make documents the tax server can read: well-formed,
 * valid against the schema, and saying what the books say as far as windows-1251 can.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { arithmeticProblems, checkOf, queueDocs, validate } from '../testing/fiscal.js';
import { addBatch, addProduct, addTill, addUser, type Shop, standardShop, TEST_SELLER } from '../testing/shop.js';
import { sendToTaxServer } from '../testing/tax-server.js';

let shop: Shop;
beforeEach(() => {
  shop = standardShop();
});
afterEach(() => shop.close());

const CHEESE_AT_THE_CUT = '4820000000103';
const CONTROL = '4820000000110';
const COMBINING = '4820000000127';

describe('a document of goods and a cashier with hostile names', () => {
  it('is well-formed and valid, the names cut by characters and cleaned of what XML cannot hold', () => {
    // The 128th UTF-16 unit is the first half of the emoji: a cut by units split the pair.
    addProduct(shop.db, { code: CHEESE_AT_THE_CUT, name: `${'Я'.repeat(127)}🧀 твердий`, price: '10.00' });
    addProduct(shop.db, { code: CONTROL, name: 'Сир\u0001плавлений\u001b', price: '5.00' });
    // і and a combining diaeresis: ї once composed, which windows-1251 has.
    addProduct(shop.db, { code: COMBINING, name: 'Сік і\u0308жаковий', price: '7.00' });
    for (const code of [CHEESE_AT_THE_CUT, CONTROL, COMBINING])
      addBatch(shop.db, { code, quantity: '10', cost: '1.00', on: '2025-03-01' });
    addTill(shop.db, { kasm: 3, akas: 'KAS3', numprro: '4000123458' });
    shop.call('pos.shift_open', { kasm: 3, cashier: addUser(shop.db, `Олена\u0007${'К'.repeat(121)}😀 Касир`) });
    shop.call('pos.checkout_close_sale', {
      kasm: 3,
      rows: [
        { code: CHEESE_AT_THE_CUT, quant: '1', price: '10.00', sum: '10.00' },
        { code: CONTROL, quant: '1', price: '5.00', sum: '5.00' },
        { code: COMBINING, quant: '1', price: '7.00', sum: '7.00' },
      ],
      payments: [{ type: 'nal', amount: '22.00' }],
    });
    // The simulated tax server takes them all (it parses each as the real one would), then the Z-report.
    expect(sendToTaxServer(shop.db, new Date('2025-03-14T10:05:00Z'))).toMatchObject({ rejected: 0 });
    shop.call('pos.shift_close', { kasm: 3 });

    const docs = queueDocs(shop.db, { numprro: '4000123458' });
    expect(docs.length).toBeGreaterThanOrEqual(3);
    const verdicts = validate(
      docs.map((d) => ({ name: `#${d.id}`, root: d.text.includes('<ZREP') ? 'ZREP' : 'CHECK', bytes: d.bytes })),
    );
    for (const [name, v] of verdicts) expect({ name, ...v }).toEqual({ name, xmllint: '', ours: { ok: true } });

    const sale = (docs.find((d) => d.text.includes('<CHECKBODY>'))?.text ?? '').split('<CHECKBODY>')[1] ?? '';
    const names = [...sale.matchAll(/<NAME>([^<]*)<\/NAME>/g)].map((m) => m[1]);
    expect(names).toEqual([`${'Я'.repeat(127)}?`, 'Сир?плавлений?', 'Сік їжаковий']);
    for (const d of docs)
      expect(d.text.match(/<CASHIER>[^<]*<\/CASHIER>/)?.[0]).toBe(`<CASHIER>Олена?${'К'.repeat(121)}?</CASHIER>`);
  });
});

describe('a cash sale that rounds to nothing', () => {
  it('still has its cash row, with the rounding it belongs to, and adds up', () => {
    const PINCH = '2000000000022';
    addProduct(shop.db, { code: PINCH, name: 'Спеції на вагу', price: '40.00', unit_type: 'кг' });
    addBatch(shop.db, { code: PINCH, quantity: '1', cost: '20.00', on: '2025-03-01' });
    shop.call('pos.checkout_close_sale', {
      kasm: 1,
      rows: [{ code: PINCH, quant: '0.001', price: '40.00', sum: '0.04' }],
      payments: [{ type: 'nal', amount: '0.04' }],
    });
    const sale = queueDocs(shop.db, { numprro: '4000123456' })
      .filter((d) => d.text.includes('<CHECKBODY>'))
      .at(-1);
    expect(sale).toBeDefined();
    const doc = sale as NonNullable<typeof sale>;
    expect(checkOf(doc).CHECKPAY).toEqual([expect.objectContaining({ PAYFORMCD: '0', SUM: '0.00' })]);
    expect(arithmeticProblems(doc.doc)).toEqual([]);
    const verdicts = validate([{ name: 'sale', root: 'CHECK', bytes: doc.bytes }]);
    expect(verdicts.get('sale')).toEqual({ xmllint: '', ours: { ok: true } });
  });
});

describe('the seller, who heads every document', () => {
  it('is refused with a name the documents could only print as "?", and the Ukrainian apostrophe passes', () => {
    const seller = { ...TEST_SELLER };
    const refusal = shop.refused('settings.fiscal_identity_save', { ...seller, org_name: 'ТОВ "Сир 🧀"' });
    expect({ path: refusal.path, reason: refusal.reason, values: refusal.values }).toEqual({
      path: 'params.org_name',
      reason: 'fiscal.unwritable',
      values: { field: 'org_name', chars: '🧀' },
    });
    expect(shop.refused('settings.fiscal_identity_save', { ...seller, point_addr: 'вул. 茶, 1' }).reason).toBe(
      'fiscal.unwritable',
    );
    // U+02BC is written as the code page's apostrophe: nothing is lost. (Refused next only because shifts are open.)
    expect(shop.refused('settings.fiscal_identity_save', { ...seller, org_name: 'ТОВ "Обʼєднання"' }).reason).toBe(
      'fiscal.seller_shift_open',
    );
  });
});
