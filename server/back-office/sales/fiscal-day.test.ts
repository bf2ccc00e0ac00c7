/**
 * A whole day at a till with a PRRO, through HTTP as the till works it: the shift opened with a
 * float, cash rounded by the step of the day, a mixed sale, a sale on credit and its repayment,
 * a supplier paid from the drawer, cash put in and taken out, a return, the X-report, the
 * documents sent to the simulated tax server and the Z-report. The Z-report is checked to the
 * kopeck against the documents of the shift (read back from their bodies) and against the
 * drawer. It runs twice: in March 2025 (cash rounded to 0.10) and in October 2025 (0.50).
 *
 * Goods, stock, the till itself and a card's starting bonus are written in SQL, because no
 * operation makes them; everything else goes through the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRRO } from '../../../shared/contract/index.js';
import { simulatedFiscalServer } from '../../dps/simulator/simulator.js';
import { startTestService, type TestService } from '../../testing/harness.js';
import { type D, dec } from '../decimal.js';
import { dispatchFiscalNow } from './prro/server/dispatch.js';
import {
  arithmeticProblems,
  chainProblems,
  checkOf,
  money,
  type QueueDoc,
  queueDoc,
  queueDocs,
  roundCash,
  shown,
  sumShift,
  validate,
  x2,
  zKind,
} from './testing/fiscal.js';
import { addBatch, addProduct, addTill, BREAD, CHEESE, MILK, TEST_SELLER, VODKA } from './testing/shop.js';

const CANDY = '4820000000059';
const CARD = '2299000000017';
const CERT = 'CERT-50';
const SUPPLIER = 'ТОВ "Постачальник"';
const NUMPRRO = '4000123456';

/**
 * What the day's cash comes to at each step, worked out by hand from the NBU rule (0.10: 1–4
 * kopecks down, 5–9 up; 0.50: 01–24 down, 25–74 to 50, 75–99 up): the candy's 12.57, the mixed
 * sale's cash rest 159.94 and the repayment's 17.57.
 */
const DAYS = [
  {
    step: '0.10',
    day: '2025-03-14',
    candy: '12.60',
    mixedCash: '159.90',
    repayCash: '17.60',
    // 12.60 + (100.00 + 20.60 + 50.00 + 159.90) + 20.00 + 17.60
    salesSum: '380.70',
    salesRnd: '-0.02',
    salesCash: '210.10',
  },
  {
    step: '0.50',
    day: '2025-10-14',
    candy: '12.50',
    mixedCash: '160.00',
    repayCash: '17.50',
    // 12.50 + (100.00 + 20.60 + 50.00 + 160.00) + 20.00 + 17.50
    salesSum: '380.60',
    salesRnd: '0.08',
    salesCash: '210.00',
  },
] as const;

