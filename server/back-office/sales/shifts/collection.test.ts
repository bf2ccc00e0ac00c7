/**
 * The cash collected at the close (інкасація): a service withdrawal made by the close itself,
 * chained right before the Z-report, which counts it; the drawer keeps the rest as the next
 * shift's float. The back office refuses a collection the drawer cannot give, writing nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PRRO } from '../../../../shared/contract/index.js';
import { balanceOf } from '../testing/queries.js';
import { addUser, BREAD, type Shop, standardShop } from '../testing/shop.js';
import { sendToTaxServer } from '../testing/tax-server.js';

type Row = Record<string, string>;
let shop: Shop;
beforeEach(() => {
  shop = standardShop();
  shop.call('pos.cash_deposit', { kasm: 1, amount: '500.00', comment: 'Розмінна монета' });
  shop.call('pos.checkout_close_sale', {
    kasm: 1,
    rows: [{ code: BREAD, quant: '2', price: '25.50', sum: '51.00' }],
    payments: [{ type: 'nal', amount: '51.00' }],
  });
  sendToTaxServer(shop.db);
});
afterEach(() => shop.close());

const docsOfTill = () =>
  shop.db
    .prepare("SELECT id, doc_type, status, ref FROM prro_docs WHERE kasm = 1 AND doc_type <> 'offline_begin' ORDER BY local_num")
    .all() as { id: number; doc_type: string; status: number; ref: string }[];
const shiftOf = (id: string) =>
  shop.db.prepare('SELECT closed_at, collected, collection_doc_id, closing_cash FROM shifts WHERE id = ?').get(Number(id)) as {
    closed_at: string | null;
    collected: number;
    collection_doc_id: number | null;
    closing_cash: number | null;
  };
const openShiftId = () => (shop.call('pos.shift_state', { kasm: 1 }).rows[0] as Row).shift_id as string;

describe('the collection at the close', () => {
  it('is a service withdrawal right before the Z-report, which counts it; the drawer keeps the rest', () => {
    expect(balanceOf(shop.db, 'KAS1')).toBe('551.00');
    const shiftId = openShiftId();
    const closed = shop.call('pos.shift_close', { kasm: 1, collection: '451.00' }).rows[0] as Row;
    expect(closed).toMatchObject({ collected: '451.00', cash_left: '100.00', service_output: '451.00' });
    const docs = docsOfTill();
    expect(docs.slice(-3).map((d) => [d.doc_type, d.id])).toEqual([
      ['service_withdrawal', Number(closed.collection_doc_id)],
      ['z_report', Number(closed.z_doc_id)],
      ['shift_close', Number(closed.close_doc_id)],
    ]);
    expect(docs.at(-3)?.ref).toBe(`collection:${shiftId}`);
    expect(balanceOf(shop.db, 'KAS1')).toBe('100.00');
    expect(
      shop.db
        .prepare('SELECT tdoc, payment_name, amount FROM cash_movements WHERE prro_doc_id = ?')
        .get(Number(closed.collection_doc_id)),
    ).toEqual({ tdoc: 'Службова видача', payment_name: 'Інкасація', amount: -4510000 });
    expect(shiftOf(shiftId)).toMatchObject({ collected: 4510000, closing_cash: 1000000 });
    // The tax server takes the collection, then the Z-report that counts it.
    expect(sendToTaxServer(shop.db)).toMatchObject({ rejected: 0 });
    expect(docsOfTill().every((d) => d.status === PRRO.accepted)).toBe(true);
  });

  it('takes the whole drawer, or nothing: a close without one leaves the drawer as it was', () => {
    const closed = shop.call('pos.shift_close', { kasm: 1 }).rows[0] as Row;
    expect(closed).toMatchObject({ collection_doc_id: '', collected: '0.00', cash_left: '551.00', service_output: '0.00' });
    expect(docsOfTill().at(-2)?.doc_type).toBe('z_report');
    const cashier = addUser(shop.db, 'Ранкова Касирка');
    shop.call('pos.shift_open', { kasm: 1, cashier });
    sendToTaxServer(shop.db);
    const all = shop.call('pos.shift_close', { kasm: 1, collection: '551.00' }).rows[0] as Row;
    expect(all).toMatchObject({ collected: '551.00', cash_left: '0.00' });
    expect(balanceOf(shop.db, 'KAS1')).toBe('0.00');
  });

  it('is refused above what the drawer holds, and for part of a kopeck, and nothing is written: the shift stays open', () => {
    const shiftId = openShiftId();
    const before = { docs: docsOfTill().length, balance: balanceOf(shop.db, 'KAS1') };
    const over = shop.refused('pos.shift_close', { kasm: 1, collection: '551.01' });
    expect([over.reason, over.path, over.values]).toEqual([
      'shift.collection_over_drawer',
      'params.collection',
      { kasm: '1', cash: '551.00', collection: '551.01' },
    ]);
    expect(shop.refused('pos.shift_close', { kasm: 1, collection: '10.005' }).reason).toBe('money.not_kopecks');
    expect({ docs: docsOfTill().length, balance: balanceOf(shop.db, 'KAS1') }).toEqual(before);
    expect(shiftOf(shiftId).closed_at).toBeNull();
  });

  it('leaves the next shift to open on the float kept: expected cash is that float plus the new one, not the takings', () => {
    shop.call('pos.shift_close', { kasm: 1, collection: '451.00' });
    const cashier = addUser(shop.db, 'Ранкова Касирка');
    shop.call('pos.shift_open', { kasm: 1, cashier, float: '50.00' });
    const x = shop.call('pos.shift_x_report', { kasm: 1 }).rows as Row[];
    expect(x.find((r) => r.tag === 'SHIFT')).toMatchObject({ opening_cash: '100.00', cash_balance: '150.00' });
    expect((shop.call('pos.shift_state', { kasm: 1 }).rows[0] as Row).cash_balance).toBe('150.00');
  });
});
