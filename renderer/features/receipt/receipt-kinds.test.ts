// @vitest-environment happy-dom
/**
 * Each kind of receipt a till gives, rendered from what the back office really answers (the
 * back office's test shop, a real SQLite file, its simulated tax server) and read as a tax inspector
 * reads it: the mandatory items of form ФКЧ-1, every amount the one the fiscal document carries
 * (SUM, NORNDSUM, RNDSUM, PARTPAYSUM, the payment rows), and a QR code that says the same.
 * A .ts file without JSX, because only *.test.ts files may reach into server/.
 */
import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cp1251, queueDoc } from '../../../server/back-office/sales/testing/fiscal.js';
import {
  addCard,
  BREAD,
  CHEESE,
  MILK,
  type Shop,
  standardShop,
  TEST_SELLER,
  VODKA,
} from '../../../server/back-office/sales/testing/shop.js';
import { sendToTaxServer } from '../../../server/back-office/sales/testing/tax-server.js';
import type { CheckContent } from '../../../server/dps/format/content.js';
import { readDocument } from '../../../server/dps/format/read.js';
import { simulatedFiscalServer } from '../../../server/dps/simulator/simulator.js';
import { type PrintRow, type Receipt, receiptOf } from '../../../shared/paper/receipt.js';
import { PAPER } from '../../../shared/paper/words.js';
import { paperLines, readQr, showPaper } from './read-paper.testing.js';

let shop: Shop;
afterEach(() => {
  cleanup();
  shop.close();
});

type Payment = { type: 'nal' | 'bn' | 'debt'; amount: string; card?: string };
/** Bread and cheese by weight: 25.50 + 51.66 = 77.16, a total the cash rounding moves at both steps. */
const BASKET = [
  { code: BREAD, quant: '1', price: '25.50', sum: '25.50' },
  { code: CHEESE, quant: '0.123', price: '420.00', sum: '51.66' },
];

function sell(
  payments: Payment[],
  rows: readonly Record<string, unknown>[] = BASKET,
  extra: Record<string, unknown> = {},
): number {
  const row = shop.call('pos.checkout_close_sale', { kasm: 1, rows, payments, ...extra } as never).rows[0] as {
    check_number: string;
  };
  sendToTaxServer(shop.db);
  return Number(row.check_number);
}

const receipt = (p: { check_number?: number; return_id?: number }): Receipt => {
  const r = receiptOf(shop.call('pos.receipt_print', p).rows as PrintRow[], []);
  if (!r) throw new Error('no HEAD');
  return r;
};

/** The fiscal document the receipt was issued as, read back from its stored body. */
function documentOf(p: { check_number?: number; return_id?: number }): { head: Record<string, string>; c: CheckContent } {
  const sql = p.return_id
    ? 'SELECT d.xml_body_b64 FROM returns x JOIN prro_docs d ON d.id = x.prro_doc_id WHERE x.id = ?'
    : 'SELECT d.xml_body_b64 FROM receipts r JOIN prro_docs d ON d.id = r.prro_doc_id WHERE r.check_number = ?';
  const b64 = shop.db
    .prepare(sql)
    .pluck()
    .get(p.return_id ?? p.check_number) as string;
  const read = readDocument(Buffer.from(b64, 'base64'));
  return { head: read.head as unknown as Record<string, string>, c: read.content as CheckContent };
}

/** "12.57" → "12,57", "-0.03" → "−0,03": a document's amount as the paper prints it. */
const printed = (v: string) => {
  const [i = '', f = ''] = v.replace('-', '').split('.');
  return `${v.startsWith('-') ? '−' : ''}${i.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${f}`;
};

/** What the rounding added to the sum, the amount paid less the amount due: RNDSUM with the other sign. */
const added = (rndsum: string) => (rndsum.startsWith('-') ? rndsum.slice(1) : `-${rndsum}`);

/** The rounding as the paper prints it: its sign always written ("+0,04", "−0,03"). */
const printedRounding = (v: string) => (v.startsWith('-') ? printed(v) : `+${printed(v)}`);

