/**
 * The fiscal engine's clock, probed where a shop's clock is hard: Kyiv's changes of the clocks
 * (forward at 03:00 on the last Sunday of March, back at 04:00 on the last Sunday of October),
 * local midnight, month and year ends, and a till whose clock goes backwards. Documents carry the
 * shop's wall clock; limits are real elapsed hours.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PRRO } from '../../../shared/contract/index.js';
import { simulatedFiscalServer } from '../../dps/simulator/simulator.js';
import { dispatchFiscalNow } from './prro/server/dispatch.js';
import { chainProblems, offlineProblems, type QueueDoc, queueDocs, seedOfSession, validate } from './testing/fiscal.js';
import { BREAD, type Shop, standardShop } from './testing/shop.js';

const NUMPRRO = '4000123456';
let shop: Shop;
let now: Date;

const at = (iso: string) => {
  now = new Date(iso);
  shop.setNow(iso);
};
const send = () => dispatchFiscalNow(shop.db, simulatedFiscalServer(shop.db), () => now, 'Europe/Kyiv');
const reachable = (on: boolean) => shop.call('pos.prro_fiscal_server_set', { reachable: on });
const SALE = {
  kasm: 1,
  rows: [{ code: BREAD, quant: '1', price: '25.50', sum: '25.50' }],
  payments: [{ type: 'nal' as const, amount: '25.50' }],
};
const sale = () => shop.call('pos.checkout_close_sale', SALE).rows[0] as Record<string, string>;
const refusedSale = () => {
  const r = shop.refused('pos.checkout_close_sale', SALE);
  return { reason: r.reason, values: r.values };
};
const state = () => shop.call('pos.shift_state', { kasm: 1 }).rows[0] as Record<string, string>;
const docs = (): QueueDoc[] => queueDocs(shop.db, { numprro: NUMPRRO });
const lastHead = () => docs().at(-1)?.doc.head;
const cashier = () => shop.db.prepare("SELECT id FROM users WHERE name = 'Олена Касир'").pluck().get() as number;

/** Closes the standard shop's shift at till 1 and opens the next one at an instant. */
function shiftFrom(iso: string): void {
  send();
  shop.call('pos.shift_close', { kasm: 1 });
  at(iso);
  shop.call('pos.shift_open', { kasm: 1, cashier: cashier() });
}

beforeEach(() => {
  shop = standardShop();
  now = new Date('2025-03-14T10:00:00Z');
});
afterEach(() => shop.close());

describe('the date and time a document carries', () => {
  it('is the Kyiv wall clock on both sides of the March change, the skipped hour never written', () => {
    shiftFrom('2025-03-29T22:30:00Z');
    expect(lastHead()).toMatchObject({ DOCTYPE: '100', ORDERDATE: '30032025', ORDERTIME: '003000' });
    at('2025-03-30T00:59:59Z');
    sale();
    expect(lastHead()).toMatchObject({ ORDERDATE: '30032025', ORDERTIME: '025959' });
    at('2025-03-30T01:00:00Z');
    sale();
    expect(lastHead()).toMatchObject({ ORDERDATE: '30032025', ORDERTIME: '040000' });
  });

  it('is the Kyiv wall clock through the repeated hour of the October change: 03:30 summer, then 03:30 winter', () => {
    shiftFrom('2025-10-25T22:30:00Z');
    at('2025-10-26T00:30:00Z');
    sale();
    expect(lastHead()).toMatchObject({ ORDERDATE: '26102025', ORDERTIME: '033000' });
    at('2025-10-26T01:30:00Z');
    sale();
    expect(lastHead()).toMatchObject({ ORDERDATE: '26102025', ORDERTIME: '033000' });
    // The day's end is winter's midnight: 23:59:59 at 21:59:59 UTC, the next day at 22:00.
    at('2025-10-26T21:59:59Z');
    sale();
    expect(lastHead()).toMatchObject({ ORDERDATE: '26102025', ORDERTIME: '235959' });
    at('2025-10-26T22:00:00Z');
    sale();
    expect(lastHead()).toMatchObject({ ORDERDATE: '27102025', ORDERTIME: '000000' });
    send();
    expect(docs().filter((d) => d.status !== PRRO.accepted)).toEqual([]);
  });

  it('runs over the year end at Kyiv midnight, and the Z-report and shift close carry the time of the close', () => {
    shiftFrom('2025-12-31T20:00:00Z');
    at('2025-12-31T21:59:59Z');
    sale();
    expect(lastHead()).toMatchObject({ ORDERDATE: '31122025', ORDERTIME: '235959' });
    at('2025-12-31T22:00:00Z');
    sale();
    expect(lastHead()).toMatchObject({ ORDERDATE: '01012026', ORDERTIME: '000000' });
    at('2025-12-31T22:10:00Z');
    send();
    shop.call('pos.shift_close', { kasm: 1 });
    const [z, close] = docs().slice(-2);
    expect(z?.doc.root.name).toBe('ZREP');
    expect(z?.doc.head).toMatchObject({ ORDERDATE: '01012026', ORDERTIME: '001000' });
    expect(close?.doc.head).toMatchObject({ DOCTYPE: '101', ORDERDATE: '01012026', ORDERTIME: '001000' });
    const verdicts = validate(
      docs().map((d) => ({ name: String(d.id), root: d.doc.root.name as 'CHECK' | 'ZREP', bytes: d.bytes })),
    );
    expect([...verdicts.values()].filter((v) => v.xmllint !== '' || !v.ours.ok)).toEqual([]);
  });

  it('offline: the 102 carries the first undelivered document’s time and the 103 the time of reconnection, across the October change', () => {
    send();
    shiftFrom('2025-10-25T20:00:00Z');
    send();
    at('2025-10-26T00:45:00Z'); // 03:45 summer time
    sale();
    reachable(false);
    send();
    at('2025-10-26T01:15:00Z'); // 03:15 winter time, half an hour later
    sale();
    reachable(true);
    expect(send()).toMatchObject({ rejected: 0, cameOnline: [NUMPRRO] });
    const chain = docs().slice(-4);
    expect(chain.map((d) => [d.docType, d.doc.head.ORDERTIME])).toEqual([
      ['offline_begin', '034500'],
      ['receipt', '034500'],
      ['receipt', '031500'],
      ['offline_end', '031500'],
    ]);
    expect(chainProblems(docs())).toEqual([]);
    expect(offlineProblems(docs(), seedOfSession(shop.db, NUMPRRO))).toEqual([]);
  });
});