describe.each(DAYS)('a day at a till, cash rounded to $step ($day)', (day) => {
  let t: TestService;
  let clock = new Date(`${day.day}T06:00:00Z`);
  const at = (hhmm: string) => {
    clock = new Date(`${day.day}T${hhmm}:00Z`);
  };
  const step = dec(day.step);
  /** The cash the rule takes for an exact amount: the reasoning behind the table above. */
  const cash = (exact: string): D => roundCash(dec(exact), step);
  const send = () => dispatchFiscalNow(t.service.db, simulatedFiscalServer(t.service.db), () => clock, 'Europe/Kyiv');
  const balance = async () => ((await t.ok('pos.cashdesk_balance', { akas: 'KAS1' })).rows[0] as { balance: string }).balance;
  const row = async (method: string, params: unknown) => (await t.ok(method, params)).rows[0] as Record<string, string>;
  const refusal = async (method: string, params: unknown) => {
    const r = await t.call(method, params);
    expect(r.status, JSON.stringify(r.body)).toBe(422);
    const { reason, values } = r.body.error.details[0] as { reason: string; values: Record<string, string> };
    return { reason, values };
  };
  const docOfCheck = (check: string): QueueDoc =>
    queueDoc(
      t.service.db,
      t.service.db.prepare('SELECT prro_doc_id FROM receipts WHERE check_number = ?').pluck().get(Number(check)) as number,
    );
  const shiftDocs = () => queueDocs(t.service.db, { shiftId: Number(state.shift) });

  const state = { cashier: '', shift: '', candy: '', mixed: '', credit: '' };

  beforeAll(async () => {
    t = await startTestService({ now: () => clock, timeZone: 'Europe/Kyiv' });
    const db = t.service.db;
    addProduct(db, { code: CANDY, name: 'Цукерки «Ґрона»', price: '12.57' });
    addProduct(db, { code: BREAD, name: 'Хліб житній', price: '25.50' });
    addProduct(db, { code: MILK, name: 'Молоко 2,5%', price: '42.00' });
    addProduct(db, { code: VODKA, name: 'Горілка 0,5', price: '180.00', excise_input: true, uktzed: '2208601100' });
    addProduct(db, { code: CHEESE, name: 'Сир твердий', price: '420.00', unit_type: 'кг' });
    for (const code of [CANDY, BREAD, MILK, VODKA]) addBatch(db, { code, quantity: '20', cost: '10.00', on: '2025-03-01' });
    addBatch(db, { code: CHEESE, quantity: '5.000', cost: '300.00', on: '2025-03-01' });
    addTill(db, { kasm: 1, akas: 'KAS1', bank: 'ФОП Коваль, ПриватБанк' });
    // A card with a debt limit; its starting bonus has no operation, so it is booked as addCard does.
    await t.ok('discounts.import_card_ignore', { code: CARD, df: 'Бондаренко', di: 'Олена', isdolg: 1, maxdolg: '1000' });
    db.prepare(
      "INSERT INTO bonus_ledger (card, amount, comment, user, created_at) VALUES (?, 500000, 'Стартовий бонус', 'test', '2025-01-01T00:00:00Z')",
    ).run(CARD);
    db.prepare('UPDATE discount_cards SET bonus = bonus + 500000 WHERE card = ?').run(CARD);

    await t.ok('settings.fiscal_identity_save', { ...TEST_SELLER });
    await t.ok('settings.fiscal_register_save', { kasm: 1, numprro: NUMPRRO, local_number: 7 });
    await t.ok('settings.goods_tax_letters_save', { code: MILK, letters: 'Б' });
    await t.ok('settings.goods_tax_letters_save', { code: VODKA, letters: 'АГ' });
    await t.ok('pos.certificate_issue', { number: CERT, amount: '50.00' });
    await t.ok('catalog.contrag.save', { nt: SUPPLIER });
    state.cashier = (await t.ok('catalog.users.save', { nt: 'Олена Касир', card: 'U-0001', level: '1' })).status.key as string;
    await t.ok('catalog.users.save', { nt: 'Мельник Андрій', card: 'M-0001', level: '9' });
    await t.ok('catalog.users.set_pin', { card: 'M-0001', pin: '2002' });
  });
  afterAll(() => t.close());

  it('rounds 12.57 in cash as the NBU rule says for the day', () => {
    // The table is the reasoning; the helper is the same rule in code, so they must agree.
    expect([cash('12.57'), cash('159.94'), cash('17.57')].map(x2)).toEqual([day.candy, day.mixedCash, day.repayCash]);
  });

  it('opens the shift for a cashier of catalog.users, the float a service deposit of it', async () => {
    at('06:00');
    const opened = await row('pos.shift_open', { kasm: 1, cashier: Number(state.cashier), float: '500.00' });
    expect(opened).toMatchObject({ cashier: 'Олена Касир', fiscal_mode: 'online' });
    state.shift = opened.shift_id as string;
    expect(await balance()).toBe('500.00');
    const open = queueDoc(t.service.db, Number(opened.open_doc_id));
    const deposit = queueDoc(t.service.db, Number(opened.deposit_doc_id));
    expect(open.doc.head).toMatchObject({ DOCTYPE: '100', CASHIER: 'Олена Касир', CASHDESKNUM: '7', CASHREGISTERNUM: NUMPRRO });
    expect(deposit.doc.head).toMatchObject({ DOCTYPE: '0', DOCSUBTYPE: '2' });
    expect(checkOf(deposit).CHECKTOTAL).toEqual({ SUM: '500.00' });
  });

  it('takes the cash of a sale rounded to the step and gives change from what was handed over', async () => {
    at('06:10');
    const sale = await row('pos.checkout_close_sale', {
      kasm: 1,
      rows: [{ code: CANDY, quant: '1', price: '12.57', sum: '12.57' }],
      payments: [{ type: 'nal', amount: '12.57' }],
      nal: '20.00',
    });
    state.candy = sale.check_number as string;
    expect(sale).toMatchObject({ total: '12.57', change: x2(dec('20.00').minus(day.candy)) });
    expect(await balance()).toBe(x2(dec('500.00').plus(day.candy)));
    // RNDSUM is the exact amount less what was paid: 12.57 − 12.60 = −0.03, 12.57 − 12.50 = 0.07.
    expect(checkOf(docOfCheck(state.candy)).CHECKTOTAL).toEqual({
      SUM: day.candy,
      RNDSUM: x2(dec('12.57').minus(day.candy)),
      NORNDSUM: '12.57',
    });
    expect(checkOf(docOfCheck(state.candy)).CHECKPAY).toEqual([
      { PAYFORMCD: '0', PAYFORMNM: 'ГОТІВКА', SUM: day.candy, PROVIDED: '20.00', REMAINS: x2(dec('20.00').minus(day.candy)) },
    ]);
  });

  it('tells the till in the close result how the cash was rounded', async () => {
    // The handler works out rounding and cash_paid; a till printing the receipt needs them.
    at('06:15');
    const sale = await row('pos.checkout_close_sale', {
      kasm: 1,
      rows: [{ code: CANDY, quant: '1', price: '12.57', sum: '12.57' }],
      payments: [{ type: 'bn', amount: '12.57' }],
    });
    expect(Object.keys(sale)).toEqual(expect.arrayContaining(['rounding', 'cash_paid', 'fiscal_number', 'fiscal_mode']));
  });

  it('rounds only the cash rest of a mixed sale: card, bonus and certificate go as they are', async () => {
    at('06:20');
    const sale = await row('pos.checkout_close_sale', {
      kasm: 1,
      rows: [
        { code: BREAD, quant: '2', price: '25.50', sum: '51.00' },
        { code: MILK, quant: '1', price: '42.00', sum: '42.00' },
        { code: VODKA, quant: '1', price: '180.00', sum: '180.00', excise_marks: ['HAAB508932 0000001234'] },
        { code: CHEESE, quant: '0.137', price: '420.00', sum: '57.54' },
      ],
      payments: [
        { type: 'bn', amount: '100.00' },
        { type: 'bonus', amount: '20.60', card: CARD },
        { type: 'cert', amount: '50.00', cert_number: CERT },
        { type: 'nal', amount: '159.94' },
      ],
      nal: '200.00',
    });
    state.mixed = sale.check_number as string;
    expect(sale).toMatchObject({ total: '330.54', bonus_spent: '20.60', change: x2(dec('200.00').minus(day.mixedCash)) });
    const c = checkOf(docOfCheck(state.mixed));
    expect(c.CHECKTOTAL).toEqual({
      SUM: x2(dec('170.60').plus(day.mixedCash)),
      RNDSUM: x2(dec('159.94').minus(day.mixedCash)),
      NORNDSUM: '330.54',
    });
    // PAYFORMCD by choices.ts PAY_FORMS: 0 cash, 1 card, 2 certificate, 4 bonus.
    expect(c.CHECKPAY?.map((p) => [p.PAYFORMCD, p.PAYFORMNM, p.SUM])).toEqual([
      ['0', 'ГОТІВКА', day.mixedCash],
      ['1', 'КАРТКА', '100.00'],
      ['2', 'ПОДАРУНКОВИЙ СЕРТИФІКАТ', '50.00'],
      ['4', 'БОНУСИ', '20.60'],
    ]);
    expect(c.CHECKBODY?.find((r) => r.CODE === VODKA)).toMatchObject({
      UKTZED: '2208601100',
      LETTERS: 'АГ',
      EXCISELABELS: ['HAAB508932 0000001234'],
    });
    expect((await t.ok('pos.certificate_state', { number: CERT })).rows[0]).toMatchObject({
      state: 'redeemed',
      check_number: state.mixed,
    });
  });

  it('makes a sale on credit a partial payment of what was paid now', async () => {
    at('06:30');
    const sale = await row('pos.checkout_close_sale', {
      kasm: 1,
      rows: [
        { code: BREAD, quant: '1', price: '25.50', sum: '25.50' },
        { code: MILK, quant: '1', price: '42.00', sum: '42.00' },
      ],
      payments: [
        { type: 'nal', amount: '20.00' },
        { type: 'debt', amount: '47.50', card: CARD },
      ],
    });
    state.credit = sale.check_number as string;
    expect(sale.debt_added).toBe('47.50');
    expect(checkOf(docOfCheck(state.credit)).CHECKTOTAL).toMatchObject({ SUM: '67.50', PARTPAYTYPE: '1', PARTPAYSUM: '20.00' });
    at('07:00');
    expect(send()).toMatchObject({ rejected: 0, wentOffline: [] });
    expect(docOfCheck(state.credit).status).toBe(PRRO.accepted);
  });

  it('takes a debt repayment at the till as a receipt naming the sale, its cash rounded', async () => {
    at('07:10');
    const before = dec(await balance());
    const paid = await t.ok('pos.debt_pay_cash', { akas: 'KAS1', card: CARD, amount: '17.57', kasm: 1 });
    // The debt goes down by what was paid (17.57); the drawer takes the rounded cash.
    expect(paid.rows).toEqual([
      // … and says both: the cash taken, and what the rounding added to the 17.57.
      ['17.57', x2(before.plus(day.repayCash)), '29.93', day.repayCash, x2(dec(day.repayCash).minus('17.57'))],
      [state.credit, '17.57', expect.stringMatching(/^\d+$/)],
    ]);
    const repayment = shiftDocs().find(
      (d) =>
        d.doc.content.doc === 'check' &&
        d.doc.content.CHECKTOTAL?.PARTPAYTYPE !== undefined &&
        d.doc.content.CHECKTOTAL.PARTPAYTYPE !== '1',
    );
    // The answer names the repayment receipt: the paper the till prints (pos.receipt_print doc_id).
    expect((paid.rows[1] as string[])[2]).toBe(String(repayment?.id));
    expect(checkOf(repayment as QueueDoc).CHECKTOTAL).toEqual({
      SUM: '67.50',
      RNDSUM: x2(dec('17.57').minus(day.repayCash)),
      NORNDSUM: '17.57',
      PARTPAYTYPE: '3',
      PARTPAYPERCENT: x2(dec('17.57').div('67.50').mul(100)),
      PARTPAYSUM: day.repayCash,
      PARTPAYORDPREPAYNUM: docOfCheck(state.credit).fiscalNumber,
    });
  });

  it('pays a supplier from the drawer as a service withdrawal, and puts in and takes out cash', async () => {
    at('07:20');
    const before = dec(await balance());
    await t.ok('finance.pay_contrag_invoice', { contrag: SUPPLIER, fromkas: 'KAS1', sum: '150.00' });
    at('07:30');
    expect(await row('pos.cash_deposit', { kasm: 1, amount: '100.00' })).toMatchObject({
      balance: x2(before.minus(150).plus(100)),
    });
    at('07:40');
    // Cash out is the manager's to allow, at that moment, with their PIN.
    const confirmed = await row('pos.manager_confirm', { kasm: 1, card: 'M-0001', pin: '2002', action: 'cash_withdrawal' });
    expect(confirmed).toMatchObject({ outcome: 'confirmed', manager: 'Мельник Андрій' });
    const out = { kasm: 1, amount: '200.00', comment: 'Інкасація', confirmation: Number(confirmed.confirmation_id) };
    expect(await row('pos.cash_withdrawal', out)).toMatchObject({
      balance: x2(before.minus(150).plus(100).minus(200)),
    });
    const service = shiftDocs()
      .map((d) => d.doc.content)
      .flatMap((c) =>
        c.doc === 'check' && (c.DOCSUBTYPE === '2' || c.DOCSUBTYPE === '4') ? [`${c.DOCSUBTYPE} ${c.CHECKTOTAL?.SUM}`] : [],
      );
    expect(service).toEqual(['2 500.00', '4 150.00', '2 100.00', '4 200.00']);
  });

  it('pays a return back in cash rounded to the step, naming the sale by its fiscal number', async () => {
    at('08:00');
    const back = await row('pos.checkout_return', {
      check_number: Number(state.candy),
      kasm: 1,
      rows: [{ line_no: 1, quant: '1' }],
    });
    expect(back).toMatchObject({
      total: '12.57',
      cash: day.candy,
      rounding: x2(dec('12.57').minus(day.candy)),
      fiscal_mode: 'online',
    });
    const doc = queueDoc(t.service.db, Number(back.prro_doc_id));
    expect(doc.doc.head).toMatchObject({ DOCSUBTYPE: '1', ORDERRETNUM: docOfCheck(state.candy).fiscalNumber });
    expect(checkOf(doc).CHECKTOTAL).toEqual({ SUM: day.candy, RNDSUM: x2(dec('12.57').minus(day.candy)), NORNDSUM: '12.57' });
  });

  it('shows in the X-report what the documents of the shift add up to so far', async () => {
    at('08:30');
    const x = (await t.ok('pos.shift_x_report', { kasm: 1 })).rows as Record<string, string>[];
    const sums = sumShift(shiftDocs().map((d) => d.doc));
    expect(x.find((r) => r.tag === 'SHIFT')).toMatchObject({
      state: 'open',
      receipts: '5',
      returns: '1',
      opening_cash: '0.00',
      cash_balance: await balance(),
    });
    expect(
      x
        .filter((r) => r.tag === 'TOTAL')
        .map(({ kind, sum, rnd_sum, nornd_sum, count }) => ({ kind, sum, rnd_sum, nornd_sum, count })),
    ).toEqual([
      { kind: 'sales', sum: x2(sums.sales.sum), rnd_sum: x2(sums.sales.rnd), nornd_sum: x2(sums.sales.nornd), count: '5' },
      { kind: 'returns', sum: day.candy, rnd_sum: x2(dec('12.57').minus(day.candy)), nornd_sum: '12.57', count: '1' },
    ]);
    expect(x.find((r) => r.tag === 'SERVICE')).toEqual({ tag: 'SERVICE', input: '600.00', output: '350.00' });
  });

  it('issues documents that validate against the DPS schemas and add up, in one gap-free chain', () => {
    const docs = queueDocs(t.service.db, { numprro: NUMPRRO });
    expect(chainProblems(docs)).toEqual([]);
    for (const d of docs) expect(arithmeticProblems(d.doc), `${d.docType} ${d.id}`).toEqual([]);
    const verdicts = validate(
      docs.map((d) => ({ name: `${d.docType} ${d.id}`, root: d.doc.root.name as 'CHECK' | 'ZREP', bytes: d.bytes })),
    );
    for (const [name, v] of verdicts) expect({ name, ...v }).toEqual({ name, xmllint: '', ours: { ok: true } });
  });

  it('refuses the Z-report while documents of the shift are unsent, naming how many', async () => {
    // Sent at 07:00: the shift open, the float, the candy, the card sale, the mixed and the credit
    // sale. Made since: the repayment, the supplier, the deposit, the collection and the return.
    const unsent = shiftDocs().filter((d) => d.status !== PRRO.accepted).length;
    expect(unsent).toBe(5);
    expect(await refusal('pos.shift_close', { kasm: 1 })).toEqual({
      reason: 'shift.unsent_documents',
      values: { kasm: '1', count: '5' },
    });
  });

  it('closes the shift with a Z-report equal to the documents of the shift to the kopeck', async () => {
    at('16:00');
    expect(send()).toMatchObject({ rejected: 0 });
    const before = shiftDocs();
    const closed = await row('pos.shift_close', { kasm: 1 });
    const z = queueDoc(t.service.db, Number(closed.z_doc_id));
    if (z.doc.content.doc !== 'zrep') throw new Error('the Z-report is not a ZREP');
    const sums = sumShift(before.map((d) => d.doc));
    expect(shown(zKind(z.doc.content.ZREPREALIZ))).toEqual(shown(sums.sales));
    expect(shown(zKind(z.doc.content.ZREPRETURN))).toEqual(shown(sums.returns));
    expect(z.doc.content.ZREPBODY).toEqual({ SERVICEINPUT: x2(sums.input), SERVICEOUTPUT: x2(sums.output) });
    // And to the figures worked out by hand (the 12.57 card sale of the rounding test included).
    expect(shown(sums.sales)).toMatchObject({
      sum: x2(dec(day.salesSum).plus('12.57')),
      rnd: day.salesRnd,
      nornd: x2(dec('380.68').plus('12.57')),
      count: 5,
      forms: { '0': day.salesCash, '1': '112.57', '2': '50.00', '4': '20.60' },
    });
    // VAT A: 12.57/6 → 2.10, (51.00 + 171.43 + 57.54)/6 → 46.66, and the two credit parts 1.26 and
    // 1.11 (+ 2.10 for the card sale); Б 7/107: 2.75, 0.81, 0.72; excise Г 180 × 5/105 → 8.57.
    expect(Object.fromEntries([...sums.sales.taxes].map(([l, v]) => [l, x2(v.sum)]))).toEqual({
      А: '53.23',
      Б: '4.28',
      Г: '8.57',
    });
    expect(shown(sums.returns)).toMatchObject({
      sum: day.candy,
      count: 1,
      forms: { '0': day.candy },
      taxes: { А: { turnover: '12.57', source: '12.57', sum: '2.10' } },
    });
    expect([sums.input, sums.output].map(x2)).toEqual(['600.00', '350.00']);
    expect(closed).toMatchObject({
      sales_sum: x2(sums.sales.sum),
      sales_count: '5',
      returns_sum: day.candy,
      returns_count: '1',
      service_input: '600.00',
      service_output: '350.00',
    });
  });

  it('leaves the drawer holding the float and cash sales less cash returns, plus deposits less withdrawals', async () => {
    const z = queueDocs(t.service.db, { shiftId: Number(state.shift) }).find((d) => d.docType === 'z_report') as QueueDoc;
    if (z.doc.content.doc !== 'zrep') throw new Error('no Z-report');
    const { ZREPREALIZ, ZREPRETURN, ZREPBODY } = z.doc.content;
    const cashOf = (p: typeof ZREPREALIZ) => money(p?.PAYFORMS?.find((f) => f.PAYFORMCD === '0')?.SUM);
    const fromZ = money(ZREPBODY.SERVICEINPUT)
      .plus(cashOf(ZREPREALIZ))
      .minus(cashOf(ZREPRETURN))
      .minus(money(ZREPBODY.SERVICEOUTPUT));
    // From first principles: 500 float + 100 deposit − 150 supplier − 200 collection, the cash of
    // the sales (candy, mixed rest, credit's 20.00, repayment) less the candy paid back.
    const expected = dec('500.00')
      .plus('100.00')
      .minus('150.00')
      .minus('200.00')
      .plus(cash('12.57'))
      .plus(cash('159.94'))
      .plus('20.00')
      .plus(cash('17.57'))
      .minus(cash('12.57'));
    expect(x2(fromZ)).toBe(x2(expected));
    expect(await balance()).toBe(x2(expected));
  });

  it('sends the Z-report and the shift close, and then takes no receipt until a shift is opened', async () => {
    at('16:05');
    expect(send()).toMatchObject({ rejected: 0 });
    const docs = queueDocs(t.service.db, { numprro: NUMPRRO });
    expect(docs.filter((d) => d.status !== PRRO.accepted).map((d) => d.docType)).toEqual([]);
    expect(docs.slice(-2).map((d) => d.docType)).toEqual(['z_report', 'shift_close']);
    expect(chainProblems(docs)).toEqual([]);
    const refused = await refusal('pos.checkout_close_sale', {
      kasm: 1,
      rows: [{ code: BREAD, quant: '1', price: '25.50', sum: '25.50' }],
      payments: [{ type: 'nal', amount: '25.50' }],
    });
    expect(refused).toEqual({ reason: 'shift.not_open', values: { kasm: '1' } });
  });
});
