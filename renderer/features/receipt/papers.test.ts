// @vitest-environment happy-dom
/**
 * The till's papers beyond the customer's sale receipt, rendered from what the back office really
 * answers (the back office's test shop, its simulated tax server): a service deposit and withdrawal, a
 * collection, a debt repaid, and a shift's X- and Z-report. And the one sign of rounding: a
 * receipt rounded up and one rounded down print their rounding as paid less due, and the X- and
 * Z-report print their sum, with the same sign, though the documents write it the other way.
 * A .ts file without JSX, because only *.test.ts files may reach into server/.
 */
import { cleanup, render } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addBatch,
  addCard,
  addProduct,
  MILK,
  type Shop,
  standardShop,
  TEST_SELLER,
} from '../../../server/back-office/sales/testing/shop.js';
import { sendToTaxServer } from '../../../server/back-office/sales/testing/tax-server.js';
import type { PaperWidth } from '../../../shared/bridge/api.js';
import { type PrintRow, type Receipt, receiptOf } from '../../../shared/paper/receipt.js';
import { type ReportRow, reportOf } from '../../../shared/paper/report.js';
import { PAPER } from '../../../shared/paper/words.js';
import { ReportPaper } from './ReportPaper.js';
import { paperLines, showPaper } from './read-paper.testing.js';

let shop: Shop;
beforeEach(() => {
  shop = standardShop();
});
afterEach(() => {
  cleanup();
  shop.close();
});

type Row = Record<string, string>;

const receipt = (p: { check_number?: number; doc_id?: number }): Receipt => {
  const r = receiptOf(shop.call('pos.receipt_print', p).rows as PrintRow[], []);
  if (!r) throw new Error('no HEAD');
  return r;
};

function showReport(p: { kasm: number; shift_id?: number }, width: PaperWidth = 80) {
  const report = reportOf(shop.call('pos.shift_report_print', p).rows as ReportRow[]);
  if (!report) throw new Error('no HEAD');
  const view = render(createElement(ReportPaper, { report, width }));
  const paper = view.getByTestId('report-paper');
  return { paper, text: (paper.textContent ?? '').replace(/\u00a0/g, ' '), lines: paperLines(paper) };
}

/** One piece of a product priced `price`, paid in cash exactly as the rule rounds it; the receipt number. */
function sell(price: string, cash: string): number {
  const code = `77${price.replace('.', '').padStart(11, '0')}`;
  addProduct(shop.db, { code, price });
  addBatch(shop.db, { code, quantity: '5', cost: '1.00', on: '2025-03-01' });
  const row = shop.call('pos.checkout_close_sale', {
    kasm: 1,
    rows: [{ code, quant: '1', price, sum: price }],
    payments: [{ type: 'nal', amount: cash }],
  }).rows[0] as Row;
  return Number(row.check_number);
}

const SELLER = [TEST_SELLER.org_name, TEST_SELLER.point_name, TEST_SELLER.point_addr, `ІД ${TEST_SELLER.tin}`];

describe('a service document on paper', () => {
  it('a deposit says what it is, why, its sum and its numbers, and is no customer receipt', () => {
    const dep = shop.call('pos.cash_deposit', { kasm: 1, amount: '200.00', comment: 'Розмінна монета' }).rows[0] as Row;
    sendToTaxServer(shop.db);
    const r = receipt({ doc_id: Number(dep.prro_doc_id) });
    const { paper, text } = showPaper(r, 58);
    for (const item of [
      ...SELLER,
      PAPER.deposit,
      'Підстава: Розмінна монета',
      'СУМА200,00',
      'Касир Олена Касир',
      `ЧЕК ФН ${r.head.fiscal_number} ВН ${r.head.local_num} онлайн`,
      'ПРРО ФН 4000123456 ВН 1',
      PAPER.serviceName,
    ])
      expect(text, item).toContain(item);
    expect(paper.dataset.kind).toBe('deposit');
    expect(paper.querySelector('[data-testid="receipt-qr"]')).toBeNull();
    expect(text).not.toContain(PAPER.fiscal);
    expect(text).not.toContain(PAPER.handedOver);
  });
});

