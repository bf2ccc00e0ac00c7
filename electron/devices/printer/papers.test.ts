/**
 * Every paper the till prints, sent as ESC/POS to an emulated network printer (a TCP listener as
 * on port 9100) from a real back office (the back office's test shop and its simulated tax server), and
 * read back from the bytes: each carries the HTML paper's items, every amount on it is one its
 * fiscal document carries (a report's drawer figures are the books', as the HTML paper's are), the
 * QR code the printer draws holds the document's link, and the drawer opens for cash only.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addCard,
  BREAD,
  CHEESE,
  MILK,
  type Shop,
  standardShop,
  TEST_SELLER,
} from '../../../server/back-office/sales/testing/shop.js';
import { sendToTaxServer } from '../../../server/back-office/sales/testing/tax-server.js';
import { readDocument } from '../../../server/dps/format/read.js';
import type { PrinterDevice } from '../../../shared/bridge/api.js';
import type { PaperTarget } from '../../../shared/paper/paper.js';
import { PAPER } from '../../../shared/paper/words.js';
import type { EscposPrinter } from './escpos-printer.js';
import { type Decoded, decode, plain } from './testing/decode.js';
import { type RunningEmulator, startTcpPrinter } from './testing/emulator.js';
import { shopPrinter } from './testing/shop-printer.js';

type Row = Record<string, string>;
const TABLES = { 17: 'cp866', 46: 'windows1251' } as const;
const BASKET = [
  { code: BREAD, quant: '1', price: '25.50', sum: '25.50' },
  { code: CHEESE, quant: '0.123', price: '420.00', sum: '51.66' },
];

let shop: Shop;
let emulator: RunningEmulator;
beforeEach(async () => {
  shop = standardShop();
  emulator = await startTcpPrinter();
});
afterEach(async () => {
  await emulator.stop();
  shop.close();
});

/** The till's printer for this test's shop and emulator, one per till as the core keeps it. */
const tillPrinter = (device: Partial<PrinterDevice> = {}) =>
  shopPrinter(shop, { connection: 'tcp', host: '127.0.0.1', port: emulator.port, ...device }).printer;

async function printed(
  target: PaperTarget,
  device: Partial<PrinterDevice> = {},
  printer: EscposPrinter = tillPrinter(device),
): Promise<Decoded> {
  emulator.printer.reset();
  const outcome = await printer.print(target);
  expect(outcome).toMatchObject({ status: 'printed' });
  await emulator.settled();
  return decode(emulator.printer.bytes(), TABLES);
}

function sell(
  payments: { type: 'nal' | 'bn' | 'debt'; amount: string; card?: string }[],
  rows = BASKET,
  extra: Record<string, unknown> = {},
): number {
  const row = shop.call('pos.checkout_close_sale', { kasm: 1, rows, payments, ...extra } as never).rows[0] as Row;
  sendToTaxServer(shop.db);
  return Number(row.check_number);
}

const _docIdOf = (sql: string, id: number) => shop.db.prepare(sql).pluck().get(id) as number;
/** The fiscal document a paper was issued as, read back from its stored body. */
function contentOf(docId: number): unknown {
  const b64 = shop.db.prepare('SELECT xml_body_b64 FROM prro_docs WHERE id = ?').pluck().get(docId) as string;
  return readDocument(Buffer.from(b64, 'base64')).content;
}

/** Every amount printed ("1 234,50", "−0,03", "+0,03") as the wire writes it ("1234.50", "-0.03", "0.03"); a tax's rate is no amount. */
function amountsOn(lines: readonly string[]): string[] {
  return [...lines.join('\n').matchAll(/(?<![\d,])[−+-]?\d{1,3}(?: \d{3})*,\d\d(?![\d%])/g)].map((m) =>
    m[0].replace('−', '-').replace('+', '').replace(/ /g, '').replace(',', '.'),
  );
}

/** No amount on the paper that the document (and, for a report, the books' drawer) does not carry. */
function expectOnlyCarried(lines: readonly string[], carriedBy: unknown, extra: readonly string[] = []) {
  const carried = new Set([...(JSON.stringify(carriedBy).match(/-?\d+\.\d\d(?!\d)/g) ?? []), ...extra]);
  // The rounding is printed as what it added to the sum: RNDSUM with the other sign.
  for (const a of [...carried]) carried.add(a.startsWith('-') ? a.slice(1) : `-${a}`);
  const amounts = amountsOn(lines);
  expect(amounts.length).toBeGreaterThan(0);
  for (const a of amounts) expect([...carried], a).toContain(a);
}

const SELLER = [TEST_SELLER.org_name, TEST_SELLER.point_name, TEST_SELLER.point_addr, `ІД ${TEST_SELLER.tin}`];

