/**
 * The till's papers beyond the customer's sale receipt: a service deposit and withdrawal, a debt
 * repaid, and a shift's X- and Z-report, each read from its fiscal document (or, for the X, from
 * the shift's documents so far) with the head a PRRO prints.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { balanceOf } from '../testing/queries.js';
import {
  addBatch,
  addCard,
  addProduct,
  BREAD,
  MILK,
  managerConfirmation,
  type Shop,
  standardShop,
  TEST_SELLER,
} from '../testing/shop.js';
import { sendToTaxServer } from '../testing/tax-server.js';

type Row = Record<string, string | null>;
let shop: Shop;
beforeEach(() => {
  shop = standardShop();
});
afterEach(() => shop.close());

const print = (p: { check_number?: number; return_id?: number; doc_id?: number }) =>
  shop.call('pos.receipt_print', p).rows as Row[];
const report = (p: { kasm: number; shift_id?: number }) => shop.call('pos.shift_report_print', p).rows as Row[];
const headOf = (rows: Row[]) => rows.find((r) => r.tag === 'HEAD') as Row;

describe('the paper of a service deposit or withdrawal', () => {
  it('says what moved the drawer, with the seller, the register, the numbers and the reason, and no QR code', () => {
    const dep = shop.call('pos.cash_deposit', { kasm: 1, amount: '200.00', comment: 'Розмінна монета' }).rows[0] as Row;
    const out = shop.call('pos.cash_withdrawal', {
      kasm: 1,
      amount: '150.50',
      comment: 'Інкасація',
      confirmation: managerConfirmation(shop, 'cash_withdrawal'),
    }).rows[0] as Row;
    sendToTaxServer(shop.db);
    const deposit = print({ doc_id: Number(dep.prro_doc_id) });
    const withdrawal = print({ doc_id: Number(out.prro_doc_id) });
    expect(deposit).toEqual([
      expect.objectContaining({
        tag: 'HEAD',
        kind: 'deposit',
        doc_id: dep.prro_doc_id,
        check_number: '',
        org_name: TEST_SELLER.org_name,
        tin: TEST_SELLER.tin,
        numprro: '4000123456',
        cashier: 'Олена Касир',
        mode: 'online',
        total: '200.00',
        rounding: '0.00',
        comment: 'Розмінна монета',
        qr_url: '',
      }),
    ]);
    expect(headOf(deposit).fiscal_number).toMatch(/^\d+$/);
    expect(headOf(withdrawal)).toMatchObject({ kind: 'withdrawal', total: '150.50', comment: 'Інкасація', qr_url: '' });
    // A service document has no lines, no payments and no taxes: only its sum.
    expect(withdrawal.filter((r) => r.tag !== 'HEAD')).toEqual([]);
  });

  it('is refused for a document that is not there, for a Z-report (a paper of its own), and for two selectors at once', () => {
    expect(shop.refused('pos.receipt_print', { doc_id: 999 }).reason).toBe('print.no_document');
    const open = shop.db.prepare("SELECT id FROM prro_docs WHERE doc_type = 'shift_open' LIMIT 1").pluck().get() as number;
    const refused = shop.refused('pos.receipt_print', { doc_id: open });
    expect(refused.reason).toBe('print.not_receipt');
    expect(refused.values).toMatchObject({ doc_type: 'shift_open' });
    expect(shop.refused('pos.receipt_print', { check_number: 1, doc_id: open }).reason).toBe('print.one_of');
  });
});

describe('the paper of a debt repaid in cash', () => {
  it('is the repayment receipt of each receipt repaid: a partial payment naming the sale and its fiscal number', () => {
    const CARD = '2299000000017';
    addCard(shop, { code: CARD, maxdolg: '1000' });
    const sale = shop.call('pos.checkout_close_sale', {
      kasm: 1,
      rows: [{ code: MILK, quant: '1', price: '42.00', sum: '42.00' }],
      payments: [{ type: 'debt', amount: '42.00', card: CARD }],
    }).rows[0] as Row;
    sendToTaxServer(shop.db);
    const soldAs = headOf(print({ check_number: Number(sale.check_number) })).fiscal_number;
    // 17.57 in cash at the 0.10 step of March 2025: the drawer takes 17.60.
    const paid = shop.call('pos.debt_pay_cash', { akas: 'KAS1', card: CARD, kasm: 1, amount: '17.57' }).rows as string[][];
    const [, document] = paid;
    expect(document?.slice(0, 2)).toEqual([sale.check_number, '17.57']);
    const docId = Number(document?.[2]);
    expect(docId).toBeGreaterThan(0);
    const rows = print({ doc_id: docId });
    expect(headOf(rows)).toMatchObject({
      kind: 'repayment',
      check_number: sale.check_number,
      prepay_fiscal_number: soldAs,
      total: '42.00',
      partial_sum: '17.60',
      nornd_sum: '17.57',
      // RNDSUM as the DPS writes it: the exact amount less the amount paid.
      rounding: '-0.03',
    });
    expect(rows.filter((r) => r.tag === 'LINE').map((r) => r.name)).toEqual(['Молоко 2,5%']);
    expect(rows.filter((r) => r.tag === 'PAY')).toEqual([
      expect.objectContaining({ code: '0', sum: '17.60', provided: '17.60' }),
    ]);
  });

  it('has no document where the cash box belongs to no till with a PRRO', () => {
    const CARD = '2299000000017';
    addCard(shop, { code: CARD, maxdolg: '1000' });
    shop.call('pos.checkout_close_sale', {
      kasm: 1,
      rows: [{ code: BREAD, quant: '1', price: '25.50', sum: '25.50' }],
      payments: [{ type: 'debt', amount: '25.50', card: CARD }],
    });
    shop.db.prepare("INSERT INTO cash_boxes (akas, name) VALUES ('SAFE', 'Сейф')").run();
    const rows = shop.call('pos.debt_pay_cash', { akas: 'SAFE', card: CARD, amount: '10.00' }).rows as string[][];
    expect(rows[1]).toEqual(['1', '10.00', '']);
  });
});

describe("the paper of a shift's report", () => {
  /** One piece of a product priced `sum` (added to the shop), paid with `cash`. */
  const sell = (sum: string, cash: string) => {
    const code = `77${sum.replace('.', '').padStart(11, '0')}`;
    addProduct(shop.db, { code, price: sum });
    addBatch(shop.db, { code, quantity: '5', cost: '1.00', on: '2025-03-01' });
    shop.call('pos.checkout_close_sale', {
      kasm: 1,
      rows: [{ code, quant: '1', price: sum, sum }],
      payments: [{ type: 'nal', amount: cash }],
    });
  };

  it('prints the X-report of the open shift from its documents so far, with the seller and the drawer now', () => {
    sell('12.57', '12.60');
    shop.call('pos.cash_deposit', { kasm: 1, amount: '100.00', comment: 'Розмінна монета' });
    const rows = report({ kasm: 1 });
    expect(headOf(rows)).toMatchObject({
      kind: 'x',
      kasm: '1',
      numprro: '4000123456',
      org_name: TEST_SELLER.org_name,
      ipn: TEST_SELLER.ipn,
      cashier: 'Олена Касир',
      // No document, no date of its own: the paper prints when it is printed.
      order_date: '',
      order_time: '',
      fiscal_number: '',
      closed_at: '',
      opening_cash: '0.00',
      closing_cash: balanceOf(shop.db, 'KAS1'),
      collected: '0.00',
    });
    expect(rows.find((r) => r.tag === 'TOTAL')).toEqual({
      tag: 'TOTAL',
      kind: 'sales',
      sum: '12.60',
      rnd_sum: '-0.03',
      nornd_sum: '12.57',
      count: '1',
    });
    expect(rows.find((r) => r.tag === 'SERVICE')).toEqual({ tag: 'SERVICE', input: '100.00', output: '0.00' });
  });

  it("prints a closed shift's Z-report as its document says it, with the collection and what the drawer kept", () => {
    sell('2041.27', '2041.30');
    sendToTaxServer(shop.db);
    const shiftId = (shop.call('pos.shift_state', { kasm: 1 }).rows[0] as Row).shift_id as string;
    const closed = shop.call('pos.shift_close', { kasm: 1, collection: '1541.30' }).rows[0] as Row;
    sendToTaxServer(shop.db);
    const rows = report({ kasm: 1, shift_id: Number(shiftId) });
    const z = shop.db.prepare('SELECT fiscal_number, local_num FROM prro_docs WHERE id = ?').get(Number(closed.z_doc_id)) as {
      fiscal_number: string;
      local_num: number;
    };
    expect(headOf(rows)).toMatchObject({
      kind: 'z',
      shift_id: shiftId,
      doc_id: closed.z_doc_id,
      fiscal_number: z.fiscal_number,
      local_num: String(z.local_num),
      mode: 'online',
      collected: '1541.30',
      closing_cash: '500.00',
    });
    expect(z.fiscal_number).toMatch(/^\d+$/);
    expect(rows.find((r) => r.tag === 'TOTAL')).toMatchObject({ sum: '2041.30', rnd_sum: '-0.03', nornd_sum: '2041.27' });
    expect(rows.find((r) => r.tag === 'SERVICE')).toEqual({ tag: 'SERVICE', input: '0.00', output: '1541.30' });
    // The open shift is gone: asking for the X of none is refused.
    expect(shop.refused('pos.shift_report_print', { kasm: 1 }).reason).toBe('shift.none_to_report');
  });
});
