/**
 * A manager's confirmations at a till: who confirmed what, for which till, and which write used
 * it. A confirmation is used once and only within its time, so a PIN typed for one cash-out never
 * covers a second.
 */
import type { Migration } from '../../../../shared-node/sqlite/migrate.js';

export const peopleMigrations: Migration[] = [
  {
    id: '0350_sales_manager_confirmations',
    up: `
CREATE TABLE manager_confirmations (
  id INTEGER PRIMARY KEY,
  kasm INTEGER NOT NULL,
  action TEXT NOT NULL,
  subject TEXT NOT NULL,
  manager_id INTEGER NOT NULL REFERENCES users(id),
  manager_name TEXT NOT NULL,
  -- The signed-in cashier who asked (header X-Cashier), when known.
  cashier_id INTEGER,
  -- UTC ISO 8601.
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT,
  -- What used it, e.g. "cash:withdrawal:17" or "return:4".
  used_by TEXT
) STRICT;
`,
  },
];
