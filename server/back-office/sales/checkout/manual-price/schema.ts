/** Every manual price or discount a manager confirmed at a till: who asked, who confirmed, what changed. */
import type { Migration } from '../../../../../shared-node/sqlite/migrate.js';

export const manualPriceMigrations: Migration[] = [
  {
    id: '0310_sales_manual_price',
    up: `
CREATE TABLE manual_price_changes (
  id INTEGER PRIMARY KEY,
  ndoc TEXT NOT NULL,
  kasm INTEGER NOT NULL,
  code TEXT NOT NULL,
  quantity INTEGER NOT NULL,
  list_price INTEGER NOT NULL,
  -- Exactly one of the new unit price and the discount percent.
  price INTEGER,
  percent INTEGER,
  reason TEXT NOT NULL DEFAULT '',
  manager_id INTEGER NOT NULL REFERENCES users(id),
  manager_name TEXT NOT NULL,
  cashier TEXT NOT NULL,
  at TEXT NOT NULL,
  CHECK ((price IS NULL) <> (percent IS NULL))
) STRICT;
CREATE INDEX manual_price_changes_doc ON manual_price_changes(ndoc);
`,
  },
];
