/** SQL of product cards and what hangs off them. Money ×10^4, quantities ×10^3 (decimal.ts). */
import type { Db } from '../../../../shared-node/sql/db.js';
import { statements } from '../../core/statements.js';

export interface CardRow {
  code: string;
  name: string;
  unit_type: string;
  supplier: string;
  category: string;
  parent_category: string;
  category_id: string;
  shelf_life_days: number;
  c2: string;
  additional_info: string;
  in_cloud: number;
  no_discount: number;
  cost: number;
  price: number;
  markup: number;
  critical_quantity: number;
  date_added: string;
  weighted: number;
  plu: string | null;
  excise_input: number;
  uktzed: string;
  description: string;
  kitchen_printer: string;
  /** Stock in the storage asked for. */
  quantity: number;
}

export interface ComponentRow {
  code: string;
  name: string;
  cost: number;
  price: number;
  unit_type: string;
  quantity: number;
}

const CARD = `SELECT g.code, g.name, g.unit_type, g.supplier, g.category, g.parent_category, g.category_id,
  g.shelf_life_days, g.c2, g.additional_info, g.in_cloud, g.no_discount, g.cost, g.price, g.markup,
  g.critical_quantity, g.date_added, g.weighted, g.plu, g.excise_input, g.uktzed, g.description,
  g.kitchen_printer, coalesce(s.quantity, 0) AS quantity
  FROM goods g LEFT JOIN goods_stock s ON s.code = g.code AND s.sk = ?`;

const prepare = (db: Db) => ({
  card: db.prepare<[number, string], CardRow>(`${CARD} WHERE g.code = ?`),
  cardByPlu: db.prepare<[number, string], CardRow>(`${CARD} WHERE g.plu = ?`),
  cardByExtraCode: db.prepare<[number, string], CardRow>(
    `${CARD} WHERE g.code = (SELECT code FROM goods_extra_codes WHERE extra_code = ?)`,
  ),
  exists: db.prepare<[string], { one: number }>('SELECT 1 AS one FROM goods WHERE code = ?'),
  nameOf: db.prepare<[string], { code: string; name: string }>('SELECT code, name FROM goods WHERE code = ?'),
  extraCodes: db.prepare<[string], { extra_code: string }>(
    'SELECT extra_code FROM goods_extra_codes WHERE code = ? ORDER BY extra_code',
  ),
  extraCodeOwner: db.prepare<[string], { code: string; name: string }>(
    'SELECT g.code, g.name FROM goods_extra_codes e JOIN goods g ON g.code = e.code WHERE e.extra_code = ?',
  ),
  /** Filled values, in the order of the shop's field list, unknown fields last. */
  extraValues: db.prepare<[string], { field_name: string; value: string }>(
    `SELECT v.field_name, v.value FROM goods_extra_values v
     LEFT JOIN goods_extra_fields f ON f.name = v.field_name
     WHERE v.code = ? AND v.value <> '' ORDER BY coalesce(f.position, 2147483647), v.field_name`,
  ),
  /** Every field of the shop's list (empty where the card has none) and any other value it has. */
  extraValuesWithEmpty: db.prepare<{ code: string }, { field_name: string; value: string }>(
    `SELECT field_name, value FROM (
       SELECT f.name AS field_name, coalesce(v.value, '') AS value, f.position AS position
       FROM goods_extra_fields f LEFT JOIN goods_extra_values v ON v.code = @code AND v.field_name = f.name
       UNION ALL
       SELECT v.field_name, v.value, 2147483647 FROM goods_extra_values v
       WHERE v.code = @code AND v.field_name NOT IN (SELECT name FROM goods_extra_fields)
     ) AS fields ORDER BY position, field_name`,
  ),
  extraValue: db.prepare<[string, string], { value: string }>(
    'SELECT value FROM goods_extra_values WHERE code = ? AND field_name = ?',
  ),
  composition: db.prepare<[string], ComponentRow>(
    `SELECT c.component_code AS code, g.name, g.cost, g.price, g.unit_type, c.quantity
     FROM goods_composition c JOIN goods g ON g.code = c.component_code WHERE c.code = ? ORDER BY g.name, g.code`,
  ),
  picture: db.prepare<[string], { folder: string; picture: string }>('SELECT folder, picture FROM goods_pictures WHERE code = ?'),
  uktzed: db.prepare<[string], { code: string; name: string; uktzed: string }>(
    'SELECT code, name, uktzed FROM goods WHERE code = ?',
  ),
  excise: db.prepare<[string], { excise_input: number }>('SELECT excise_input FROM goods WHERE code = ?'),
  /** Three-digit articles in use, ascending, to find the first gap. */
  usedArticles: db.prepare<[], { art: string }>("SELECT art FROM goods WHERE art GLOB '[0-9][0-9][0-9]' ORDER BY art"),
  /** The highest 13-digit code under a prefix among product and extra codes. */
  highestCode: db.prepare<{ pattern: string }, { code: string | null }>(
    `SELECT max(code) AS code FROM (
       SELECT code FROM goods WHERE code GLOB @pattern
       UNION ALL SELECT extra_code FROM goods_extra_codes WHERE extra_code GLOB @pattern
     ) AS codes`,
  ),
  codeTaken: db.prepare<{ code: string }, { one: number }>(
    `SELECT 1 AS one FROM goods WHERE code = @code
     UNION ALL SELECT 1 FROM goods_extra_codes WHERE extra_code = @code LIMIT 1`,
  ),
  nameHistory: db.prepare<[string], { name: string }>('SELECT name FROM goods_name_history WHERE code = ? ORDER BY id DESC'),
  recordName: db.prepare<[string, string, string, string], void>(
    'INSERT INTO goods_name_history (code, name, changed_at, user) VALUES (?, ?, ?, ?)',
  ),
  rename: db.prepare<[string, string], void>('UPDATE goods SET name = ? WHERE code = ?'),
  reprice: db.prepare<[number, string], void>('UPDATE goods SET price = ? WHERE code = ?'),
  clearTags: db.prepare<[string], void>('DELETE FROM price_tags WHERE user = ?'),
  addTag: db.prepare<[string, string, number, string], void>(
    `INSERT INTO price_tags (user, code, quantity, prepared_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (user, code) DO UPDATE SET quantity = price_tags.quantity + excluded.quantity`,
  ),
});

export const goodsSql = (db: Db) => statements(db, prepare);
