/** The gateway's own tables: API keys (hashes only) and idempotency records. */
import type { Migration } from '../../shared-node/sqlite/migrate.js';

export const gatewayMigrations: Migration[] = [
  {
    id: '0001_gateway',
    up: `
CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  secret_hash TEXT NOT NULL,
  scopes TEXT NOT NULL,
  created_at TEXT NOT NULL,
  revoked_at TEXT
) STRICT;

-- One record per (API key, Idempotency-Key). 'done' keeps the result to replay; 'in_progress'
-- is written before a non-transactional upstream is called; 'unknown' is never executed again.
CREATE TABLE idempotency_records (
  key_id TEXT NOT NULL,
  idem_key TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  method TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('in_progress', 'done', 'unknown')),
  result TEXT,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (key_id, idem_key)
) STRICT, WITHOUT ROWID;
CREATE INDEX idempotency_records_age ON idempotency_records(created_at);
`,
  },
];