describe('a customer receipt in ESC/POS', () => {
  it('a cash sale on 80 mm in cp866: the HTML paper’s items, the document’s amounts, its link in the QR, the drawer opened once and a cut', async () => {
    const check = sell([{ type: 'nal', amount: '77.20' }]);
    const head = shop.call('pos.receipt_print', { check_number: check }).rows[0] as Row;
    const device = { columns: 48, codePage: 'cp866', codeTable: 17 } as const;
    const printer = tillPrinter(device);
    const out = await printed({ checkNumber: check }, device, printer);
    expect(out.papers).toHaveLength(1);
    const paper = out.papers[0]!;
    const lines = plain(paper.lines);
    for (const item of [
      ...SELLER.map((s) => s.replaceAll('і', 'i').replaceAll('І', 'I')),
      'Хлiб житнiй',
      'СУМА 77,16',
      'ЗАОКРУГЛЕННЯ +0,04',
      'ДО СПЛАТИ 77,20',
      'ГОТIВКА 77,20',
      `ЧЕК ФН ${head.fiscal_number} ВН ${head.local_num} онлайн`,
      'ПРРО ФН 4000123456 ВН 1',
      'ФIСКАЛЬНИЙ ЧЕК',
    ])
      expect(lines.join('\n'), item).toContain(item);
    expect(paper.lines.every((l) => l.length <= 48)).toBe(true);
    expectOnlyCarried(lines, contentOf(Number(head.doc_id)));
    expect(paper.qr).toEqual([head.qr_url]);
    expect(paper.drawer).toBe(1);
    expect(out.statusQueries).toBe(3);

    // Printed again (the journal): the same paper, and the drawer stays shut.
    const again = await printed({ checkNumber: check }, device, printer);
    expect(again.papers[0]?.lines).toEqual(paper.lines);
    expect(again.drawer).toBe(0);
  });

  it('a card sale on 58 mm in Windows-1251 prints Ukrainian letters as they are, the terminal’s details under the card, and never opens the drawer', async () => {
    const card_payment = {
      amount: '77.16',
      rrn: '612300000777',
      auth_code: '400777',
      pan: '4731XXXXXXXX1234',
      payment_system: 'VISA',
      terminal_id: 'S1A00042',
      acquirer: 'ПриватБанк',
      invoice_number: '000777',
    };
    const check = sell([{ type: 'bn', amount: '77.16' }], BASKET, { card_payment });
    const head = shop.call('pos.receipt_print', { check_number: check }).rows[0] as Row;
    const out = await printed({ checkNumber: check }, { columns: 32, codePage: 'windows1251', codeTable: 46 });
    const paper = out.papers[0]!;
    const lines = plain(paper.lines);
    const card = [
      'ЕПЗ 4731XXXXXXXX1234',
      'Платіжна система VISA',
      'Код авторизації 400777',
      'RRN 612300000777',
      'Термінал S1A00042',
    ];
    for (const item of [...SELLER, 'Хліб житній', 'СУМА 77,16', 'КАРТКА 77,16', ...card, 'Еквайр ПриватБанк', PAPER.fiscal])
      expect(lines.join('\n'), item).toContain(item);
    expect(paper.lines.every((l) => l.length <= 32)).toBe(true);
    expect(lines.join('\n')).not.toContain(PAPER.rounding);
    expectOnlyCarried(lines, contentOf(Number(head.doc_id)));
    expect(paper.qr).toEqual([head.qr_url]);
    expect(out.drawer).toBe(0);
  });

  it('a cash return names the receipt it pays back, opens the drawer, and carries only its document’s amounts', async () => {
    const check = sell([{ type: 'nal', amount: '77.20' }]);
    const ret = shop.call('pos.checkout_return', { check_number: check, kasm: 1, rows: [{ line_no: 1, quant: '1' }] })
      .rows[0] as Row;
    sendToTaxServer(shop.db);
    const returnId = Number(ret.return_id);
    const head = shop.call('pos.receipt_print', { return_id: returnId }).rows[0] as Row;
    const out = await printed({ returnId }, { codePage: 'windows1251', codeTable: 46 });
    const lines = plain(out.papers[0]!.lines);
    for (const item of [
      PAPER.returnTitle,
      `${PAPER.returnOf} ${head.ret_fiscal_number}`,
      'Хліб житній',
      'СУМА 25,50',
      'ГОТІВКА 25,50',
    ])
      expect(lines.join('\n'), item).toContain(item);
    expectOnlyCarried(lines, contentOf(Number(head.doc_id)));
    expect(out.papers[0]!.qr).toEqual([head.qr_url]);
    expect(out.drawer).toBe(1);
  });

  it('a debt repaid in cash names the receipt it pays for, opens the drawer and has its QR', async () => {
    const CARD = '2299000000017';
    addCard(shop, { code: CARD, maxdolg: '1000' });
    const check = sell(
      [{ type: 'debt', amount: '42.00', card: CARD }],
      [{ code: MILK, quant: '1', price: '42.00', sum: '42.00' }],
    );
    const paid = shop.call('pos.debt_pay_cash', { akas: 'KAS1', card: CARD, kasm: 1, amount: '17.57' }).rows as string[][];
    sendToTaxServer(shop.db);
    const docId = Number(paid[1]?.[2]);
    const head = shop.call('pos.receipt_print', { doc_id: docId }).rows[0] as Row;
    const out = await printed({ docId }, { codePage: 'windows1251', codeTable: 46 });
    const lines = plain(out.papers[0]!.lines);
    for (const item of [PAPER.repayment, `За чеком № ${check}`, 'ЧАСТКОВА ОПЛАТА 17,57', 'ДО СПЛАТИ 17,60', 'ГОТІВКА 17,60'])
      expect(lines.join('\n'), item).toContain(item);
    expectOnlyCarried(lines, contentOf(docId));
    expect(out.papers[0]!.qr).toEqual([head.qr_url]);
    expect(out.drawer).toBe(1);
  });
});

