/**
 * The limits a till with a PRRO works within (shared/fiscal/choices.ts, "shifts", "offline
 * sessions", "offline limits"): a shift younger than 24 hours for every receipt and a Z-report only
 * once the tax server has every document of the shift; and when the tax server cannot be reached,
 * an offline session (a 102 in place of the first undelivered document, the rest made again
 * offline with their offline fiscal numbers and hash chain, a 103 when the server answers) within
 * its session and month limits, with warnings before them. Control numbers and hashes are
 * recomputed here from the documents' bytes.
 */
import { crc32 as zlibCrc32 } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PRRO } from '../../../shared/contract/index.js';
import { simulatedFiscalServer } from '../../dps/simulator/simulator.js';
import { dispatchFiscalNow } from './prro/server/dispatch.js';
import {
  chainProblems,
  controlNumber,
  crc32,
  offlineProblems,
  type QueueDoc,
  queueDocs,
  seedOfSession,
} from './testing/fiscal.js';
import { BREAD, managerConfirmation, type Shop, standardShop } from './testing/shop.js';

const NUMPRRO = '4000123456';
let shop: Shop;
let now: Date;

beforeEach(() => {
  // standardShop opens a shift at both tills at 2025-03-14T10:00Z (12:00 in Kyiv).
  shop = standardShop();
  now = new Date('2025-03-14T10:00:00Z');
});
afterEach(() => shop.close());

/** Moves the shop's clock (and the dispatcher's) to an instant. */
const at = (iso: string) => {
  now = new Date(iso);
  shop.setNow(iso);
};
const send = () => dispatchFiscalNow(shop.db, simulatedFiscalServer(shop.db), () => now, 'Europe/Kyiv');
const reachable = (on: boolean) => shop.call('pos.prro_fiscal_server_set', { reachable: on });
const sale = () =>
  shop.call('pos.checkout_close_sale', {
    kasm: 1,
    rows: [{ code: BREAD, quant: '1', price: '25.50', sum: '25.50' }],
    payments: [{ type: 'nal', amount: '25.50' }],
  }).rows[0] as Record<string, string>;
const refusedSale = () => {
  const r = shop.refused('pos.checkout_close_sale', {
    kasm: 1,
    rows: [{ code: BREAD, quant: '1', price: '25.50', sum: '25.50' }],
    payments: [{ type: 'nal', amount: '25.50' }],
  });
  return { reason: r.reason, values: r.values };
};
const state = () => shop.call('pos.shift_state', { kasm: 1 }).rows[0] as Record<string, string>;
const docs = (): QueueDoc[] => queueDocs(shop.db, { numprro: NUMPRRO });

describe('a shift', () => {
  it('takes receipts for 24 hours from its opening, then refuses the next one and can still be closed', () => {
    at('2025-03-15T09:59:59Z');
    expect(sale().check_number).toBe('1');
    at('2025-03-15T10:00:00Z');
    expect(refusedSale()).toEqual({
      reason: 'shift.too_long',
      values: { kasm: '1', opened_at: '2025-03-14T12:00:00+02:00', hours: '24' },
    });
    // Cash put in or taken out is a document of the shift as well.
    expect(shop.refused('pos.cash_deposit', { kasm: 1, amount: '10.00', comment: '' }).reason).toBe('shift.too_long');
    send();
    const closed = shop.call('pos.shift_close', { kasm: 1 }).rows[0] as Record<string, string>;
    expect(closed).toMatchObject({ sales_sum: '25.50', sales_count: '1' });
    expect(refusedSale()).toEqual({ reason: 'shift.not_open', values: { kasm: '1' } });
  });

  it('is limited to the configured number of hours', () => {
    shop.call('settings.fiscal_limits_save', { shift_max_hours: 8 });
    at('2025-03-14T17:59:00Z');
    sale();
    at('2025-03-14T18:00:00Z');
    expect(refusedSale()).toMatchObject({ reason: 'shift.too_long', values: { hours: '8' } });
    expect(state()).toMatchObject({ shift_hours: '8.0', shift_max_hours: '8' });
  });

  it('refuses a receipt at a till whose shift is closed, until a new one is opened', () => {
    send();
    shop.call('pos.shift_close', { kasm: 1 });
    expect(state()).toMatchObject({ shift_id: '', opened_at: '' });
    expect(refusedSale()).toEqual({ reason: 'shift.not_open', values: { kasm: '1' } });
    send();
    const cashier = shop.db.prepare("SELECT id FROM users WHERE name = 'Олена Касир'").pluck().get() as number;
    shop.call('pos.shift_open', { kasm: 1, cashier });
    expect(sale().check_number).toBe('1');
  });

  it('refuses the Z-report while documents of the shift are unsent, naming how many, and changes nothing', () => {
    sale();
    sale();
    // The shift-open document and the two receipts have not reached the tax server.
    const r = shop.refused('pos.shift_close', { kasm: 1 });
    expect({ reason: r.reason, values: r.values }).toEqual({
      reason: 'shift.unsent_documents',
      values: { kasm: '1', count: '3' },
    });
    expect(state()).toMatchObject({ shift_id: '1', unsent_docs: '3' });
    expect(docs().map((d) => d.docType)).toEqual(['shift_open', 'receipt', 'receipt']);
    send();
    expect(shop.call('pos.shift_close', { kasm: 1 }).rows[0]).toMatchObject({ sales_count: '2', sales_sum: '51.00' });
  });
});

