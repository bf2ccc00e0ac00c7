/**
 * The manager's PRRO reads through the real back office: a shift's documents in chain order, with the
 * hash the chain expects before each (so a break shows), withdrawn ones kept in their history (an absent hash reads as empty on the wire);
 * and the unsettled part of each register's chain, which a withdrawal or a requeue re-places.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PRRO } from '../../../../shared/contract/index.js';
import { simulatedFiscalServer } from '../../../dps/simulator/simulator.js';
import { BREAD, type Shop, standardShop } from '../testing/shop.js';
import { dispatchFiscalNow } from './server/dispatch.js';

const NUMPRRO = '4000123456';
let shop: Shop;
beforeEach(() => {
  shop = standardShop();
});
afterEach(() => shop.close());

type Row = Record<string, string | null>;
const rowsOf = (r: { rows?: unknown }) => (r.rows ?? []) as Row[];
const shiftOf = (kasm: number) => rowsOf(shop.call('pos.shift_state', { kasm }))[0]?.shift_id as string;
const sell = () =>
  rowsOf(
    shop.call('pos.checkout_close_sale', {
      kasm: 1,
      rows: [{ code: BREAD, quant: '1', price: '25.50', sum: '25.50' }],
      payments: [{ type: 'nal', amount: '25.50' }],
    }),
  )[0]?.prro_doc_id as string;
const send = () =>
  dispatchFiscalNow(shop.db, simulatedFiscalServer(shop.db), () => new Date('2025-03-14T10:00:00Z'), 'Europe/Kyiv');
const shiftDocs = (shiftId: string) => rowsOf(shop.call('pos.shift_documents', { shift_id: Number(shiftId) }));
const unsent = (numprro = '') => rowsOf(shop.call('pos.prro_unsent_chain', { numprro }));

describe('a shift’s documents', () => {
  it('are every document of that shift only, in chain order, each expecting the hash of the one before', () => {
    const shift = shiftOf(1);
    const a = sell();
    const b = sell();
    const docs = shiftDocs(shift);
    expect(docs[0]?.doc_type).toBe('shift_open');
    expect(docs.slice(-2).map((d) => d.doc_type)).toEqual(['receipt', 'receipt']);
    expect(docs.slice(-2).map((d) => d.id)).toEqual([a, b]);
    expect(docs.every((d) => d.shift_id === shift && d.kasm === '1' && d.numprro === NUMPRRO)).toBe(true);
    expect(docs.map((d) => Number(d.local_num))).toEqual([...docs.map((d) => Number(d.local_num))].sort((x, y) => x - y));
    for (const [i, d] of docs.entries()) {
      expect(d.expected_prev_hash).toBe(i === 0 ? '' : docs[i - 1]?.doc_hash);
      expect(d.prev_doc_hash).toBe(d.expected_prev_hash);
    }
    expect(docs.find((d) => d.id === a)?.ref).toMatch(/^receipt:\d+$/);
    // The other till's shift is another shift.
    expect(shiftDocs(shiftOf(2)).some((d) => d.id === a)).toBe(false);
    expect(shiftDocs('999999')).toEqual([]);
  });

  it('show a document whose previous hash is not the chain’s', () => {
    const shift = shiftOf(1);
    sell();
    const b = sell();
    shop.db.prepare('UPDATE prro_docs SET prev_doc_hash = ? WHERE id = ?').run('0'.repeat(64), Number(b));
    const broken = shiftDocs(shift).filter((d) => d.prev_doc_hash !== d.expected_prev_hash);
    expect(broken.map((d) => d.id)).toEqual([b]);
  });

  it('keep a withdrawn document before the live one that took its number', () => {
    const shift = shiftOf(1);
    const a = sell();
    const b = sell();
    const placeOfA = shiftDocs(shift).find((d) => d.id === a)?.local_num;
    shop.call('pos.prro_inline_set_status', { id: Number(a), status: PRRO.cancelled });
    const docs = shiftDocs(shift);
    const at = docs.findIndex((d) => d.id === a);
    expect(docs[at]).toMatchObject({ status: String(PRRO.cancelled), expected_prev_hash: '', local_num: placeOfA });
    expect(docs[at + 1]).toMatchObject({ id: b, local_num: placeOfA });
    expect(docs[at + 1]?.prev_doc_hash).toBe(docs[at + 1]?.expected_prev_hash);
  });
});

describe('the unsent chain', () => {
  it('lists the live documents the tax server has not settled, per register in chain order, with their shift', () => {
    const before = unsent(NUMPRRO);
    expect(before.every((d) => d.numprro === NUMPRRO)).toBe(true);
    send();
    expect(unsent()).toEqual([]);
    const a = sell();
    const b = sell();
    const listed = unsent();
    expect(listed.map((d) => d.id)).toEqual([a, b]);
    expect(listed.map((d) => d.shift_id)).toEqual([shiftOf(1), shiftOf(1)]);
    expect(unsent('4000123457')).toEqual([]);
    shop.call('pos.prro_inline_set_status', { id: Number(a), status: PRRO.cancelled });
    expect(unsent().map((d) => d.id)).toEqual([b]);
  });
});

describe('the shifts of some days (pos.shifts)', () => {
  it('are the shifts opened on those days in the shop’s zone, not in UTC', () => {
    const shift = shiftOf(1);
    // 00:26 on 24 November in Kyiv (UTC+2) is still the 23rd in UTC.
    shop.db.prepare('UPDATE shifts SET opened_at = ? WHERE id = ?').run('2026-11-23T22:26:16.000Z', Number(shift));
    const ids = (start: string, end: string) => rowsOf(shop.call('pos.shifts', { kasm: 1, start, end })).map((r) => r.shift_id);
    expect(ids('2026-11-24', '2026-11-24')).toContain(shift);
    expect(ids('2026-11-23', '2026-11-23')).not.toContain(shift);
    expect(ids('2026-11-22', '2026-11-24')).toContain(shift);
    // The last instant of a day is in it; the first of the next is not.
    shop.db.prepare('UPDATE shifts SET opened_at = ? WHERE id = ?').run('2026-11-24T21:59:59.999Z', Number(shift));
    expect(ids('2026-11-24', '2026-11-24')).toContain(shift);
    shop.db.prepare('UPDATE shifts SET opened_at = ? WHERE id = ?').run('2026-11-24T22:00:00.000Z', Number(shift));
    expect(ids('2026-11-24', '2026-11-24')).not.toContain(shift);
    expect(ids('2026-11-25', '2026-11-25')).toContain(shift);
  });
});