describe('the till’s own papers in ESC/POS', () => {
  it('a service deposit: what and why, its sum, no QR code, and the drawer opens', async () => {
    const dep = shop.call('pos.cash_deposit', { kasm: 1, amount: '1200.00', comment: 'Розмінна монета' }).rows[0] as Row;
    sendToTaxServer(shop.db);
    const docId = Number(dep.prro_doc_id);
    const out = await printed({ docId }, { columns: 42, codePage: 'windows1251', codeTable: 46 });
    const lines = plain(out.papers[0]!.lines);
    for (const item of [...SELLER, PAPER.deposit, 'Підстава: Розмінна монета', 'СУМА 1 200,00', PAPER.serviceName])
      expect(lines.join('\n'), item).toContain(item);
    expect(out.papers[0]!.lines.every((l) => l.length <= 42)).toBe(true);
    expectOnlyCarried(lines, contentOf(docId));
    expect(out.papers[0]!.qr).toEqual([]);
    expect(out.drawer).toBe(1);
  });

  it('the collection at the close is a signed withdrawal that opens the drawer; the Z-report carries the document’s figures and the books’ drawer, and opens nothing', async () => {
    shop.call('pos.cash_deposit', { kasm: 1, amount: '500.00', comment: 'Розмінна монета' });
    sell([{ type: 'nal', amount: '77.20' }]);
    const shiftId = Number((shop.call('pos.shift_state', { kasm: 1 }).rows[0] as Row).shift_id);
    const closed = shop.call('pos.shift_close', { kasm: 1, collection: '477.20' }).rows[0] as Row;
    sendToTaxServer(shop.db);

    const collection = await printed({ docId: Number(closed.collection_doc_id) }, { codePage: 'windows1251', codeTable: 46 });
    const cl = plain(collection.papers[0]!.lines).join('\n');
    for (const item of [PAPER.withdrawal, 'Підстава: Інкасація', 'СУМА 477,20', PAPER.handedOver, PAPER.received])
      expect(cl, item).toContain(item);
    expect(collection.drawer).toBe(1);

    const z = await printed({ shift: { kasm: 1, shiftId } }, { codePage: 'windows1251', codeTable: 46 });
    const lines = plain(z.papers[0]!.lines);
    const head = shop.call('pos.shift_report_print', { kasm: 1, shift_id: shiftId }).rows[0] as Row;
    for (const item of [PAPER.zTitle, `Зміна № ${shiftId}`, PAPER.sales, 'СУМА 77,20', 'у т. ч. інкасація 477,20', PAPER.zName])
      expect(lines.join('\n'), item).toContain(item);
    expectOnlyCarried(lines, contentOf(Number(closed.z_doc_id)), [
      head.opening_cash ?? '',
      head.closing_cash ?? '',
      head.collected ?? '',
    ]);
    expect(z.papers[0]!.qr).toEqual([]);
    expect(z.drawer).toBe(0);
  });

  it('the X-report of the open shift: its figures, the drawer now, and no drawer pulse', async () => {
    shop.call('pos.cash_deposit', { kasm: 1, amount: '100.00', comment: 'Розмінна монета' });
    sell([{ type: 'nal', amount: '77.20' }]);
    const rows = shop.call('pos.shift_report_print', { kasm: 1, shift_id: 0 }).rows;
    const x = await printed({ shift: { kasm: 1, shiftId: 0 } }, { codePage: 'windows1251', codeTable: 46 });
    const lines = plain(x.papers[0]!.lines);
    for (const item of [PAPER.xTitle, 'Готівка в касі 177,20', PAPER.xName]) expect(lines.join('\n'), item).toContain(item);
    // An X-report is no document: its amounts are the report's own rows.
    expectOnlyCarried(lines, rows);
    expect(x.drawer).toBe(0);
  });

  it('prints the settings’ copies, each cut, the drawer pulse only ahead of the first', async () => {
    const check = sell([{ type: 'nal', amount: '77.20' }]);
    emulator.printer.reset();
    const { printer } = shopPrinter(shop, { connection: 'tcp', host: '127.0.0.1', port: emulator.port }, 2);
    expect(await printer.print({ checkNumber: check })).toMatchObject({ status: 'printed', copies: 2 });
    await emulator.settled();
    const out = decode(emulator.printer.bytes(), TABLES);
    expect(out.papers).toHaveLength(2);
    expect(out.papers.map((p) => p.drawer)).toEqual([1, 0]);
    expect(out.papers[1]!.lines).toEqual(out.papers[0]!.lines);
  });
});
