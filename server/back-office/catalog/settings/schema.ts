/**
 * Workplace profiles (TP): each user's settings of the cash desk, started from the shop's
 * defaults (kept in shop_settings) and edited afterwards.
 */
import type { Migration } from '../../../../shared-node/sqlite/migrate.js';

export const settingsMigrations: Migration[] = [
  {
    id: '0150_catalog_settings',
    up: `
CREATE TABLE workplace_profiles (
  user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  dopinf TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
INSERT OR IGNORE INTO shop_settings (key, value) VALUES
  ('tp_default_name', 'Робоче місце касира'),
  ('tp_default_dopinf', 'font=12;scale=1;sound=1;confirm_delete=1');
`,
  },
];
