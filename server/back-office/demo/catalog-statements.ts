/**
 * Inserts only the demo seed needs: rows no operation creates (product cards and what hangs on
 * them, tills and cash boxes, templates). Everything an operation also writes goes through that
 * area's statements or rules instead.
 */
import type { Db } from '../../../shared-node/sql/db.js';
import type { CardRow } from '../catalog/goods/statements.js';
import { statements } from '../core/statements.js';

/** A product card as the seed writes it: the card columns without what only reads compute. */
export type SeedGoodsRow = Omit<CardRow, 'kitchen_printer' | 'quantity'> & { art: string | null; age_limit: number };

const prepare = (db: Db) => ({
  anyGoods: db.prepare<[], { one: number }>('SELECT 1 AS one FROM goods LIMIT 1'),
  goods: db.prepare<SeedGoodsRow, void>(
    `INSERT INTO goods (code, name, unit_type, supplier, category, parent_category, category_id, shelf_life_days, c2,
       additional_info, in_cloud, no_discount, cost, price, markup, critical_quantity, date_added, weighted, plu,
       excise_input, uktzed, description, art, age_limit)
     VALUES (@code, @name, @unit_type, @supplier, @category, @parent_category, @category_id, @shelf_life_days, @c2,
       @additional_info, @in_cloud, @no_discount, @cost, @price, @markup, @critical_quantity, @date_added, @weighted, @plu,
       @excise_input, @uktzed, @description, @art, @age_limit)`,
  ),
  extraField: db.prepare<[string, number], void>('INSERT INTO goods_extra_fields (name, position) VALUES (?, ?)'),
  extraCode: db.prepare<[string, string], void>('INSERT INTO goods_extra_codes (extra_code, code) VALUES (?, ?)'),
  extraValue: db.prepare<[string, string, string], void>(
    'INSERT INTO goods_extra_values (code, field_name, value) VALUES (?, ?, ?)',
  ),
  component: db.prepare<[string, string, number], void>(
    'INSERT INTO goods_composition (code, component_code, quantity) VALUES (?, ?, ?)',
  ),
  picture: db.prepare<[string, string, string], void>('INSERT INTO goods_pictures (code, folder, picture) VALUES (?, ?, ?)'),
  oldName: db.prepare<[string, string, string, string], void>(
    'INSERT INTO goods_name_history (code, name, changed_at, user) VALUES (?, ?, ?, ?)',
  ),
  currency: db.prepare<[string, string, number], void>('INSERT INTO currencies (code, name, rate) VALUES (?, ?, ?)'),
  cashBox: db.prepare<[string, string], void>('INSERT INTO cash_boxes (akas, name) VALUES (?, ?)'),
  till: db.prepare<[number, string, string, string, string], void>(
    'INSERT INTO tills (kasm, name, akas, numprro, bank_destination) VALUES (?, ?, ?, ?, ?)',
  ),
  /** The opening float: a movement and the balance together, so the box equals its movements. */
  cashIn: db.prepare<
    { akas: string; amount: number; tdoc: string; payment_name: string; user: string; created_at: string },
    void
  >(
    `INSERT INTO cash_movements (akas, amount, tdoc, payment_name, ref, user, created_at)
     VALUES (@akas, @amount, @tdoc, @payment_name, 'demo', @user, @created_at)`,
  ),
  addBalance: db.prepare<[number, string], void>('UPDATE cash_boxes SET balance = balance + ? WHERE akas = ?'),
  invoiceOrigin: db.prepare<[number, string, string], void>('UPDATE invoices SET sk = ?, supplier = ? WHERE nn = ?'),
  receiptPart: db.prepare<[string, string, string], void>(
    'INSERT INTO receipt_template_parts (part, text, updated_at) VALUES (?, ?, ?)',
  ),
  receiptTemplate: db.prepare<[string, string, string, string], void>(
    'INSERT INTO receipt_templates (kind, name, body, updated_at) VALUES (?, ?, ?, ?)',
  ),
  reportTemplate: db.prepare<[string, string, string], void>(
    'INSERT INTO report_templates (type, body, updated_at) VALUES (?, ?, ?)',
  ),
});

export const seedSql = (db: Db) => statements(db, prepare);