/** Every item of form ФКЧ-1 that every receipt carries, whatever its kind. */
function expectMandatory(r: Receipt, text: string) {
  for (const item of [
    TEST_SELLER.org_name,
    TEST_SELLER.point_name,
    TEST_SELLER.point_addr,
    `ІД ${TEST_SELLER.tin}`,
    'Касир Олена Касир',
    `ЧЕК ФН ${r.head.fiscal_number} ВН ${r.head.local_num} ${r.head.mode === 'offline' ? 'офлайн' : 'онлайн'}`,
    `ПРРО ФН 4000123456 ВН ${r.head.local_number}`,
  ])
    expect(text, item).toContain(item);
}

/** No amount on the paper, sign and all, that the document does not carry (quantities have three places). */
function expectOnlyCarried(paper: HTMLElement, c: CheckContent) {
  const carried: string[] = JSON.stringify(c).match(/-?\d+\.\d\d(?!\d)/g) ?? [];
  // The rounding is printed as what it added to the sum: RNDSUM with the other sign.
  const rndsum = c.CHECKTOTAL?.RNDSUM;
  if (rndsum) carried.push(added(rndsum));
  // Each piece of text as printed apart: a line's name, its quantity and price, its amount.
  const pieces = [...paper.querySelectorAll('p, span')].filter((e) => e.children.length === 0).map((e) => e.textContent);
  for (const [a] of pieces
    .join('\n')
    .replace(/\u00a0/g, ' ')
    .matchAll(/(?<![\d,])−?\d[\d ]*,\d\d(?!\d)/g))
    expect(carried, a).toContain(a.replace('−', '-').replace(/ /g, '').replace(',', '.'));
}

/** The paper's date and time and the QR's are the document's ORDERDATE and ORDERTIME. */
function expectDocumentTime(paper: HTMLElement, head: Record<string, string>) {
  const d = head.ORDERDATE ?? '';
  const t = head.ORDERTIME ?? '';
  expect(paperLines(paper)).toContain(
    `${d.slice(0, 2)}.${d.slice(2, 4)}.${d.slice(4)} ${t.slice(0, 2)}:${t.slice(2, 4)}:${t.slice(4)}`,
  );
  const q = new URL(readQr(paper) ?? '').searchParams;
  expect([q.get('date'), q.get('time')]).toEqual([`${d.slice(4)}${d.slice(2, 4)}${d.slice(0, 2)}`, t]);
}

describe('a card sale', () => {
  it('is never rounded: the sum is the card row, and the QR carries that sum', () => {
    shop = standardShop();
    const check = sell([{ type: 'bn', amount: '77.16' }]);
    const r = receipt({ check_number: check });
    const { head, c } = documentOf({ check_number: check });
    const { paper, text } = showPaper(r, 58);
    expectOnlyCarried(paper, c);
    expectMandatory(r, text);
    expect(text).toContain(`ПН ${TEST_SELLER.ipn}`);
    expect(c.CHECKTOTAL).toEqual({ SUM: '77.16' });
    expect(text).toContain('СУМА77,16');
    expect(text).toContain('КАРТКА77,16');
    expect(text).not.toContain(PAPER.rounding);
    expect(text).not.toContain(PAPER.change);
    expect(text).toContain(PAPER.fiscal);
    expect(new URL(readQr(paper) ?? '').searchParams.get('sm')).toBe('77.16');
    expectDocumentTime(paper, head);
  });
});