describe('the 24-hour shift limit', () => {
  it('is 24 real hours over the night the clocks go back: opened 23:30, refused at 22:30 the next evening', () => {
    shiftFrom('2025-10-25T20:30:00Z');
    at('2025-10-26T20:29:59Z');
    expect(state()).toMatchObject({ opened_at: '2025-10-25T23:30:00+03:00', shift_hours: '23.9' });
    sale();
    at('2025-10-26T20:30:00Z');
    expect(refusedSale()).toEqual({
      reason: 'shift.too_long',
      values: { kasm: '1', opened_at: '2025-10-25T23:30:00+03:00', hours: '24' },
    });
  });

  it('is 24 real hours over the night the clocks go forward: opened 23:30, refused at 00:30 the day after next', () => {
    shiftFrom('2025-03-29T21:30:00Z');
    at('2025-03-30T21:29:59Z');
    sale();
    expect(lastHead()).toMatchObject({ ORDERDATE: '31032025', ORDERTIME: '002959' });
    at('2025-03-30T21:30:00Z');
    expect(refusedSale()).toMatchObject({ reason: 'shift.too_long' });
  });
});

describe('an offline session over a change of the clocks', () => {
  beforeEach(() => {
    shop.call('settings.fiscal_limits_save', { shift_max_hours: 72 });
  });

  it('is 36 real hours in October (35 on the wall clock): refused at 23:00 the next evening', () => {
    shiftFrom('2025-10-25T08:00:00Z');
    send();
    at('2025-10-25T09:00:00Z'); // 12:00 summer time
    sale();
    reachable(false);
    send();
    at('2025-10-26T20:59:00Z'); // 22:59 winter time
    sale();
    expect(state()).toMatchObject({ offline_hours: '35.9', offline_exhausted: '' });
    at('2025-10-26T21:00:00Z');
    expect(refusedSale()).toEqual({ reason: 'fiscal.offline_session_exhausted', values: { kasm: '1', hours: '36' } });
    reachable(true);
    expect(send()).toMatchObject({ rejected: 0, cameOnline: [NUMPRRO] });
  });

  it('is 36 real hours in March (37 on the wall clock), and the tax server takes a receipt 35½ real hours in', () => {
    shiftFrom('2025-03-29T09:00:00Z');
    send();
    at('2025-03-29T10:00:00Z'); // 12:00 winter time
    sale();
    reachable(false);
    send();
    at('2025-03-30T21:30:00Z'); // 00:30 summer time on the 31st: 36½ hours on the wall clock
    sale();
    expect(state()).toMatchObject({ offline_hours: '35.5', offline_exhausted: '' });
    reachable(true);
    send();
    expect(
      docs()
        .filter((d) => d.status !== PRRO.accepted)
        .map((d) => [d.docType, d.lastError]),
    ).toEqual([]);
  });
});

