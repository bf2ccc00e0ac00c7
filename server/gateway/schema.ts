/**
 * The gateway's own tables in a back office file: API keys (hashes only) and idempotency records
 * (per back office). A data folder of many clients keeps its keys in its registry instead
 * (server/clients/registry.ts), with the same columns.
 */
import type { Migration } from '../../shared-node/sqlite/migrate.js';
import { createApiKeysTable } from '../auth/keys-table.js';

export const gatewayMigrations: Migration[] = [
  {
    id: '0001_gateway',
    up: `
${createApiKeysTable()}

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
  {
    // An Idempotency-Key belongs to the back office, not to the API key that sent it: a desk whose
    // key was replaced resends its queued writes under the new key, and they must replay (issue 12).
    // A record from before keeps working: the first use of each key becomes the back office's;
    // a later use of the same key by another API key stays that API key's own (owner = its id),
    // found first for that API key, so every earlier answer still replays to whoever got it.
    id: '0002_idempotency_per_back_office',
    up: `
CREATE TABLE idempotency_records_new (
  idem_key TEXT NOT NULL,
  -- '' for the back office; an API key's id only for a record from before that shares its key.
  owner TEXT NOT NULL DEFAULT '',
  -- The API key that made the record, for a person reading the table.
  key_id TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  method TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('in_progress', 'done', 'unknown')),
  result TEXT,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (idem_key, owner)
) STRICT, WITHOUT ROWID;
INSERT INTO idempotency_records_new (idem_key, owner, key_id, fingerprint, method, state, result, created_at)
SELECT idem_key,
       CASE WHEN row_number() OVER (PARTITION BY idem_key ORDER BY created_at, key_id) = 1 THEN '' ELSE key_id END,
       key_id, fingerprint, method, state, result, created_at
FROM idempotency_records;
DROP TABLE idempotency_records;
ALTER TABLE idempotency_records_new RENAME TO idempotency_records;
CREATE INDEX idempotency_records_age ON idempotency_records(created_at);
`,
  },
  {
    // The client a key acts for. In a back office file every key is the file's own (''); the
    // registry of a data folder names the client's id.
    id: '0003_api_key_client',
    up: `ALTER TABLE api_keys ADD COLUMN client_id TEXT NOT NULL DEFAULT '';`,
  },
];
