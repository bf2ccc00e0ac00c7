// @vitest-environment happy-dom
/**
 * The receipt rendered from what the back office really answers (the back office's test shop, a real
 * SQLite file, its simulated tax server), checked against the mandatory items of form ФКЧ-1 on
 * both paper widths, with its QR code read back by a QR reader. A .ts file without JSX, because
 * only *.test.ts files may reach into server/ (electron/main/boundaries.test.ts).
 */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BREAD, CHEESE, type Shop, standardShop, TEST_SELLER, VODKA } from '../../../server/back-office/sales/testing/shop.js';
import { sendToTaxServer } from '../../../server/back-office/sales/testing/tax-server.js';
import { simulatedFiscalServer } from '../../../server/dps/simulator/simulator.js';
import { type PrintRow, type Receipt, receiptOf, type TemplatePart } from '../../../shared/paper/receipt.js';
import { PAPER } from '../../../shared/paper/words.js';
import { readQr, showPaper } from './read-paper.testing.js';

const STAMP = 'AATE508932 0000412167';
const PARTS: TemplatePart[] = [
  { part: 'header', text: 'Продукти "Тест"\nТел. +380 44 000 00 00', updated_at: '2025-03-01' },
  { part: 'line', text: '{name}\n  {quantity} x {price} = {sum}', updated_at: '2025-03-01' },
  { part: 'footer', text: 'Дякуємо за покупку!', updated_at: '2025-03-01' },
];

let shop: Shop;
beforeEach(() => {
  shop = standardShop();
});
afterEach(() => {
  cleanup();
  shop.close();
});

/** A sale of bread, cheese by weight and a bottle with its excise stamp, paid in cash with change. */
function sell(): number {
  const row = shop.call('pos.checkout_close_sale', {
    kasm: 1,
    rows: [
      { code: BREAD, quant: '2', price: '25.50', sum: '51.00' },
      { code: CHEESE, quant: '0.123', price: '420.00', sum: '51.66' },
      { code: VODKA, quant: '1', price: '180.00', sum: '180.00', excise_marks: [STAMP] },
    ],
    payments: [{ type: 'nal', amount: '282.66' }],
    nal: '300.00',
  }).rows[0] as { check_number: string };
  return Number(row.check_number);
}

const receipt = (p: { check_number?: number; return_id?: number }): Receipt => {
  const r = receiptOf(shop.call('pos.receipt_print', p).rows as PrintRow[], PARTS);
  if (!r) throw new Error('no HEAD');
  return r;
};

describe.each([58, 80] as const)('the customer receipt on %i mm paper', (width) => {
  it('carries every mandatory item of a fiscal receipt and a QR code of its own verification link', () => {
    const check = sell();
    sendToTaxServer(shop.db);
    const r = receipt({ check_number: check });
    expect(r.head.mode).toBe('online');
    const { paper, text } = showPaper(r, width);
    expect(paper.className).toContain(`w${width}`);
    const mandatory = [
      // The shop's own header and footer, without the old template's placeholders.
      'Продукти "Тест"',
      'Дякуємо за покупку!',
      // The seller, its point of sale, its tax numbers.
      TEST_SELLER.org_name,
      TEST_SELLER.point_name,
      TEST_SELLER.point_addr,
      `ПН ${TEST_SELLER.ipn}`,
      `ІД ${TEST_SELLER.tin}`,
      // The lines: quantities, prices, amounts with their tax letters; UKTZED and the stamp of excise goods.
      'Хліб житній',
      '2 шт × 25,50',
      '51,00 А',
      'Сир твердий',
      '0,123 кг × 420,00',
      '51,66 А',
      'УКТ ЗЕД 2208601100',
      `Акцизна марка ${STAMP}`,
      // Totals: the exact sum, what the cash rounding added to it, signed (RNDSUM -0.04) and what was paid; the cash given and the change.
      'СУМА282,66',
      'ЗАОКРУГЛЕННЯ+0,04',
      'ДО СПЛАТИ282,70',
      'ГОТІВКА282,70',
      'Отримано300,00',
      'Решта17,30',
      // Taxes by letter.
      'ПДВ А 20,00%',
      // Who, which register, which document, when.
      'Касир Олена Касир',
      `ЧЕК ФН ${r.head.fiscal_number} ВН ${r.head.local_num} онлайн`,
      `ПРРО ФН 4000123456 ВН ${r.head.local_number}`,
      '14.03.2025 12:00:',
      PAPER.fiscal,
    ];
    for (const item of mandatory) expect(text, item).toContain(item);
    expect(text).not.toContain('{name}');
    expect(text).not.toContain(PAPER.offlineMark);
    expect(r.head.qr_url).toMatch(/^https:\/\/cabinet\.tax\.gov\.ua\/cashregs\/check\?id=\d+&fn=4000123456&date=20250314/);
    expect(readQr(paper)).toBe(r.head.qr_url);
  });

  it('made offline shows its offline number and control number, is marked offline, and its QR carries that number', () => {
    // The server gives the register its offline session id with its first answer (the shift open).
    sendToTaxServer(shop.db);
    simulatedFiscalServer(shop.db).setReachable(false);
    const check = sell();
    sendToTaxServer(shop.db);
    const r = receipt({ check_number: check });
    expect(r.head.mode).toBe('offline');
    expect(r.head.fiscal_number).toMatch(/^\d+\.\d+\.\d+$/);
    const { paper, text } = showPaper(r, width);
    expect(text).toContain(`ЧЕК ФН ${r.head.fiscal_number} ВН ${r.head.local_num} офлайн`);
    expect(text).toContain(`Контрольне число ${r.head.control_code}`);
    expect(r.head.control_code).not.toBe('');
    expect(text).toContain(PAPER.offlineMark);
    expect(paper.dataset.mode).toBe('offline');
    expect(readQr(paper)).toBe(r.head.qr_url);
    expect(new URL(r.head.qr_url).searchParams.get('id')).toBe(r.head.fiscal_number);
  });

  it('waiting for its fiscal number says so and has no QR code; printed again once the number is given, it has both', () => {
    const check = sell();
    const pending = showPaper(receipt({ check_number: check }), width);
    expect(pending.paper.dataset.mode).toBe('pending');
    expect(pending.text).toContain(PAPER.pending);
    expect(pending.text).toContain(PAPER.pendingNote);
    expect(pending.paper.querySelector('[data-testid="receipt-qr"]')).toBeNull();
    cleanup();

    sendToTaxServer(shop.db);
    const again = receipt({ check_number: check });
    const given = showPaper(again, width);
    expect(given.text).not.toContain(PAPER.pending);
    expect(given.text).toContain(`ЧЕК ФН ${again.head.fiscal_number}`);
    expect(readQr(given.paper)).toBe(again.head.qr_url);
  });

  it('of a return is a "видатковий чек" naming the receipt it pays back', () => {
    const check = sell();
    sendToTaxServer(shop.db);
    const original = receipt({ check_number: check }).head.fiscal_number;
    const ret = shop.call('pos.checkout_return', { check_number: check, kasm: 1, rows: [{ line_no: 1, quant: '1' }] })
      .rows[0] as { return_id: string };
    sendToTaxServer(shop.db);
    const r = receipt({ return_id: Number(ret.return_id) });
    const { paper, text } = showPaper(r, width);
    expect(paper.dataset.kind).toBe('return');
    expect(text).toContain(PAPER.returnTitle);
    expect(text).toContain(`${PAPER.returnOf} ${original}`);
    expect(text).toContain('Хліб житній');
    expect(text).toContain(PAPER.fiscal);
    expect(readQr(paper)).toBe(r.head.qr_url);
  });
});