describe('the offline hours of a calendar month', () => {
  it('count in the Kyiv month they fall in: a session over the month’s end is split at local midnight', () => {
    shop.call('settings.fiscal_limits_save', {
      shift_max_hours: 72,
      offline_session_hours: 30,
      offline_month_hours: 12,
      offline_warn_session_hours_left: 1,
      offline_warn_month_hours_left: 2,
    });
    shiftFrom('2025-03-31T16:00:00Z');
    send();
    // Offline from 20:00 on 31 March (Kyiv, summer time) to 05:00 on 1 April: 4 hours of March, 5 of April.
    at('2025-03-31T17:00:00Z');
    sale();
    reachable(false);
    send();
    at('2025-03-31T20:59:00Z');
    expect(state()).toMatchObject({ offline_hours: '3.9', offline_month_hours: '3.9' });
    at('2025-04-01T02:00:00Z');
    sale();
    expect(state()).toMatchObject({ offline_hours: '9.0', offline_month_hours: '5.0' });
    reachable(true);
    expect(send()).toMatchObject({ rejected: 0, cameOnline: [NUMPRRO] });
    // A second session from 06:00: April's 5 hours and 5 more reach the month's warning, 7 its limit.
    at('2025-04-01T03:00:00Z');
    sale();
    reachable(false);
    send();
    at('2025-04-01T08:00:00Z');
    expect(state()).toMatchObject({ offline_hours: '5.0', offline_month_hours: '10.0', offline_warning: 'month' });
    at('2025-04-01T10:00:00Z');
    expect(refusedSale()).toEqual({ reason: 'fiscal.offline_month_exhausted', values: { kasm: '1', hours: '12' } });
  });
});

describe('a shop-local day', () => {
  it('of pos.shifts and of a receipt begins at Kyiv midnight, summer’s before the October change and winter’s after', () => {
    const day = (d: string) =>
      (shop.call('pos.shifts', { kasm: 1, start: d, end: d }).rows as Record<string, string>[]).map((s) => s.opened_at);
    const saleDate = () => shop.db.prepare('SELECT sale_date FROM receipts ORDER BY check_number DESC LIMIT 1').pluck().get();
    shiftFrom('2025-10-25T20:59:59Z');
    sale();
    expect(saleDate()).toBe('2025-10-25');
    shiftFrom('2025-10-25T21:00:00Z');
    sale();
    expect(saleDate()).toBe('2025-10-26');
    shiftFrom('2025-10-26T21:59:59Z');
    sale();
    expect(saleDate()).toBe('2025-10-26');
    shiftFrom('2025-10-26T22:00:00Z');
    sale();
    expect(saleDate()).toBe('2025-10-27');
    expect(day('2025-10-25')).toEqual(['2025-10-25T23:59:59+03:00']);
    expect(day('2025-10-26')).toEqual(['2025-10-26T23:59:59+02:00', '2025-10-26T00:00:00+03:00']);
    expect(day('2025-10-27')).toEqual(['2025-10-27T00:00:00+02:00']);
  });
});

describe('a till whose clock goes backwards', () => {
  it('is refused a document dated before the last one of its register, saying both times; the chain stays in order', () => {
    at('2025-03-14T11:00:00Z');
    sale();
    const before = docs().length;
    at('2025-03-14T10:30:00Z');
    expect(refusedSale()).toEqual({
      reason: 'fiscal.clock_behind',
      values: { kasm: '1', last_at: '2025-03-14T13:00:00+02:00', now: '2025-03-14T12:30:00+02:00' },
    });
    expect(shop.refused('pos.cash_deposit', { kasm: 1, amount: '10.00', comment: '' }).reason).toBe('fiscal.clock_behind');
    send();
    expect(shop.refused('pos.shift_close', { kasm: 1 }).reason).toBe('fiscal.clock_behind');
    expect(docs()).toHaveLength(before);
    // The clock set right, the till works on; within one second (as a head writes it) is not behind.
    at('2025-03-14T11:00:00.900Z');
    sale();
    at('2025-03-14T11:00:00.100Z');
    sale();
    send();
    shop.call('pos.shift_close', { kasm: 1 });
    at('2025-03-14T10:59:00Z');
    expect(shop.refused('pos.shift_open', { kasm: 1, cashier: cashier() }).reason).toBe('fiscal.clock_behind');
  });

  it('keeps an offline register offline while the clock is behind its last receipt, and ends the session once it is right', () => {
    send();
    at('2025-03-14T11:00:00Z');
    reachable(false);
    sale();
    send();
    expect(state()).toMatchObject({ register_mode: 'offline' });
    reachable(true);
    at('2025-03-14T10:30:00Z');
    // The server answers again, but the 103 would be dated half an hour before the receipt it ends.
    expect(send()).toMatchObject({ cameOnline: [] });
    expect(docs().at(-1)?.docType).toBe('receipt');
    at('2025-03-14T11:05:00Z');
    expect(send()).toMatchObject({ rejected: 0, cameOnline: [NUMPRRO] });
    expect(
      docs()
        .slice(-2)
        .map((d) => [d.docType, d.doc.head.ORDERTIME]),
    ).toEqual([
      ['receipt', '130000'],
      ['offline_end', '130500'],
    ]);
    expect(chainProblems(docs())).toEqual([]);
    expect(offlineProblems(docs(), seedOfSession(shop.db, NUMPRRO))).toEqual([]);
  });
});
