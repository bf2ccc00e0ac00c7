/**
 * The till's own copy of the catalogue (catalog.sqlite beside the outbox): what goods.catalog_changes
 * gives, as it gives it (decimal strings), plus where the copy comes from and how far it has read.
 * A copy, not a record: it can be thrown away and read again, so it is opened without fsync waits.
 */
import type { Migration } from '../../../shared-node/sqlite/migrate.js';

export const catalogCopyMigrations: readonly Migration[] = [
  {
    id: '0001_catalog_copy',
    up: `
      CREATE TABLE goods (
        code TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        unit TEXT NOT NULL,
        price TEXT NOT NULL,
        weighted INTEGER NOT NULL,
        plu TEXT NOT NULL,
        excise INTEGER NOT NULL,
        age_limit INTEGER NOT NULL,
        stock TEXT NOT NULL
      ) STRICT;
      CREATE TABLE codes (extra_code TEXT PRIMARY KEY, code TEXT NOT NULL) STRICT;
      CREATE TABLE cards (
        card TEXT PRIMARY KEY,
        holder TEXT NOT NULL,
        discount_percent TEXT NOT NULL,
        debt TEXT NOT NULL,
        debt_limit TEXT NOT NULL,
        bonus TEXT NOT NULL
      ) STRICT;
      CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
      -- service: whose copy this is; cursor: the last seq read; synced_at: when it was last current.
      CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
    `,
  },
];
