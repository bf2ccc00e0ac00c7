/** SQL of invoices, their lines, imports and currencies. Money ×10^4, quantity ×10^3, pct ×10^4, rate ×10^6. */
import type { Db } from '../../../../shared-node/sql/db.js';
import { statements } from '../../core/statements.js';

export interface InvoiceRow {
  nn: string;
  kind: 'incoming' | 'inventory';
  sk: number;
  currency: string;
  rate: number;
  received_on: string;
}

/** What a line (of an invoice or an import) holds besides its product. */
export interface LineValues {
  quantity: number;
  price: number;
  cost: number;
  currency: string;
  rate: number;
  currency_cost: number;
}

export interface LineRow extends LineValues {
  code: string;
  markup: number;
  batch_id: number | null;
}

export interface ImportLineRow extends LineValues {
  code: string;
}

export interface ProductPrices {
  code: string;
  name: string;
  unit_type: string;
  price: number;
  cost: number;
  markup: number;
}

const INVOICE = 'SELECT nn, kind, sk, currency, rate, received_on FROM invoices';
const LINE = 'SELECT code, quantity, price, cost, markup, currency, rate, currency_cost, batch_id FROM invoice_lines';

const prepare = (db: Db) => ({
  setting: db.prepare<[string], { value: string }>('SELECT value FROM shop_settings WHERE key = ?'),
  product: db.prepare<[string], ProductPrices>('SELECT code, name, unit_type, price, cost, markup FROM goods WHERE code = ?'),
  setCardPrices: db.prepare<{ code: string; price: number; cost: number; markup: number }, void>(
    'UPDATE goods SET price = @price, cost = @cost, markup = @markup WHERE code = @code',
  ),
  currency: db.prepare<[string], { code: string; rate: number }>('SELECT code, rate FROM currencies WHERE code = ?'),
  currencies: db.prepare<[], { currency: string; rate: number }>('SELECT code AS currency, rate FROM currencies ORDER BY code'),

  invoice: db.prepare<[string], InvoiceRow>(`${INVOICE} WHERE nn = ?`),
  createInvoice: db.prepare<{ nn: string; kind: string; created_at: string; received_on: string }, void>(
    'INSERT INTO invoices (nn, kind, created_at, received_on) VALUES (@nn, @kind, @created_at, @received_on)',
  ),
  setInvoiceCurrency: db.prepare<[string, number, string], void>('UPDATE invoices SET currency = ?, rate = ? WHERE nn = ?'),
  markCounted: db.prepare<[string, string], void>('UPDATE invoices SET counted_at = ? WHERE nn = ?'),

  line: db.prepare<[string, string], LineRow>(`${LINE} WHERE nn = ? AND code = ?`),
  lines: db.prepare<[string], LineRow>(`${LINE} WHERE nn = ? ORDER BY code`),
  putLine: db.prepare<LineRow & { nn: string }, void>(
    `INSERT INTO invoice_lines (nn, code, quantity, price, cost, markup, currency, rate, currency_cost, batch_id)
     VALUES (@nn, @code, @quantity, @price, @cost, @markup, @currency, @rate, @currency_cost, @batch_id)
     ON CONFLICT (nn, code) DO UPDATE SET quantity = excluded.quantity, price = excluded.price, cost = excluded.cost,
       markup = excluded.markup, currency = excluded.currency, rate = excluded.rate,
       currency_cost = excluded.currency_cost, batch_id = excluded.batch_id`,
  ),
  deleteLine: db.prepare<[string, string], void>('DELETE FROM invoice_lines WHERE nn = ? AND code = ?'),
  setLinePrice: db.prepare<[number, number, string, string], void>(
    'UPDATE invoice_lines SET price = ?, markup = ? WHERE nn = ? AND code = ?',
  ),
  /** Lines and what the card and the storage say, for the price and quantity differences. */
  linesAgainstCards: db.prepare<
    [number, string],
    { code: string; name: string; unit_type: string; price: number; quantity: number; card_price: number; stock: number }
  >(
    `SELECT l.code, g.name, g.unit_type, l.price, l.quantity, g.price AS card_price, coalesce(s.quantity, 0) AS stock
     FROM invoice_lines l JOIN goods g ON g.code = l.code
     LEFT JOIN goods_stock s ON s.code = l.code AND s.sk = ?
     WHERE l.nn = ? ORDER BY g.name, l.code`,
  ),
  stockOf: db.prepare<[string, number], { quantity: number }>('SELECT quantity FROM goods_stock WHERE code = ? AND sk = ?'),

  importDoc: db.prepare<[string], { temp_nn: string; nn: string }>('SELECT temp_nn, nn FROM nakl_imports WHERE temp_nn = ?'),
  createImport: db.prepare<{ temp_nn: string; nn: string; created_at: string; user: string }, void>(
    'INSERT INTO nakl_imports (temp_nn, nn, created_at, user) VALUES (@temp_nn, @nn, @created_at, @user)',
  ),
  deleteImport: db.prepare<[string], void>('DELETE FROM nakl_imports WHERE temp_nn = ?'),
  importLine: db.prepare<[string, string], ImportLineRow>(
    'SELECT code, quantity, price, cost, currency, rate, currency_cost FROM nakl_import_lines WHERE temp_nn = ? AND code = ?',
  ),
  importLines: db.prepare<[string], ImportLineRow>(
    'SELECT code, quantity, price, cost, currency, rate, currency_cost FROM nakl_import_lines WHERE temp_nn = ? ORDER BY code',
  ),
  putImportLine: db.prepare<ImportLineRow & { temp_nn: string }, void>(
    `INSERT INTO nakl_import_lines (temp_nn, code, quantity, price, cost, currency, rate, currency_cost)
     VALUES (@temp_nn, @code, @quantity, @price, @cost, @currency, @rate, @currency_cost)
     ON CONFLICT (temp_nn, code) DO UPDATE SET quantity = excluded.quantity, price = excluded.price, cost = excluded.cost,
       currency = excluded.currency, rate = excluded.rate, currency_cost = excluded.currency_cost`,
  ),
});

export const naklSql = (db: Db) => statements(db, prepare);