describe.each([
  { step: '0.10', at: '2025-03-14T10:00:00Z', rnd: '-0.04', sum: '77.20', cash: '37.20' },
  { step: '0.50', at: '2025-10-14T09:00:00Z', rnd: '0.16', sum: '77.00', cash: '37.00' },
])('a mixed card and cash sale rounded at the $step step', ({ at, rnd, sum, cash }) => {
  it('prints the exact sum, the rounding and the sum paid as the document says them, and the QR carries the sum paid', () => {
    shop = standardShop([], { shiftsFrom: at });
    const check = sell([
      { type: 'bn', amount: '40.00' },
      { type: 'nal', amount: '37.16' },
    ]);
    const r = receipt({ check_number: check });
    const { c, head } = documentOf({ check_number: check });
    expect(c.CHECKTOTAL).toEqual({ SUM: sum, RNDSUM: rnd, NORNDSUM: '77.16' });
    const { paper, text } = showPaper(r, 80);
    expectOnlyCarried(paper, c);
    expectMandatory(r, text);
    expect(text).toContain('СУМА77,16');
    expect(text).toContain(`${PAPER.rounding}${printedRounding(added(rnd))}`);
    expect(text).toContain(`${PAPER.toPay}${printed(sum)}`);
    expect(text).toContain('КАРТКА40,00');
    expect(text).toContain(`ГОТІВКА${printed(cash)}`);
    // The verification link's sm is CHECKTOTAL/SUM, the money the customer paid (the tax server keeps it so).
    expect(new URL(readQr(paper) ?? '').searchParams.get('sm')).toBe(sum);
    expectDocumentTime(paper, head);
  });
});

describe('a sale with a discount', () => {
  it('prints the line before its discount, the discount, and the sum after it, as the document says them', () => {
    shop = standardShop();
    // A 10 % promotion on bread allows the discount (the close takes no discount nothing recorded).
    shop.db
      .prepare(
        "INSERT INTO discount_actions (uin, code, disc, action_type, date_from, date_to) VALUES (1, ?, 100000, 0, '2025-03-01', '2025-03-31')",
      )
      .run(BREAD);
    const check = sell(
      [{ type: 'nal', amount: '88.00' }],
      [
        { code: BREAD, quant: '2', price: '25.50', discount: '5.00', sum: '46.00' },
        { code: MILK, quant: '1', price: '42.00', sum: '42.00' },
      ],
      { discount: '5.00' },
    );
    const { c } = documentOf({ check_number: check });
    const r = receipt({ check_number: check });
    const { paper, text } = showPaper(r, 58);
    expectOnlyCarried(paper, c);
    expectMandatory(r, text);
    expect(c.CHECKBODY?.[0]).toMatchObject({ COST: '51.00', DISCOUNTSUM: '5.00' });
    expect(text).toContain('2 шт × 25,5051,00 А');
    expect(text).toContain('Знижка5,00');
    expect(text).toContain(`ЗНИЖКА${printed(c.CHECKTOTAL?.DISCOUNTSUM ?? '')}`);
    expect(text).toContain(`СУМА${printed(c.CHECKTOTAL?.NORNDSUM ?? c.CHECKTOTAL?.SUM ?? '')}`);
  });
});

describe("a sale partly on the customer's debt, its cash part rounded", () => {
  it("prints the goods' sum, the part paid now, its rounding and what is paid, as the document says them", () => {
    shop = standardShop();
    addCard(shop, { code: '2299000000017', maxdolg: '1000' });
    const check = sell([
      { type: 'debt', amount: '40.00', card: '2299000000017' },
      { type: 'nal', amount: '37.16' },
    ]);
    const { c } = documentOf({ check_number: check });
    expect(c.CHECKTOTAL).toMatchObject({ SUM: '77.16', NORNDSUM: '37.16', RNDSUM: '-0.04', PARTPAYSUM: '37.20' });
    const { paper, text } = showPaper(receipt({ check_number: check }), 58);
    expect(text).toContain('СУМА77,16');
    expect(text).toContain(`${PAPER.partial}37,16`);
    expect(text).toContain(`${PAPER.rounding}+0,04`);
    expect(text).toContain(`${PAPER.toPay}37,20`);
    expect(text).toContain('ГОТІВКА37,20');
    expectOnlyCarried(paper, c);
    expect(new URL(readQr(paper) ?? '').searchParams.get('sm')).toBe('77.16');
  });
});

