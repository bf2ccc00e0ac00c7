/**
 * Directories of the back office: counterparties, discount actions, caption settings and users.
 * Each record is addressed on the wire by a stable string key: its row id, which never changes
 * or gets reused (AUTOINCREMENT), so a key read before a delete never lands on a newer record.
 */
import type { Migration } from '../../../../shared-node/sqlite/migrate.js';

export const directoryMigrations: Migration[] = [
  {
    id: '0140_catalog_directories',
    up: `
CREATE TABLE counterparties (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL UNIQUE,
  rekv TEXT NOT NULL DEFAULT ''
) STRICT;

-- A percent off for a period: for one product (code) or every product (code = ''),
-- for every buyer (action_type 0) or only discount-card holders (action_type 1).
CREATE TABLE discount_actions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uin INTEGER NOT NULL,
  name TEXT NOT NULL DEFAULT '',
  code TEXT NOT NULL DEFAULT '',
  disc INTEGER NOT NULL,
  action_type INTEGER NOT NULL,
  date_from TEXT NOT NULL,
  date_to TEXT NOT NULL,
  CHECK (date_from <= date_to)
) STRICT;
CREATE INDEX discount_actions_period ON discount_actions(date_from, date_to);

-- Captions of fields in Russian and Ukrainian; zap adds the column width of grid views.
CREATE TABLE translate_zap (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  fld TEXT NOT NULL UNIQUE,
  rus TEXT NOT NULL,
  ukr TEXT NOT NULL,
  width INTEGER NOT NULL DEFAULT 0
) STRICT;
CREATE TABLE translate_kupm (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  fld TEXT NOT NULL UNIQUE,
  rus TEXT NOT NULL,
  ukr TEXT NOT NULL
) STRICT;

-- People who work the shop: cashiers, consultants, managers. card is the login card they scan;
-- level their access level; kf their bonus coefficient (×10^6); kasx the till they work at.
CREATE TABLE users (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  card TEXT NOT NULL UNIQUE,
  level TEXT NOT NULL,
  rekv TEXT NOT NULL DEFAULT '',
  kf INTEGER NOT NULL DEFAULT 1000000,
  kasx INTEGER NOT NULL DEFAULT 0,
  typex TEXT NOT NULL DEFAULT '',
  tel TEXT NOT NULL DEFAULT ''
) STRICT;
`,
  },
];
