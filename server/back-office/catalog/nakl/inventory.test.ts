import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addProduct, type Call, caller, openTestDb, stockMismatches, type TestDb } from '../testing.js';

let t: TestDb;
let call: Call;
const flour = '4820000000158';
const salt = '4820000000165';

const stock = (code: string) =>
  (t.db.prepare('SELECT quantity FROM goods_stock WHERE code = ? AND sk = 0').get(code) as { quantity: number } | undefined)
    ?.quantity ?? 0;
const batches = (code: string) =>
  t.db.prepare('SELECT document_number, cost, quantity FROM stock_batches WHERE code = ? ORDER BY received_on, id').all(code);

beforeEach(() => {
  t = openTestDb();
  addProduct(t.db, { code: flour, name: 'Борошно пшеничне 2 кг', cost: '52' });
  addProduct(t.db, { code: salt, name: 'Сіль кухонна 1 кг', cost: '12' });
  caller(t.db, { now: new Date('2025-02-01T09:00:00Z') })('nakl.save_line', { nn: 'П-1', code: flour, quant: '10', ss: '50' });
  caller(t.db, { now: new Date('2025-02-10T09:00:00Z') })('nakl.save_line', { nn: 'П-2', code: flour, quant: '5', ss: '55' });
  call = caller(t.db, { now: new Date('2025-03-01T09:00:00Z') });
});
afterEach(() => {
  expect(stockMismatches(t.db)).toEqual([]);
  t.close();
});

describe('nakl.renew_inventory_rest', () => {
  it('sets stock to the counted quantities: shortages written off oldest first, surpluses received', () => {
    call('nakl.save_line', { nn: 'ІНВ-1', code: flour, quant: '7' });
    call('nakl.save_line', { nn: 'ІНВ-1', code: salt, quant: '4' });
    const r = call('nakl.renew_inventory_rest', { nn: 'ІНВ-1' });
    expect(r.status).toEqual({ affected: '2', detail: 'stock of invoice ІНВ-1 counted: 1 raised, 1 lowered' });
    expect([stock(flour), stock(salt)]).toEqual([7000, 4000]);
    expect(batches(flour)).toEqual([
      { document_number: 'П-1', cost: 500000, quantity: 2000 },
      { document_number: 'П-2', cost: 550000, quantity: 5000 },
    ]);
    expect(batches(salt)).toEqual([{ document_number: 'ІНВ-1', cost: 120000, quantity: 4000 }]);
    expect(t.db.prepare('SELECT quantity, ref FROM stock_moves').all()).toEqual([{ quantity: -8000, ref: 'ІНВ-1' }]);
  });

  it('sets stock again on a renew after the count is corrected, and leaves counted products alone otherwise', () => {
    call('nakl.save_line', { nn: 'ІНВ-2', code: flour, quant: '15' });
    expect(call('nakl.renew_inventory_rest', { nn: 'ІНВ-2' }).status).toMatchObject({ affected: '0' });
    call('nakl.save_line', { nn: 'ІНВ-2', code: flour, quant: '14' });
    expect(call('nakl.renew_inventory_rest', { nn: 'ІНВ-2' }).status).toMatchObject({ affected: '1' });
    expect(stock(flour)).toBe(14000);
  });

  it('refuses a delivery invoice, whose quantities arrived and are not a count, and changes nothing', () => {
    call('nakl.save_line', { nn: 'П-3', code: salt, quant: '6' });
    call('nakl.save_line', { nn: 'П-3', code: flour, quant: '1' });
    expect(() => call('nakl.renew_inventory_rest', { nn: 'П-3' })).toThrow('invoice П-3 is a delivery, not an inventory count');
    // Flour stays 10 + 5 + 1 delivered, salt the 6 delivered: the delivery did not become a count.
    expect([stock(flour), stock(salt)]).toEqual([16000, 6000]);
    expect(t.db.prepare("SELECT kind, counted_at FROM invoices WHERE nn = 'П-3'").get()).toEqual({
      kind: 'incoming',
      counted_at: null,
    });
  });

  it('refuses an unknown invoice and one without lines', () => {
    expect(() => call('nakl.renew_inventory_rest', { nn: 'ІНВ-9' })).toThrow('invoice ІНВ-9 not found');
    call('nakl.add_lines', { nn: 'ІНВ-3', codes: [salt] });
    call('nakl.cancel_empty_line', { nn: 'ІНВ-3', code: salt });
    expect(() => call('nakl.renew_inventory_rest', { nn: 'ІНВ-3' })).toThrow('invoice ІНВ-3 has no lines to count');
  });
});