describe('the collection at the close, and the Z-report, on paper', () => {
  it('prints the collection as a signed service withdrawal, and the Z-report with the document’s figures and the drawer', () => {
    shop.call('pos.cash_deposit', { kasm: 1, amount: '500.00', comment: 'Розмінна монета' });
    sell('12.57', '12.60');
    sendToTaxServer(shop.db);
    const shiftId = (shop.call('pos.shift_state', { kasm: 1 }).rows[0] as Row).shift_id as string;
    const closed = shop.call('pos.shift_close', { kasm: 1, collection: '412.60' }).rows[0] as Row;
    sendToTaxServer(shop.db);

    const collection = showPaper(receipt({ doc_id: Number(closed.collection_doc_id) }), 80);
    for (const item of [PAPER.withdrawal, 'Підстава: Інкасація', 'СУМА412,60', PAPER.handedOver, PAPER.received])
      expect(collection.text, item).toContain(item);

    const z = showReport({ kasm: 1, shift_id: Number(shiftId) });
    const head = shop.db.prepare('SELECT fiscal_number, local_num FROM prro_docs WHERE id = ?').get(Number(closed.z_doc_id)) as {
      fiscal_number: string;
      local_num: number;
    };
    expect(z.paper.dataset.kind).toBe('z');
    for (const item of [
      ...SELLER,
      PAPER.zTitle,
      `Зміна № ${shiftId}`,
      'Касир Олена Касир',
      PAPER.sales,
      'Чеків1',
      'СУМА12,60',
      'Сума без заокруглення12,57',
      'ЗАОКРУГЛЕННЯ+0,03',
      'ГОТІВКА12,60',
      'ПДВ А 20,00%2,10',
      'Оборот12,57',
      'СЛУЖБОВЕ ВНЕСЕННЯ500,00',
      'СЛУЖБОВА ВИДАЧА412,60',
      'у т. ч. інкасація412,60',
      'Готівка на початок зміни0,00',
      'Залишок готівки в касі100,00',
      `ЗВІТ ФН ${head.fiscal_number} ВН ${head.local_num} онлайн`,
      'ПРРО ФН 4000123456 ВН 1',
      PAPER.zName,
    ])
      expect(z.text, item).toContain(item);
    expect(z.lines).toContain(PAPER.noOperations);
  });

  it('prints the open shift as an X-report, no fiscal document, with the drawer now', () => {
    shop.call('pos.cash_deposit', { kasm: 1, amount: '100.00', comment: 'Розмінна монета' });
    const x = showReport({ kasm: 1 });
    expect(x.paper.dataset.kind).toBe('x');
    for (const item of [PAPER.xTitle, 'Готівка в касі100,00', PAPER.xName]) expect(x.text, item).toContain(item);
    expect(x.text).not.toContain(PAPER.zName);
    // No document's numbers: an X-report is no fiscal document.
    expect(x.paper.querySelector('[data-testid="report-paper-numbers"]')).toBeNull();
  });
});

describe('a debt repaid, on paper', () => {
  it('is a fiscal receipt naming the receipt it pays for, with the part paid, its rounding and a QR code', () => {
    const CARD = '2299000000017';
    addCard(shop, { code: CARD, maxdolg: '1000' });
    const sale = shop.call('pos.checkout_close_sale', {
      kasm: 1,
      rows: [{ code: MILK, quant: '1', price: '42.00', sum: '42.00' }],
      payments: [{ type: 'debt', amount: '42.00', card: CARD }],
    }).rows[0] as Row;
    sendToTaxServer(shop.db);
    const soldAs = receipt({ check_number: Number(sale.check_number) }).head.fiscal_number;
    const paid = shop.call('pos.debt_pay_cash', { akas: 'KAS1', card: CARD, kasm: 1, amount: '17.57' }).rows as string[][];
    sendToTaxServer(shop.db);
    const r = receipt({ doc_id: Number(paid[1]?.[2]) });
    const { paper, text } = showPaper(r, 58);
    for (const item of [
      ...SELLER,
      PAPER.repayment,
      `За чеком № ${sale.check_number} ФН ${soldAs}`,
      'Молоко 2,5%',
      'СУМА42,00',
      'ЧАСТКОВА ОПЛАТА17,57',
      'ЗАОКРУГЛЕННЯ+0,03',
      'ДО СПЛАТИ17,60',
      'ГОТІВКА17,60',
      `ЧЕК ФН ${r.head.fiscal_number} ВН ${r.head.local_num} онлайн`,
      PAPER.fiscal,
    ])
      expect(text, item).toContain(item);
    expect(paper.dataset.kind).toBe('repayment');
    expect(paper.querySelector('[data-testid="receipt-qr"]')).not.toBeNull();
  });
});

describe('the one sign of rounding', () => {
  it('a receipt rounded up prints +, one rounded down −, and the X- and Z-report print their sum with the same sign', () => {
    const up = sell('12.57', '12.60');
    const down = sell('20.44', '20.40');
    sendToTaxServer(shop.db);
    const printedUp = showPaper(receipt({ check_number: up }), 80).text;
    cleanup();
    const printedDown = showPaper(receipt({ check_number: down }), 80).text;
    cleanup();
    expect(printedUp).toContain('ЗАОКРУГЛЕННЯ+0,03');
    expect(printedDown).toContain('ЗАОКРУГЛЕННЯ−0,04');
    // +0.03 − 0.04: the shift's rounding is −0.01, the drawer took 0.01 less than the goods' sum.
    const x = showReport({ kasm: 1 });
    expect(x.text).toContain('ЗАОКРУГЛЕННЯ−0,01');
    expect(x.text).toContain('СУМА33,00');
    expect(x.text).toContain('Сума без заокруглення33,01');
    cleanup();
    const shiftId = (shop.call('pos.shift_state', { kasm: 1 }).rows[0] as Row).shift_id as string;
    shop.call('pos.shift_close', { kasm: 1 });
    const z = showReport({ kasm: 1, shift_id: Number(shiftId) });
    expect(z.text).toContain('ЗАОКРУГЛЕННЯ−0,01');
    // The document writes it the other way round: RNDSUM = NORNDSUM − SUM = +0.01.
    expect(z.paper.querySelector('[data-testid="report-paper-sales"]')?.getAttribute('data-rounding')).toBe('0.01');
  });
});
