/**
 * Stock invoices (накладні) and imports. An incoming invoice books each line as a FIFO batch
 * right away (document_number = nn); an inventory count only records counted quantities until
 * nakl.renew_inventory_rest posts them. An import stages lines in a temporary document
 * (temp_nn) until it is confirmed into an invoice or cancelled.
 */
import type { Migration } from '../../../../shared-node/sqlite/migrate.js';

export const naklMigrations: Migration[] = [
  {
    id: '0130_catalog_nakl',
    up: `
-- Hryvnias per unit of a currency (×10^6); UAH is 1.
CREATE TABLE currencies (
  code TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  rate INTEGER NOT NULL CHECK (rate > 0)
) STRICT;
INSERT INTO currencies (code, name, rate) VALUES ('UAH', 'гривня', 1000000);

CREATE TABLE invoices (
  nn TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('incoming', 'inventory')),
  sk INTEGER NOT NULL DEFAULT 0 CHECK (sk BETWEEN 0 AND 2),
  supplier TEXT NOT NULL DEFAULT '',
  currency TEXT NOT NULL DEFAULT 'UAH',
  rate INTEGER NOT NULL DEFAULT 1000000,
  created_at TEXT NOT NULL,
  -- The shop-local day its batches were received: their place in FIFO order.
  received_on TEXT NOT NULL,
  -- When an inventory count was last posted to stock.
  counted_at TEXT
) STRICT;

-- price: sale price in hryvnias; cost: unit cost in hryvnias; currency_cost: the unit cost as
-- the supplier billed it, in the line's currency at its rate.
CREATE TABLE invoice_lines (
  nn TEXT NOT NULL REFERENCES invoices(nn) ON DELETE CASCADE,
  code TEXT NOT NULL REFERENCES goods(code) ON UPDATE CASCADE,
  quantity INTEGER NOT NULL,
  price INTEGER NOT NULL,
  cost INTEGER NOT NULL,
  markup INTEGER NOT NULL,
  currency TEXT NOT NULL,
  rate INTEGER NOT NULL,
  currency_cost INTEGER NOT NULL,
  batch_id INTEGER REFERENCES stock_batches(id),
  PRIMARY KEY (nn, code)
) STRICT;
CREATE INDEX invoice_lines_code ON invoice_lines(code);

-- Lines of an import wait here until confirmed into the invoice nn.
CREATE TABLE nakl_imports (
  temp_nn TEXT PRIMARY KEY,
  nn TEXT NOT NULL,
  created_at TEXT NOT NULL,
  user TEXT NOT NULL DEFAULT ''
) STRICT;
CREATE TABLE nakl_import_lines (
  temp_nn TEXT NOT NULL REFERENCES nakl_imports(temp_nn) ON DELETE CASCADE,
  code TEXT NOT NULL REFERENCES goods(code) ON UPDATE CASCADE ON DELETE CASCADE,
  quantity INTEGER NOT NULL,
  price INTEGER NOT NULL,
  cost INTEGER NOT NULL,
  currency TEXT NOT NULL,
  rate INTEGER NOT NULL,
  currency_cost INTEGER NOT NULL,
  PRIMARY KEY (temp_nn, code)
) STRICT;

-- Invoices whose number starts with this are inventory counts from their first line.
INSERT OR IGNORE INTO shop_settings (key, value) VALUES ('inventory_prefix', 'ІНВ');
`,
  },
];
