/**
 * The sales half through the HTTP endpoint, as a till uses it: a real service on a real SQLite
 * file, every write with its Idempotency-Key, answers checked as the client receives them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRRO } from '../../../shared/contract/index.js';
import { startTestService, type TestService } from '../../testing/harness.js';
import { addBatch, addProduct, addTill, addUser, BREAD, MILK, TEST_SELLER, VODKA } from './testing/shop.js';
import { sendToTaxServer } from './testing/tax-server.js';

let t: TestService;
const CARD = '2299000000017';

beforeAll(async () => {
  t = await startTestService({ now: () => new Date('2025-03-14T10:00:00Z') });
  const db = t.service.db;
  addProduct(db, { code: BREAD, name: 'Хліб житній', price: '25.50' });
  addProduct(db, { code: MILK, name: 'Молоко 2,5%', price: '42.00' });
  addProduct(db, { code: VODKA, name: 'Горілка 0,5', price: '180.00', excise_input: true, uktzed: '2208601100' });
  addBatch(db, { code: BREAD, quantity: '10', cost: '15.00', on: '2025-03-01' });
  addBatch(db, { code: BREAD, quantity: '20', cost: '16.00', on: '2025-03-10' });
  addBatch(db, { code: MILK, quantity: '30', cost: '30.00', on: '2025-03-05' });
  addBatch(db, { code: VODKA, quantity: '6', cost: '120.00', on: '2025-02-20' });
  addTill(db, { kasm: 1, akas: 'KAS1', numprro: '4000123456', bank: 'ФОП Коваль; ФОП Мельник' });
  await t.ok('discounts.import_card_ignore', { code: CARD, df: 'Бондаренко', di: 'Олена', isdolg: 1, maxdolg: '500' });
  await t.ok('settings.fiscal_identity_save', { ...TEST_SELLER });
  await t.ok('pos.shift_open', { kasm: 1, cashier: addUser(db, 'Олена Касир') });
  for (const number of ['CERT-1', 'CERT-2']) await t.ok('pos.certificate_issue', { number, amount: '100.00' });
});
afterAll(() => t.close());

const basket = [
  { code: BREAD, quant: '2', price: '25.50', sum: '51.00' },
  { code: MILK, quant: '1', price: '42.00', sum: '42.00' },
];
const close = async (params: Record<string, unknown>) =>
  (await t.ok('pos.checkout_close_sale', { kasm: 1, rows: basket, ...params })).rows[0] as Record<string, string>;
const value = async (method: string, params: unknown) => (await t.ok(method, params)).status.value;

describe('a sale paid every way, through HTTP', () => {
  it('moves stock, FIFO batches, the cash box, the debt, the bonus and the receipts as a shop expects', async () => {
    expect(await close({ payments: [{ type: 'nal', amount: '93.00' }], nal: '100.00' })).toMatchObject({
      change: '7.00',
      total: '93.00',
    });
    await close({ payments: [{ type: 'bn', amount: '93.00' }] });
    expect(await close({ payments: [{ type: 'debt', amount: '93.00', card: CARD }] })).toMatchObject({
      debt_added: '93.00',
      bonus_accrued: '0.93',
    });
    await close({
      payments: [
        { type: 'bonus', amount: '0.93', card: CARD },
        { type: 'nal', amount: '92.07' },
      ],
    });
    await close({ payments: [{ type: 'cert', amount: '93.00', cert_number: 'CERT-1' }] });
    await close({
      payments: [
        { type: 'nal', amount: '10.00' },
        { type: 'bn', amount: '20.00' },
        { type: 'debt', amount: '30.00', card: CARD },
        { type: 'cert', amount: '33.00', cert_number: 'CERT-2' },
      ],
      nal: '20.00',
    });

    // 93.00 + 92.07 rounded to 92.10 (cash is rounded to 0.10 in March 2025) + 10.00.
    expect((await t.ok('pos.cashdesk_balance', { akas: 'KAS1' })).rows).toEqual([{ balance: '195.10' }]);
    expect(await value('checks.discount_debt', { code: CARD })).toBe('123.00');
    expect((await t.ok('pos.debt_open_rows', { card: CARD })).rows).toHaveLength(2);
    expect((await t.ok('goods.fifo_rows', { code: BREAD })).rows).toEqual([
      expect.objectContaining({ quantity: '18.000', cost: '16.00' }),
    ]);
    const today = (await t.ok('pos.reports_checks_today', {})).rows as Record<string, string>[];
    expect(today.map((r) => r.check_number)).toEqual(['6', '5', '4', '3', '2', '1']);
    expect(today[0]).toMatchObject({
      cash_received: '20.00',
      cashless: '20.00',
      debt: '30.00',
      certificate: '33.00',
      change: '10.00',
    });
  });

  it('refuses a close whose payments fall short with INVALID_PARAMETER, and writes nothing', async () => {
    const before = await value('checks.cash_balance', { kas: 'KAS1' });
    const r = await t.call('pos.checkout_close_sale', { kasm: 1, rows: basket, payments: [{ type: 'nal', amount: '90.00' }] });
    expect(r.status).toBe(422);
    expect(r.body.error).toMatchObject({
      code: 'INVALID_PARAMETER',
      details: [
        {
          path: 'params.payments',
          problem: 'payments 90.00 do not cover the total 93.00 (the cash part, rounded, is 93.00)',
          reason: 'sale.payments_short',
          values: { paid: '90.00', total: '93.00', cash: '93.00' },
        },
      ],
    });
    expect(await value('checks.cash_balance', { kas: 'KAS1' })).toBe(before);
  });
});

describe('debt repayment through HTTP', () => {
  it('takes cash into a box and bonus off the card, oldest receipts first', async () => {
    sendToTaxServer(t.service.db, new Date('2025-03-14T10:00:00Z'));
    const cash = await t.ok('pos.debt_pay_cash', { akas: 'KAS1', card: CARD, amount: '100.00' });
    expect(cash.rows).toEqual([
      ['100.00', '295.10', '23.00', '100.00', '0.00'],
      ['3', '93.00', expect.stringMatching(/^\d+$/)],
      ['6', '7.00', expect.stringMatching(/^\d+$/)],
    ]);
    const bonus = await t.ok('pos.debt_pay_bonus', { card: CARD });
    // 1% accrued on receipts 3, 4 and 6 (0.93 + 0.92 + 0.93), 0.93 of it spent on receipt 4.
    expect(bonus.rows[0]).toEqual(['1.85', '0.00', '21.15']);
  });
});

describe('excise duplicates through HTTP', () => {
  it('refuses a stamp seen before, lists one let through on purpose, and sells with it', async () => {
    await t.ok('pos.excise_add_mark', { code: 'AAKZ000000 0000000001', etax: true, kasm: 1 });
    const dup = await t.call('pos.excise_add_mark', { code: 'AAKZ000000 0000000001', etax: true, kasm: 1 });
    expect(dup.status).toBe(422);
    expect(dup.body.error.details[0].problem).toBe(
      'excise stamp AAKZ000000 0000000001 is already scanned at till 1: a duplicate stamp is refused',
    );
    await t.ok('pos.excise_add_mark', { code: 'AAKZ000000 0000000001', etax: true, kasm: 1, allow_duplicate: true });
    await t.ok('pos.checkout_close_sale', {
      kasm: 1,
      rows: [{ code: VODKA, quant: '2', price: '180.00', sum: '360.00' }],
      payments: [{ type: 'bn', amount: '360.00' }],
    });
    expect((await t.ok('pos.excise_duplicate', { etax: true })).rows).toEqual([
      { excise_mark: 'AAKZ000000 0000000001', code: VODKA, check_number: '7', cashdesk_number: '1' },
    ]);
  });
});

describe('the PRRO queue through HTTP', () => {
  it('shows a rejected document and the one held behind it, takes the correction, and the chain goes through', async () => {
    sendToTaxServer(t.service.db, new Date('2025-03-14T10:00:00Z'));
    // A document another till program built itself, and broke.
    const broken = Buffer.from('<CHECK><CHECKHEAD>', 'utf8').toString('base64');
    const { id } = (
      await t.ok('pos.prro_inline_enqueue', { kasm: '1', numprro: '4000123456', xml_body_b64: broken, doc_type: 'receipt' })
    ).rows[0] as { id: string };
    await close({ payments: [{ type: 'bn', amount: '93.00' }] });
    expect(sendToTaxServer(t.service.db, new Date('2025-03-14T10:01:00Z'))).toMatchObject({ accepted: 0, rejected: 1 });

    const filter = { start: '2025-03-14', end: '2025-03-14', kasm: '1', numprro: '4000123456' };
    const grid = (await t.ok('pos.prro_inline_error_grid', filter)).rows as Record<string, string>[];
    expect(grid.map((r) => [r.id, r.doc_type, r.status])).toEqual([
      [id, 'receipt', String(PRRO.rejected)],
      [String(Number(id) + 1), 'receipt', String(PRRO.blocked)],
    ]);
    expect(grid[0]?.last_error).toBe(
      'Код помилки: 9 DocumentValidationError\nXML документа некоректний: незакритий елемент <CHECKHEAD>',
    );

    // The manager writes the document again as the receipt it should have been: the chain sets its place.
    const next = t.service.db
      .prepare('SELECT xml_body_b64 FROM prro_docs WHERE id = ?')
      .pluck()
      .get(Number(id) + 1) as string;
    const requeued = await t.ok('pos.prro_inline_requeue', {
      id: Number(id),
      created_at: grid[0]?.created_at,
      fiscal_number: '',
      xml_body_b64: next,
    });
    expect(requeued.status.affected).toBe('1');
    expect(sendToTaxServer(t.service.db, new Date('2025-03-14T10:02:00Z'))).toMatchObject({ accepted: 2, rejected: 0 });
    expect((await t.ok('pos.prro_inline_error_grid', filter)).rows).toEqual([]);
    expect((await t.ok('pos.prro_inline_queue_rows', { kasm: '1', numprro: '4000123456' })).rows).toEqual([]);
    const statuses = t.service.db.prepare('SELECT DISTINCT status FROM prro_docs').pluck().all();
    expect(statuses).toEqual([PRRO.accepted]);
  });
});