describe('the control number of an offline document, computed here', () => {
  it('is 4758 for the worked example of the DPS API description only when the CRC bytes are reversed', () => {
    const fields = ['179625192271939', '20082020', '142338', '10', '4000002411', '10'];
    fields.push('cdd68bb111f8993f3603f0179341571b35b73a07d5acee9b28fbfb714698e1b3');
    expect(controlNumber(fields)).toBe('4758');
    // Read straight, the same CRC gives another number: the reversal is what makes it 4758.
    expect(String(crc32(Buffer.from(fields.join(','))) % 10000)).not.toBe('4758');
  });

  it('uses the standard CRC-32', () => {
    const bytes = Buffer.from('seed,14032025,120000,2,4000123456,1,25.50', 'utf8');
    expect(crc32(bytes)).toBe(zlibCrc32(bytes));
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
  });
});

describe('an offline session', () => {
  /** The shift-open documents reach the server, which hands the register its offline credentials. */
  beforeEach(() => {
    expect(send()).toMatchObject({ accepted: 2, rejected: 0 });
  });

  it('begins with a 102 in place of the first undelivered document; that one and the later ones are made again offline', () => {
    at('2025-03-14T10:30:00Z');
    const first = sale();
    at('2025-03-14T10:40:00Z');
    const second = sale();
    reachable(false);
    at('2025-03-14T10:45:00Z');
    expect(send()).toMatchObject({ accepted: 0, wentOffline: [NUMPRRO] });
    at('2025-03-14T11:00:00Z');
    const third = sale();
    const chain = docs();
    expect(chain.map((d) => [d.localNum, d.docType, d.status])).toEqual([
      [1, 'shift_open', PRRO.accepted],
      [2, 'offline_begin', PRRO.offline],
      [3, 'receipt', PRRO.offline],
      [4, 'receipt', PRRO.offline],
      [5, 'receipt', PRRO.offline],
    ]);
    expect(chain.slice(2).map((d) => d.id)).toEqual([first, second, third].map((r) => Number(r.prro_doc_id)));
    // The 102 carries the time of the first document it stands in for (12:30 in Kyiv).
    expect(chain[1]?.doc.head).toMatchObject({ DOCTYPE: '102', ORDERDATE: '14032025', ORDERTIME: '123000', OFFLINE: 'true' });
    expect(chainProblems(chain)).toEqual([]);
    expect(offlineProblems(chain, seedOfSession(shop.db, NUMPRRO))).toEqual([]);
    expect(state()).toMatchObject({
      register_mode: 'offline',
      offline_since: '2025-03-14T12:30:00+02:00',
      offline_hours: '0.5',
      unsent_docs: '4',
      offline_warning: '',
      offline_exhausted: '',
    });
  });

  it('ends with a 103 when the server answers again and uploads the whole session, every document accepted', () => {
    at('2025-03-14T10:30:00Z');
    sale();
    reachable(false);
    send();
    at('2025-03-14T12:00:00Z');
    sale();
    shop.call('pos.cash_withdrawal', {
      kasm: 1,
      amount: '20.00',
      comment: 'Інкасація',
      confirmation: managerConfirmation(shop, 'cash_withdrawal'),
    });
    at('2025-03-14T13:00:00Z');
    reachable(true);
    expect(send()).toMatchObject({ rejected: 0, cameOnline: [NUMPRRO] });
    const chain = docs();
    expect(chain.map((d) => d.docType)).toEqual([
      'shift_open',
      'offline_begin',
      'receipt',
      'receipt',
      'service_withdrawal',
      'offline_end',
    ]);
    expect(chain.filter((d) => d.status !== PRRO.accepted)).toEqual([]);
    expect(chain[5]?.doc.head).toMatchObject({ DOCTYPE: '103', ORDERTIME: '150000' });
    expect(chainProblems(chain)).toEqual([]);
    expect(offlineProblems(chain, seedOfSession(shop.db, NUMPRRO))).toEqual([]);
    expect(state()).toMatchObject({ register_mode: 'online', unsent_docs: '0', offline_since: '' });
    // Back online, the next receipt is an online one and the shift can be closed.
    at('2025-03-14T13:10:00Z');
    sale();
    send();
    expect(docs().at(-1)).toMatchObject({ docType: 'receipt', status: PRRO.accepted, offlineSessionId: '' });
    expect(shop.call('pos.shift_close', { kasm: 1 }).rows[0]).toMatchObject({ sales_count: '3', service_output: '20.00' });
  });

  it('warns 6 hours before the 36-hour session limit and then refuses new receipts', () => {
    // The shift limit (24 hours) would stop the till first: it is raised to see the offline one.
    shop.call('settings.fiscal_limits_save', { shift_max_hours: 48 });
    at('2025-03-14T11:00:00Z');
    sale();
    reachable(false);
    send();
    at('2025-03-15T16:59:00Z');
    expect(state()).toMatchObject({ offline_hours: '29.9', offline_warning: '', offline_exhausted: '' });
    at('2025-03-15T17:00:00Z');
    expect(state()).toMatchObject({ offline_hours: '30.0', offline_warning: 'session', offline_exhausted: '' });
    sale();
    at('2025-03-15T22:59:00Z');
    sale();
    at('2025-03-15T23:00:00Z');
    expect(state()).toMatchObject({ offline_hours: '36.0', offline_session_limit: '36', offline_exhausted: 'session' });
    expect(refusedSale()).toEqual({ reason: 'fiscal.offline_session_exhausted', values: { kasm: '1', hours: '36' } });
  });

  it('after its limit is reached, is uploaded once the server answers, and the till works again', () => {
    shop.call('settings.fiscal_limits_save', { shift_max_hours: 48 });
    at('2025-03-14T11:00:00Z');
    sale();
    reachable(false);
    send();
    at('2025-03-15T22:00:00Z');
    sale();
    at('2025-03-15T23:30:00Z');
    expect(refusedSale().reason).toBe('fiscal.offline_session_exhausted');
    // choices.ts: "no new receipts until it reaches the tax server again" – so reaching it ends the stop.
    reachable(true);
    const sent = send();
    expect(
      docs()
        .filter((d) => d.status !== PRRO.accepted)
        .map((d) => [d.docType, d.lastError]),
    ).toEqual([]);
    expect(sent).toMatchObject({ cameOnline: [NUMPRRO], rejected: 0 });
    expect(sale().check_number).toBe('3');
  });

  it('counts the offline hours of the calendar month and refuses receipts once the month limit is reached', () => {
    shop.call('settings.fiscal_limits_save', {
      shift_max_hours: 72,
      offline_session_hours: 10,
      offline_month_hours: 12,
      offline_warn_session_hours_left: 1,
      offline_warn_month_hours_left: 2,
    });
    // First session: offline from 12:00 to the last receipt at 17:00 UTC, when the server answers.
    at('2025-03-14T12:00:00Z');
    sale();
    reachable(false);
    send();
    at('2025-03-14T17:00:00Z');
    sale();
    reachable(true);
    expect(send()).toMatchObject({ cameOnline: [NUMPRRO], rejected: 0 });
    expect(state()).toMatchObject({ register_mode: 'online', offline_month_hours: '5.0', offline_warning: '' });
    // Second session from 18:00: 5 + 5 hours reach the month's warning (12 − 2) before the session's (10 − 1).
    at('2025-03-14T18:00:00Z');
    sale();
    reachable(false);
    send();
    at('2025-03-14T23:00:00Z');
    expect(state()).toMatchObject({
      offline_hours: '5.0',
      offline_month_hours: '10.0',
      offline_month_limit: '12',
      offline_warning: 'month',
    });
    at('2025-03-15T00:59:00Z');
    sale();
    at('2025-03-15T01:00:00Z');
    expect(state()).toMatchObject({ offline_month_hours: '12.0', offline_exhausted: 'month' });
    expect(refusedSale()).toEqual({ reason: 'fiscal.offline_month_exhausted', values: { kasm: '1', hours: '12' } });
    reachable(true);
    expect(send()).toMatchObject({ cameOnline: [NUMPRRO], rejected: 0 });
    expect(chainProblems(docs())).toEqual([]);
    expect(offlineProblems(docs(), seedOfSession(shop.db, NUMPRRO))).toEqual([]);
  });
});
