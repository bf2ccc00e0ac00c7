import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addProduct, type Call, caller, openTestDb, stockMismatches, type TestDb } from '../testing.js';

let t: TestDb;
let call: Call;
const beer = '4820000000172';
const chips = '4820000000189';
const nuts = '4820000000196';

const card = (code: string) => t.db.prepare('SELECT price, cost FROM goods WHERE code = ?').get(code);
const lines = (nn: string) =>
  t.db.prepare('SELECT code, quantity, price, cost FROM invoice_lines WHERE nn = ? ORDER BY code').all(nn);
const staged = (tempNn: string) =>
  t.db.prepare('SELECT code, quantity, price, cost FROM nakl_import_lines WHERE temp_nn = ? ORDER BY code').all(tempNn);

beforeEach(() => {
  t = openTestDb();
  call = caller(t.db);
  addProduct(t.db, { code: beer, name: 'Пиво Львівське 0.5 л', price: '42', cost: '30' });
  addProduct(t.db, { code: chips, name: 'Чипси Люкс 133 г', price: '55', cost: '40' });
  addProduct(t.db, { code: nuts, name: 'Арахіс солоний 100 г', price: '30', cost: '20' });
  // Markup 40%: a supplier price becomes a sale price the manager may accept.
  t.db.prepare('UPDATE goods SET markup = 400000').run();
  t.db.prepare("INSERT INTO currencies (code, name, rate) VALUES ('EUR', 'євро', 45000000)").run();
});
afterEach(() => {
  expect(stockMismatches(t.db)).toEqual([]);
  t.close();
});

function stageSupplierFile() {
  call('nakl.import_main_add_line', { from_nn: 'TMP-7', nn: 'П-7', code: beer, quant: '24', currency_price: '32.50' });
  call('nakl.import_main_add_line', {
    from_nn: 'TMP-7',
    nn: 'П-7',
    code: chips,
    quant: '10',
    currency_price: '1',
    currency: 'EUR',
  });
  call('nakl.import_main_add_line', { from_nn: 'TMP-7', nn: 'П-7', code: nuts, quant: '6' });
}

describe('the invoice import flow', () => {
  it('stages lines in the temporary document without touching invoices or stock', () => {
    stageSupplierFile();
    expect(staged('TMP-7')).toEqual([
      { code: beer, quantity: 24000, price: 455000, cost: 325000 },
      { code: chips, quantity: 10000, price: 630000, cost: 450000 },
      { code: nuts, quantity: 6000, price: 300000, cost: 200000 },
    ]);
    expect(t.db.prepare('SELECT count(*) AS n FROM invoices').get()).toEqual({ n: 0 });
    expect(t.db.prepare('SELECT count(*) AS n FROM stock_batches').get()).toEqual({ n: 0 });
  });

  it('confirms into the invoice, settling each changed price as decided', () => {
    stageSupplierFile();
    const r = call('nakl.import_confirm', {
      temp_nn: 'TMP-7',
      actions: [
        { code: beer, decision: 'Заменить здесь' },
        { code: chips, decision: 'Заменить в базе' },
      ],
    });
    expect(r.status).toEqual({
      affected: '3',
      detail: '3 lines into invoice П-7; prices: 1 replaced here, 1 saved to cards, 0 kept from cards',
    });
    expect(lines('П-7')).toEqual([
      { code: beer, quantity: 24000, price: 455000, cost: 325000 },
      { code: chips, quantity: 10000, price: 630000, cost: 450000 },
      { code: nuts, quantity: 6000, price: 300000, cost: 200000 },
    ]);
    expect(card(beer)).toEqual({ price: 420000, cost: 300000 });
    expect(card(chips)).toEqual({ price: 630000, cost: 450000 });
    expect(t.db.prepare('SELECT document_number, code, quantity, cost FROM stock_batches ORDER BY code').all()).toEqual([
      { document_number: 'П-7', code: beer, quantity: 24000, cost: 325000 },
      { document_number: 'П-7', code: chips, quantity: 10000, cost: 450000 },
      { document_number: 'П-7', code: nuts, quantity: 6000, cost: 200000 },
    ]);
    expect(staged('TMP-7')).toEqual([]);
    expect(() => call('nakl.import_cancel', { temp_nn: 'TMP-7' })).toThrow('import TMP-7 not found');
  });

  it('keeps the card’s price where a changed price has no decision', () => {
    stageSupplierFile();
    call('nakl.save_line', { nn: 'П-8', code: beer, quant: '6' });
    const r = call('nakl.import_confirm', { temp_nn: 'TMP-7', nn: 'П-8' });
    expect(r.status?.detail).toBe('3 lines into invoice П-8; prices: 0 replaced here, 0 saved to cards, 2 kept from cards');
    expect(lines('П-8')).toEqual([
      { code: beer, quantity: 30000, price: 420000, cost: 325000 },
      { code: chips, quantity: 10000, price: 550000, cost: 450000 },
      { code: nuts, quantity: 6000, price: 300000, cost: 200000 },
    ]);
  });

  it('refuses a decision for a product that is not in the import, confirming nothing', () => {
    stageSupplierFile();
    const other = '4820000000202';
    addProduct(t.db, { code: other });
    expect(() =>
      call('nakl.import_confirm', { temp_nn: 'TMP-7', actions: [{ code: other, decision: 'Заменить в базе' }] }),
    ).toThrow('product 4820000000202 is not in import TMP-7');
    expect(staged('TMP-7')).toHaveLength(3);
  });

  it('cancels an import, dropping its lines and nothing else', () => {
    stageSupplierFile();
    expect(() => call('nakl.import_cancel', { temp_nn: 'TMP-7', nn: 'П-1' })).toThrow(
      'import TMP-7 goes to invoice П-7, not П-1',
    );
    expect(call('nakl.import_cancel', { temp_nn: 'TMP-7', nn: 'П-7' }).status).toEqual({
      affected: '3',
      detail: 'import TMP-7 cancelled, 3 lines dropped',
    });
    expect(staged('TMP-7')).toEqual([]);
    expect(t.db.prepare('SELECT count(*) AS n FROM invoices').get()).toEqual({ n: 0 });
  });

  it('adds quantities of a product staged twice and keeps an import bound to its invoice', () => {
    stageSupplierFile();
    call('nakl.import_main_add_line', { from_nn: 'TMP-7', nn: 'П-7', code: nuts, quant: '4' });
    expect(staged('TMP-7')).toContainEqual({ code: nuts, quantity: 10000, price: 300000, cost: 200000 });
    expect(() => call('nakl.import_main_add_line', { from_nn: 'TMP-7', nn: 'П-9', code: nuts })).toThrow(
      'import TMP-7 goes to invoice П-7, not П-9',
    );
  });

  it('adds a line straight to an invoice when no import document is named', () => {
    call('nakl.import_main_add_line', { nn: 'П-10', code: chips, quant: '2', currency: 'EUR', currency_price: '0.9' });
    expect(lines('П-10')).toEqual([{ code: chips, quantity: 2000, price: 567000, cost: 405000 }]);
    expect(() => call('nakl.import_main_add_line', { from_nn: 'П-10', nn: 'П-11', code: chips })).toThrow(
      'П-10 is an invoice, not an import document',
    );
  });
});
