/**
 * Tables both halves of the back office use: goods, their stock and FIFO batches, cash boxes,
 * tills and shop settings. Money is INTEGER ×10^4, quantities ×10^3, percents ×10^4 (decimal.ts).
 * Area migrations (catalog 0110.., sales 0200..) build on these.
 */
import type { Migration } from '../../../shared-node/sqlite/migrate.js';

export const coreMigrations: Migration[] = [
  {
    id: '0100_core',
    up: `
CREATE TABLE goods (
  code TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  unit_type TEXT NOT NULL DEFAULT 'шт',
  supplier TEXT NOT NULL DEFAULT '',
  category TEXT NOT NULL DEFAULT '',
  parent_category TEXT NOT NULL DEFAULT '',
  category_id TEXT NOT NULL DEFAULT '',
  shelf_life_days INTEGER NOT NULL DEFAULT 0,
  c2 TEXT NOT NULL DEFAULT '',
  additional_info TEXT NOT NULL DEFAULT '',
  in_cloud INTEGER NOT NULL DEFAULT 0,
  no_discount INTEGER NOT NULL DEFAULT 0,
  cost INTEGER NOT NULL DEFAULT 0,
  price INTEGER NOT NULL DEFAULT 0,
  markup INTEGER NOT NULL DEFAULT 0,
  critical_quantity INTEGER NOT NULL DEFAULT 0,
  date_added TEXT NOT NULL,
  weighted INTEGER NOT NULL DEFAULT 0,
  plu TEXT,
  excise_input INTEGER NOT NULL DEFAULT 0,
  uktzed TEXT NOT NULL DEFAULT '',
  description TEXT NOT NULL DEFAULT '',
  kitchen_printer TEXT NOT NULL DEFAULT '',
  art TEXT
) STRICT;
CREATE UNIQUE INDEX goods_plu ON goods(plu) WHERE plu IS NOT NULL;
CREATE UNIQUE INDEX goods_art ON goods(art) WHERE art IS NOT NULL;
CREATE INDEX goods_name ON goods(name);

-- Quantity on hand per storage: 0 main, 1..2 branches. Always equals the sum of its batches.
CREATE TABLE goods_stock (
  code TEXT NOT NULL REFERENCES goods(code) ON UPDATE CASCADE ON DELETE CASCADE,
  sk INTEGER NOT NULL CHECK (sk BETWEEN 0 AND 2),
  quantity INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (code, sk)
) STRICT;

-- FIFO batches: what each delivery left, at what cost; a sale takes from the oldest first.
CREATE TABLE stock_batches (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL REFERENCES goods(code) ON UPDATE CASCADE ON DELETE CASCADE,
  sk INTEGER NOT NULL DEFAULT 0 CHECK (sk BETWEEN 0 AND 2),
  document_number TEXT NOT NULL,
  cost INTEGER NOT NULL,
  quantity INTEGER NOT NULL,
  received_on TEXT NOT NULL,
  fiscal INTEGER NOT NULL DEFAULT 0
) STRICT;
CREATE INDEX stock_batches_fifo ON stock_batches(code, sk, received_on, id);

CREATE TABLE cash_boxes (
  akas TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  balance INTEGER NOT NULL DEFAULT 0
) STRICT;

-- Every change of a cash box balance; the balance always equals the sum of its movements.
CREATE TABLE cash_movements (
  id INTEGER PRIMARY KEY,
  akas TEXT NOT NULL REFERENCES cash_boxes(akas),
  amount INTEGER NOT NULL,
  tdoc TEXT NOT NULL,
  payment_name TEXT NOT NULL DEFAULT '',
  ref TEXT NOT NULL DEFAULT '',
  user TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX cash_movements_box ON cash_movements(akas, id);

CREATE TABLE tills (
  kasm INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  akas TEXT NOT NULL REFERENCES cash_boxes(akas),
  numprro TEXT NOT NULL DEFAULT '',
  bank_destination TEXT NOT NULL DEFAULT ''
) STRICT;

-- Shop-wide switches, e.g. allow_negative_stock = '0'.
CREATE TABLE shop_settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;
INSERT INTO shop_settings (key, value) VALUES ('allow_negative_stock', '0');
`,
  },
  {
    // PostgreSQL alone: the shop's write turn (dialect-sql.ts, takeWriteTurn), a table that holds
    // nothing and is only ever locked. SQLite's IMMEDIATE transaction is its write turn already.
    id: '0101_write_turn',
    up: '',
    postgres: 'CREATE TABLE write_turn ();',
  },
  {
    // The batches FIFO can still take from (catalog/stock/statements.ts, takeStart): a shop's
    // sold-out batches only grow, and a take need not walk them.
    id: '0102_stock_batches_holding',
    up: 'CREATE INDEX stock_batches_holding ON stock_batches(code, sk, received_on, id) WHERE quantity > 0;',
  },
];
