/** SQL of confirmed manual prices. Money ×10^4, quantities ×10^3, percents ×10^4. */
import type { Db } from '../../../../../shared-node/sql/db.js';
import { statements } from '../../../core/statements.js';

const prepare = (db: Db) => ({
  /** The latest manual price or percent a manager confirmed for a product of a sale document. */
  latest: db.prepare<[string, string], { price: number | null; percent: number | null }>(
    'SELECT price, percent FROM manual_price_changes WHERE ndoc = ? AND code = ? ORDER BY id DESC LIMIT 1',
  ),
  goods: db.prepare<[string], { name: string; price: number; no_discount: number }>(
    'SELECT name, price, no_discount FROM goods WHERE code = ?',
  ),
  record: db.prepare<
    {
      ndoc: string;
      kasm: number;
      code: string;
      quantity: number;
      list_price: number;
      price: number | null;
      percent: number | null;
      reason: string;
      manager_id: number;
      manager_name: string;
      cashier: string;
      at: string;
    },
    void
  >(
    `INSERT INTO manual_price_changes (ndoc, kasm, code, quantity, list_price, price, percent, reason, manager_id, manager_name, cashier, at)
     VALUES (@ndoc, @kasm, @code, @quantity, @list_price, @price, @percent, @reason, @manager_id, @manager_name, @cashier, @at)`,
  ),
});

export const manualPriceSql = (db: Db) => statements(db, prepare);