/** The seller changed as a shop would: every shift closed first, then opened again. */
function changeSeller(change: Record<string, unknown>) {
  sendToTaxServer(shop.db);
  for (const kasm of [1, 2]) shop.call('pos.shift_close', { kasm });
  shop.call('settings.fiscal_identity_save', { ...TEST_SELLER, ...change } as never);
  const cashier = shop.db.prepare("SELECT id FROM users WHERE name = 'Олена Касир'").pluck().get() as number;
  shop.call('pos.shift_open', { kasm: 1, cashier });
}

describe('the seller', () => {
  it('not a VAT payer prints its tax number (ІД) and no VAT number (ПН)', () => {
    shop = standardShop();
    changeSeller({ ipn: '', vat_payer: false });
    const check = sell([{ type: 'bn', amount: '77.16' }]);
    const r = receipt({ check_number: check });
    const { text } = showPaper(r, 58);
    expectMandatory(r, text);
    expect(r.head.ipn).toBe('');
    expect(text).not.toMatch(/ПН \d/);
  });

  it('in test mode prints ТЕСТОВИЙ НЕФІСКАЛЬНИЙ ДОКУМЕНТ, as the document says TESTING', () => {
    shop = standardShop();
    changeSeller({ testing: true });
    const check = sell([{ type: 'bn', amount: '77.16' }]);
    expect(documentOf({ check_number: check }).head.TESTING).toBe('true');
    const { text } = showPaper(receipt({ check_number: check }), 58);
    expect(text).toContain(PAPER.testing);
    expect(text).not.toContain(PAPER.fiscal);
  });
});

describe('a return paid back in cash', () => {
  it('is a видатковий чек naming the receipt, its rounding as the document says it, and its own QR (its fiscal number, its sum)', () => {
    shop = standardShop();
    const check = sell([{ type: 'nal', amount: '77.16' }]);
    const original = receipt({ check_number: check }).head.fiscal_number;
    const ret = shop.call('pos.checkout_return', { check_number: check, kasm: 1, rows: [{ line_no: 2, quant: '0.123' }] })
      .rows[0] as { return_id: string };
    sendToTaxServer(shop.db);
    const p = { return_id: Number(ret.return_id) };
    const r = receipt(p);
    const { c, head } = documentOf(p);
    const { paper, text } = showPaper(r, 80);
    expectOnlyCarried(paper, c);
    expectMandatory(r, text);
    expect(text).toContain(PAPER.returnTitle);
    expect(text).toContain(`${PAPER.returnOf} ${original}`);
    expect(r.head.fiscal_number).not.toBe(original);
    const t = c.CHECKTOTAL!;
    expect(t).toMatchObject({ SUM: '51.70', NORNDSUM: '51.66', RNDSUM: '-0.04' });
    expect(text).toContain(`${PAPER.rounding}+0,04`);
    expect(text).toContain(`${PAPER.toReturn}51,70`);
    const q = new URL(readQr(paper) ?? '').searchParams;
    expect([q.get('id'), q.get('fn'), q.get('sm')]).toEqual([r.head.fiscal_number, '4000123456', '51.70']);
    expectDocumentTime(paper, head);
  });
});