it('a test-mode receipt says it is not fiscal', () => {
  const check = sell();
  sendToTaxServer(shop.db);
  const r = receipt({ check_number: check });
  const { text } = showPaper({ ...r, head: { ...r.head, testing: '1' } }, 80);
  expect(text).toContain(PAPER.testing);
  expect(text).not.toContain(PAPER.fiscal);
});

it("prints the shop's name and address once, though its own header repeats them (issue 20)", () => {
  const check = sell();
  const parts: TemplatePart[] = [
    {
      part: 'header',
      text: `${TEST_SELLER.point_name}\n  м. Київ,  вул. Тестова, 1 \nТел. +380 44 000 00 00`,
      updated_at: '2025-03-01',
    },
  ];
  const r = receiptOf(shop.call('pos.receipt_print', { check_number: check }).rows as PrintRow[], parts);
  if (!r) throw new Error('no HEAD');
  expect(r.header).toEqual(['Тел. +380 44 000 00 00']);
  const { text } = showPaper(r, 80);
  expect(text.split(TEST_SELLER.point_name).length - 1).toBe(1);
  expect(text.split(TEST_SELLER.point_addr).length - 1).toBe(1);
});

it("prints a card payment's terminal details under it: the masked card, payment system, authorisation code, RRN, terminal and acquirer", () => {
  const row = shop.call('pos.checkout_close_sale', {
    kasm: 1,
    rows: [{ code: BREAD, quant: '2', price: '25.50', sum: '51.00' }],
    payments: [
      { type: 'bn', amount: '40.00' },
      { type: 'nal', amount: '11.00' },
    ],
    card_payment: {
      amount: '40.00',
      rrn: '612300000042',
      auth_code: '400042',
      pan: '4731XXXXXXXX1234',
      payment_system: 'VISA',
      terminal_id: 'S1A00042',
      acquirer: 'ПриватБанк',
      invoice_number: '000142',
    },
  }).rows[0] as { check_number: string };
  sendToTaxServer(shop.db);
  const { paper, text } = showPaper(receipt({ check_number: Number(row.check_number) }), 58);
  const card = paper.querySelector('[data-testid="receipt-card-payment"]');
  expect(card?.getAttribute('data-rrn')).toBe('612300000042');
  for (const s of [
    'ЕПЗ4731XXXXXXXX1234',
    'Платіжна системаVISA',
    'Код авторизації400042',
    'RRN612300000042',
    'ТерміналS1A00042',
    'Чек термінала000142',
    'ЕквайрПриватБанк',
  ])
    expect(card?.textContent).toContain(s);
  // Under the card payment, not the cash one.
  expect(text.indexOf('RRN')).toBeGreaterThan(text.indexOf('КАРТКА'));
});
