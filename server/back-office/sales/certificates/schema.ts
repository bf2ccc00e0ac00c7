/** The register of gift certificates: each issued once, redeemed once, for at most its amount. */
import type { Migration } from '../../../../shared-node/sqlite/migrate.js';

export const certificateMigrations: Migration[] = [
  {
    id: '0340_certificates',
    up: `
CREATE TABLE certificates (
  number TEXT PRIMARY KEY,
  amount INTEGER NOT NULL CHECK (amount > 0),
  comment TEXT NOT NULL,
  issued_at TEXT NOT NULL,
  issued_by TEXT NOT NULL,
  -- Set when a receipt redeemed it; redeemed is what that receipt took (at most amount).
  redeemed_at TEXT,
  redeemed INTEGER,
  check_number INTEGER REFERENCES receipts(check_number)
) STRICT;
`,
  },
];
