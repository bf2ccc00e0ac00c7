/**
 * Confirmation PINs of the shop's users (a manager's, for a manual price at a till): only a salted
 * scrypt hash is kept, with the run of wrong attempts and the lockout they earned.
 */
import type { Migration } from '../../../../../shared-node/sqlite/migrate.js';

export const pinMigrations: Migration[] = [
  {
    id: '0145_catalog_user_pins',
    up: `
CREATE TABLE user_pins (
  user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  salt TEXT NOT NULL,
  hash TEXT NOT NULL,
  -- Wrong attempts in a row since the last right one or the last lockout.
  failures INTEGER NOT NULL DEFAULT 0,
  -- UTC ISO 8601; no attempt is checked before it.
  locked_until TEXT,
  set_at TEXT NOT NULL
) STRICT;
`,
  },
];
