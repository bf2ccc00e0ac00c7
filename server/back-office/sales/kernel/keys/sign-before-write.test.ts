/**
 * A write first signs the documents still waiting for their signature (signBeforeWrite), and looks
 * for them only when something since could have left one: a document made or re-placed, a key
 * unlocked. A write after writes that made no document reads nothing of the queue (issue 24).
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { KEY_PASSWORD, loadParams, sellerKey, trustTestCa } from '../../testing/keys.js';
import { BREAD, type Shop, standardShop } from '../../testing/shop.js';
import { prroSql } from '../register/statements.js';
import { keyRingOf } from './ring.js';

const NUMPRRO = '4000123456';
let shop: Shop;

beforeEach(() => {
  shop = standardShop();
  trustTestCa(shop.db);
  shop.call('settings.prro_key_load', loadParams(sellerKey()));
});
afterEach(() => {
  vi.restoreAllMocks();
  shop.close();
});

const sale = () =>
  Number(
    (
      shop.call('pos.checkout_close_sale', {
        kasm: 1,
        rows: [{ code: BREAD, quant: '1', price: '25.50', sum: '25.50' }],
        payments: [{ type: 'nal', amount: '25.50' }],
      }).rows[0] as { prro_doc_id: string }
    ).prro_doc_id,
  );
/** A write that makes no document: a cash-rounding step for a day to come. */
const setting = (day: number) =>
  shop.call('settings.cash_rounding_save', { effective_from: `2031-01-${String(day).padStart(2, '0')}`, step: '0.10' });
const signed = (id: number) => (prroSql(shop.db).signedOf.get(id) ?? '') !== '';

it('signs what a write left before the next write, and then reads nothing until a document is made', () => {
  const looks = vi.spyOn(prroSql(shop.db).registersUnsigned, 'all');
  const doc = sale();
  expect(signed(doc)).toBe(false);
  setting(1);
  expect(signed(doc)).toBe(true);
  const after = looks.mock.calls.length;
  setting(2);
  setting(3);
  expect(looks.mock.calls.length).toBe(after);
});

it("looks again once a register's key is unlocked: what waited for it is signed", () => {
  keyRingOf(shop.db).lock(NUMPRRO);
  const doc = sale();
  setting(1);
  expect(signed(doc)).toBe(false);
  shop.call('pos.prro_key_unlock', { kasm: 1, password: KEY_PASSWORD });
  setting(2);
  expect(signed(doc)).toBe(true);
});