describe('a receipt whose document a manager corrected', () => {
  it('prints the date and time the document says (ORDERDATE, ORDERTIME), the same its QR code carries', () => {
    shop = standardShop();
    sendToTaxServer(shop.db);
    const row = shop.call('pos.checkout_close_sale', { kasm: 1, rows: BASKET, payments: [{ type: 'bn', amount: '77.16' }] })
      .rows[0] as { check_number: string; prro_doc_id: string };
    const id = Number(row.prro_doc_id);
    // The tax server refuses it (a mistyped TIN, as a faulty writer would leave it)…
    const spoiled = queueDoc(shop.db, id).text.replace(`<TIN>${TEST_SELLER.tin}</TIN>`, '<TIN>87654321</TIN>');
    shop.db.prepare('UPDATE prro_docs SET xml_body_b64 = ? WHERE id = ?').run(cp1251(spoiled).toString('base64'), id);
    expect(sendToTaxServer(shop.db)).toMatchObject({ rejected: 1 });
    // …and the manager corrects its head: the TIN, and the time the sale really was.
    const corrected = spoiled
      .replace('<TIN>87654321</TIN>', `<TIN>${TEST_SELLER.tin}</TIN>`)
      .replace(/<ORDERTIME>\d{6}</, '<ORDERTIME>120030<');
    const grid = shop.call('pos.prro_inline_error_grid', {
      kasm: '1',
      numprro: '4000123456',
      start: '2025-03-14',
      end: '2025-03-14',
    }).rows as Record<string, string>[];
    const g = grid.find((x) => x.id === String(id)) as Record<string, string>;
    shop.call(
      'pos.prro_inline_requeue',
      {
        id,
        created_at: g.created_at as string,
        fiscal_number: g.fiscal_number as string,
        xml_body_b64: cp1251(corrected).toString('base64'),
      },
      'manager',
    );
    sendToTaxServer(shop.db);
    const check = Number(row.check_number);
    const r = receipt({ check_number: check });
    expect(r.head.mode).toBe('online');
    const { head } = documentOf({ check_number: check });
    expect(head.ORDERTIME).toBe('120030');
    const { paper } = showPaper(r, 58);
    expectDocumentTime(paper, head);
  });
});

describe('a receipt made offline', () => {
  it("prints the document's own numbers (ORDERTAXNUM with its control number, ORDERNUM) and its QR carries them, its time and its sum", () => {
    shop = standardShop();
    // The server gives the register its offline session id with its first answer (the shift open).
    sendToTaxServer(shop.db);
    simulatedFiscalServer(shop.db).setReachable(false);
    const check = sell([{ type: 'nal', amount: '77.16' }]);
    const r = receipt({ check_number: check });
    const { head, c } = documentOf({ check_number: check });
    expect([r.head.mode, head.OFFLINE]).toEqual(['offline', 'true']);
    const { paper, text } = showPaper(r, 58);
    expectMandatory(r, text);
    expectOnlyCarried(paper, c);
    expect(text).toContain(`ЧЕК ФН ${head.ORDERTAXNUM} ВН ${head.ORDERNUM} офлайн`);
    expect(text).toContain(`${PAPER.control} ${head.ORDERTAXNUM?.split('.')[2]}`);
    expect(text).toContain(PAPER.offlineMark);
    const q = new URL(readQr(paper) ?? '').searchParams;
    expect([q.get('id'), q.get('fn'), q.get('sm')]).toEqual([head.ORDERTAXNUM, head.CASHREGISTERNUM, c.CHECKTOTAL?.SUM]);
    expectDocumentTime(paper, head);
  });
});

describe('a return of excise goods', () => {
  it('prints the UKTZED and the stamp of the bottle brought back, as the return document carries them', () => {
    shop = standardShop();
    const stamps = ['AATE508932 0000412167', 'AATE508932 0000412168'];
    const check = sell(
      [{ type: 'bn', amount: '360.00' }],
      [{ code: VODKA, quant: '2', price: '180.00', sum: '360.00', excise_marks: stamps }],
    );
    const ret = shop.call('pos.checkout_return', {
      check_number: check,
      kasm: 1,
      rows: [{ line_no: 1, quant: '1', excise_marks: [stamps[1]] }],
    } as never).rows[0] as { return_id: string };
    sendToTaxServer(shop.db);
    const p = { return_id: Number(ret.return_id) };
    const { c } = documentOf(p);
    expect(c.CHECKBODY?.[0]).toMatchObject({ UKTZED: '2208601100', EXCISELABELS: [stamps[1]] });
    const r = receipt(p);
    const { paper, text } = showPaper(r, 80);
    expectMandatory(r, text);
    expectOnlyCarried(paper, c);
    expect(text).toContain(PAPER.returnTitle);
    expect(text).toContain('УКТ ЗЕД 2208601100');
    expect(text).toContain(`${PAPER.exciseMark} ${stamps[1]}`);
    expect(text).not.toContain(stamps[0]);
  });
});
