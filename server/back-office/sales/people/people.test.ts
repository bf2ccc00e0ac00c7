/**
 * The people at a till, through HTTP as the till works: a cashier signs in with a PIN (counted,
 * locked after five wrong ones), the till's writes then carry the cashier (header X-Cashier) into
 * the documents, and a manager's confirmation is needed, once, for a cash-out and a large return.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatedFiscalServer } from '../../../dps/simulator/simulator.js';
import { startTestService, type TestService } from '../../../testing/harness.js';
import { MAX_FAILURES } from '../../catalog/users/pins/pins.js';
import { dispatchFiscalNow } from '../prro/server/dispatch.js';
import { checkOf, queueDoc } from '../testing/fiscal.js';
import { addBatch, addProduct, addTill, BREAD, TEST_SELLER } from '../testing/shop.js';

let t: TestService;
let clock = new Date('2025-03-14T08:00:00Z');
const users = { olena: '', taras: '' };
type Row = Record<string, string | null>;
const row = async (method: string, params: unknown, headers?: Record<string, string>) =>
  (await t.ok(method, params, headers ? { headers } : undefined)).rows[0] as Row;
const refusal = async (method: string, params: unknown, headers?: Record<string, string>) => {
  const r = await t.call(method, params, headers ? { headers } : undefined);
  expect(r.status, JSON.stringify(r.body)).toBe(422);
  return r.body.error.details[0] as { path: string; reason: string; values: Record<string, string> };
};
const signIn = (card: string, pin: string) => row('pos.cashier_sign_in', { kasm: 1, card, pin });
const confirm = (action: string, pin = '2002', kasm = 1) =>
  row('pos.manager_confirm', { kasm, card: 'M-1', pin, action, subject: 'test' });
const sale = (headers?: Record<string, string>) =>
  row(
    'pos.checkout_close_sale',
    {
      kasm: 1,
      rows: [{ code: BREAD, quant: '1', price: '25.50', sum: '25.50' }],
      payments: [{ type: 'nal', amount: '25.50' }],
    },
    headers,
  );
const cashierOfReceipt = (check: string) => {
  const id = t.service.db.prepare('SELECT prro_doc_id FROM receipts WHERE check_number = ?').pluck().get(Number(check));
  return queueDoc(t.service.db, id as number).doc.head.CASHIER;
};

beforeAll(async () => {
  t = await startTestService({ now: () => clock, timeZone: 'Europe/Kyiv' });
  const db = t.service.db;
  addProduct(db, { code: BREAD, name: 'Хліб житній', price: '25.50' });
  addBatch(db, { code: BREAD, quantity: '100', cost: '10.00', on: '2025-03-01' });
  addTill(db, { kasm: 1, akas: 'KAS1' });
  addTill(db, { kasm: 2, akas: 'KAS2' });
  await t.ok('settings.fiscal_identity_save', { ...TEST_SELLER });
  await t.ok('settings.fiscal_register_save', { kasm: 1, numprro: '4000123456', local_number: 1 });
  users.olena = (await t.ok('catalog.users.save', { nt: 'Олена Касир', card: 'C-1', level: '1' })).status.key as string;
  users.taras = (await t.ok('catalog.users.save', { nt: 'Тарас Касир', card: 'C-2', level: '1' })).status.key as string;
  await t.ok('catalog.users.save', { nt: 'Мельник Андрій', card: 'M-1', level: '9' });
  await t.ok('catalog.users.set_pin', { card: 'C-1', pin: '1111' });
  await t.ok('catalog.users.set_pin', { card: 'C-2', pin: '2222' });
  await t.ok('catalog.users.set_pin', { card: 'M-1', pin: '2002' });
  await t.ok('settings.fiscal_register_save', { kasm: 2, numprro: '4000123457', local_number: 2 });
  await t.ok('pos.shift_open', { kasm: 1, cashier: Number(users.olena), float: '1000.00' });
  await t.ok('pos.shift_open', { kasm: 2, cashier: Number(users.taras), float: '1000.00' });
});
afterAll(() => t.close());

describe('a cashier signs in at a till', () => {
  it('with the right PIN: the answer names the user, their role and the open shift', async () => {
    expect(await signIn('C-2', '2222')).toMatchObject({
      outcome: 'signed_in',
      user_id: users.taras,
      name: 'Тарас Касир',
      role: 'cashier',
      shift_cashier: 'Олена Касир',
    });
    expect(await signIn('M-1', '2002')).toMatchObject({ outcome: 'signed_in', role: 'manager' });
  });

  it('counts wrong PINs, locks after five in a row, and keeps even the right PIN out until the lock ends', async () => {
    for (let i = 1; i < MAX_FAILURES; i++) {
      expect(await signIn('C-1', '0000')).toMatchObject({ outcome: 'wrong_pin', attempts_left: String(MAX_FAILURES - i) });
    }
    expect(await signIn('C-1', '0000')).toMatchObject({ outcome: 'locked', locked_until: '2025-03-14T10:05:00+02:00' });
    expect(await signIn('C-1', '1111')).toMatchObject({ outcome: 'locked', user_id: '' });
    clock = new Date('2025-03-14T08:05:01Z');
    expect(await signIn('C-1', '1111')).toMatchObject({ outcome: 'signed_in', name: 'Олена Касир' });
  });

  it('refuses a card no user has', async () => {
    expect(await refusal('pos.cashier_sign_in', { kasm: 1, card: 'NOBODY', pin: '1234' })).toMatchObject({
      reason: 'pin.unknown_card',
    });
  });
});

describe("a till's writes carry the signed-in cashier", () => {
  it('into the receipt document, whoever opened the shift', async () => {
    const byTaras = await sale({ 'X-Cashier': users.taras });
    expect(cashierOfReceipt(byTaras.check_number as string)).toBe('Тарас Касир');
    // Without the header: the cashier of the open shift, as before sign-in existed.
    const plain = await sale();
    expect(cashierOfReceipt(plain.check_number as string)).toBe('Олена Касир');
  });

  it('refuses a header that is no user id, and an id that names no user, writing nothing', async () => {
    const before = t.service.db.prepare('SELECT count(*) FROM receipts').pluck().get();
    const bad = await t.call(
      'pos.checkout_close_sale',
      {
        kasm: 1,
        rows: [{ code: BREAD, quant: '1', price: '25.50', sum: '25.50' }],
        payments: [{ type: 'nal', amount: '25.50' }],
      },
      { headers: { 'X-Cashier': 'olena' } },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('INVALID_REQUEST');
    expect(
      await refusal(
        'pos.checkout_close_sale',
        {
          kasm: 1,
          rows: [{ code: BREAD, quant: '1', price: '25.50', sum: '25.50' }],
          payments: [{ type: 'nal', amount: '25.50' }],
        },
        { 'X-Cashier': '999999' },
      ),
    ).toMatchObject({ reason: 'cashier.unknown', values: { cashier: '999999' } });
    expect(t.service.db.prepare('SELECT count(*) FROM receipts').pluck().get()).toBe(before);
  });
});

describe("a manager's confirmation", () => {
  it('is given only to a manager, and only with the right PIN', async () => {
    expect(await refusal('pos.manager_confirm', { kasm: 1, card: 'C-2', pin: '2222', action: 'cash_withdrawal' })).toMatchObject({
      reason: 'pin.not_manager',
    });
    expect(await confirm('cash_withdrawal', '9999')).toMatchObject({ outcome: 'wrong_pin', confirmation_id: '' });
    expect(await confirm('cash_withdrawal')).toMatchObject({ outcome: 'confirmed', manager: 'Мельник Андрій' });
  });

  it('allows one cash-out at its till, once, within ten minutes', async () => {
    const id = Number((await confirm('cash_withdrawal')).confirmation_id);
    const out = (confirmation: number, kasm = 1) => ({ kasm, amount: '100.00', comment: 'Інкасація', confirmation }) as const;
    // Another till, another action: not this confirmation.
    expect(await refusal('pos.cash_withdrawal', out(id, 2))).toMatchObject({ reason: 'confirmation.unknown' });
    const forReturn = Number((await confirm('return')).confirmation_id);
    expect(await refusal('pos.cash_withdrawal', out(forReturn))).toMatchObject({ reason: 'confirmation.unknown' });
    expect(await row('pos.cash_withdrawal', out(id))).toMatchObject({ prro_doc_id: expect.any(String) });
    expect(await refusal('pos.cash_withdrawal', out(id))).toMatchObject({ reason: 'confirmation.used' });
    const late = Number((await confirm('cash_withdrawal')).confirmation_id);
    clock = new Date(clock.getTime() + 10 * 60_000 + 1000);
    expect(await refusal('pos.cash_withdrawal', out(late))).toMatchObject({ reason: 'confirmation.expired' });
    // No confirmation at all is a contract breach: cash-out always needs one.
    const bare = await t.call('pos.cash_withdrawal', { kasm: 1, amount: '1.00' });
    expect(bare.body.error).toMatchObject({ code: 'INVALID_PARAMETER', details: [{ path: 'params.confirmation' }] });
  });

  it('is needed for a return above the limit, not below it', async () => {
    dispatchFiscalNow(t.service.db, simulatedFiscalServer(t.service.db), () => clock, 'Europe/Kyiv');
    const small = await sale({ 'X-Cashier': users.taras });
    const big = await row('pos.checkout_close_sale', {
      kasm: 1,
      rows: [{ code: BREAD, quant: '50', price: '25.50', sum: '1275.00' }],
      payments: [{ type: 'nal', amount: '1275.00' }],
    });
    dispatchFiscalNow(t.service.db, simulatedFiscalServer(t.service.db), () => clock, 'Europe/Kyiv');
    const back = (check: unknown, quant: string, confirmation = 0) => ({
      check_number: Number(check),
      kasm: 1,
      rows: [{ line_no: 1, quant }],
      confirmation,
    });
    const smallBack = await row('pos.checkout_return', back(small.check_number, '1'), { 'X-Cashier': users.taras });
    const returnDoc = queueDoc(t.service.db, Number(smallBack.prro_doc_id));
    expect(returnDoc.doc.head.CASHIER).toBe('Тарас Касир');
    expect(checkOf(returnDoc).CHECKTOTAL?.SUM).toBe('25.50');
    expect(await refusal('pos.checkout_return', back(big.check_number, '45'))).toMatchObject({
      reason: 'confirmation.return_over_limit',
      values: { total: '1147.50', limit: '1000.00' },
    });
    const id = Number((await confirm('return')).confirmation_id);
    expect(await row('pos.checkout_return', back(big.check_number, '45', id))).toMatchObject({ total: '1147.50' });
    const used = t.service.db.prepare('SELECT used_by FROM manager_confirmations WHERE id = ?').pluck().get(id);
    expect(used).toMatch(/^return:\d+$/);
  });

  it('follows the limit and the manager level the shop sets, which the fiscal settings show', async () => {
    const limits = async () =>
      Object.fromEntries(
        ((await t.ok('settings.fiscal_settings', {})).rows as Row[])
          .filter((r) => r.tag === 'LIMIT')
          .map((r) => [r.name, r.value]),
      );
    expect(await limits()).toMatchObject({ return_manager_limit: '1000.00', manager_level: '5' });
    await t.ok('settings.fiscal_limits_save', { return_manager_limit: '20', manager_level: 10 });
    expect(await limits()).toMatchObject({ return_manager_limit: '20.00', manager_level: '10' });
    dispatchFiscalNow(t.service.db, simulatedFiscalServer(t.service.db), () => clock, 'Europe/Kyiv');
    const small = await sale();
    dispatchFiscalNow(t.service.db, simulatedFiscalServer(t.service.db), () => clock, 'Europe/Kyiv');
    // 25.50 is now above the limit, and the level 9 manager is no longer a manager.
    const back = { check_number: Number(small.check_number), kasm: 1, rows: [{ line_no: 1, quant: '1' }], confirmation: 0 };
    expect(await refusal('pos.checkout_return', back)).toMatchObject({
      reason: 'confirmation.return_over_limit',
      values: { total: '25.50', limit: '20.00' },
    });
    expect(
      await refusal('pos.manager_confirm', { kasm: 1, card: 'M-1', pin: '2002', action: 'return', subject: 'test' }),
    ).toMatchObject({
      reason: 'pin.not_manager',
    });
    await t.ok('settings.fiscal_limits_save', { return_manager_limit: '1000.00', manager_level: 5 });
  });

  it('travels as a header with a change to a PRRO document, is spent by it, and is named in its audit trail', async () => {
    const queued = await sale({ 'X-Cashier': users.taras });
    const docId = Number(
      t.service.db.prepare('SELECT prro_doc_id FROM receipts WHERE check_number = ?').pluck().get(Number(queued.check_number)),
    );
    const id = (await confirm('prro_change')).confirmation_id as string;
    const headers = { 'X-Cashier': users.taras, 'X-Manager-Confirmation': id };
    const change = { id: docId, status: 3 };
    expect((await t.ok('pos.prro_inline_set_status', change, { headers })).status).toMatchObject({ affected: '1' });
    const [trail] = (await t.ok('pos.prro_doc_audit', { id: docId, start: '2025-03-14', end: '2025-03-14' })).rows as Row[];
    expect(trail).toMatchObject({ user: 'Тарас Касир', action: 'status', note: 'confirmed by Мельник Андрій' });
    // Spent: the same confirmation does not cover a second change.
    expect(await refusal('pos.prro_inline_set_status', { id: docId, status: 5 }, headers)).toMatchObject({
      path: 'headers.X-Manager-Confirmation',
      reason: 'confirmation.used',
    });
  });
});
