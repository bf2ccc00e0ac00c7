/**
 * What pos.shift_state tells a till of its register's queue: unsent documents that move (sent in a
 * moment) apart from those a refusal holds still, and the refused document with the tax server's
 * words, so the till can say at once why its receipts get no fiscal number (issue 20, item 1).
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { queryPlan, TEST_ENGINE } from '../../../testing/back-office-db.js';
import { prroSql } from '../kernel/register/statements.js';
import { BREAD, type Shop, standardShop } from '../testing/shop.js';
import { sendToTaxServer } from '../testing/tax-server.js';

let shop: Shop;
beforeEach(() => {
  shop = standardShop();
});
afterEach(() => shop.close());

const state = () => shop.call('pos.shift_state', { kasm: 1 }).rows[0] as Record<string, string>;
const sell = () =>
  shop.call('pos.checkout_close_sale', {
    kasm: 1,
    rows: [{ code: BREAD, quant: '1', price: '25.50', sum: '25.50' }],
    payments: [{ type: 'bn', amount: '25.50' }],
  });
/** A document another till program built itself, which the tax server refuses. */
const enqueueMalformed = () =>
  shop.call('pos.prro_inline_enqueue', {
    kasm: '1',
    numprro: '4000123456',
    xml_body_b64: Buffer.from('<CHECK><CHECKHEAD><DOCTYPE>0</DOCTYPE></CHECK>').toString('base64'),
    doc_type: 'receipt',
  });

it("names the till's register and its cash box, whose money cash_balance is (a new till reads them from here)", () => {
  expect(state()).toMatchObject({ kasm: '1', numprro: '4000123456', akas: 'KAS1' });
});

it('says nothing stands still while the documents only wait to be sent', () => {
  sell();
  expect(state()).toMatchObject({ stopped_docs: '0', refused_doc_id: '', refused_doc_type: '', refused_reason: '' });
  expect(Number(state().unsent_docs)).toBeGreaterThan(0);
  sendToTaxServer(shop.db);
  expect(state()).toMatchObject({ unsent_docs: '0', stopped_docs: '0', refused_reason: '' });
});

it('names the refused document and its reason, and counts what waits behind it', () => {
  sell();
  enqueueMalformed();
  sell();
  sell();
  sendToTaxServer(shop.db);
  const bad = shop.db.prepare('SELECT id FROM prro_docs WHERE status = 3').get() as { id: number };
  expect(state()).toMatchObject({
    unsent_docs: '3',
    stopped_docs: '3',
    refused_doc_id: String(bad.id),
    refused_doc_type: 'receipt',
    refused_reason: expect.stringMatching(/^Код помилки: 9 DocumentValidationError/),
  });
  // Withdrawn by a manager: the documents behind it move again, and nothing is said of it any more.
  shop.call('pos.prro_inline_set_status', { id: bad.id, status: 5 });
  sendToTaxServer(shop.db);
  expect(state()).toMatchObject({ unsent_docs: '0', stopped_docs: '0', refused_doc_id: '', refused_reason: '' });
});

it.skipIf(TEST_ENGINE === 'postgres')('reads the summary from the index of unsettled documents alone', () => {
  const source = (prroSql(shop.db).unsentSummary as unknown as { source: string }).source;
  const plan = queryPlan(shop.db, source, ['4000123456']);
  expect(plan).toContain('COVERING INDEX prro_docs_unsettled');
});
