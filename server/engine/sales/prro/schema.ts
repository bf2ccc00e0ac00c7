/**
 * The PRRO online queue: fiscal documents of each register (numprro) in one hash chain, sent in
 * chain order. Statuses 0..9 are shared/contract/prro-status.ts.
 */
import type { Migration } from '../../../db/migrate.js';

export const prroMigrations: Migration[] = [
  {
    id: '0230_sales_prro',
    up: `
-- Per register: the offline session its documents are numbered in, and the chain counters.
CREATE TABLE prro_registers (
  numprro TEXT PRIMARY KEY,
  offline_session_id INTEGER NOT NULL,
  offline_seed TEXT NOT NULL,
  session_doc_count INTEGER NOT NULL,
  last_local_num INTEGER NOT NULL
) STRICT;

CREATE TABLE prro_docs (
  id INTEGER PRIMARY KEY,
  kasm INTEGER NOT NULL,
  numprro TEXT NOT NULL REFERENCES prro_registers(numprro),
  doc_type TEXT NOT NULL,
  created_at TEXT NOT NULL,
  -- Shop-local date of created_at: what the error views filter on.
  created_date TEXT NOT NULL,
  xml_body_b64 TEXT NOT NULL,
  doc_hash TEXT NOT NULL,
  prev_doc_hash TEXT NOT NULL,
  offline_session_id TEXT NOT NULL,
  local_doc_number INTEGER NOT NULL,
  local_num INTEGER NOT NULL,
  control_code TEXT NOT NULL,
  fiscal_number TEXT NOT NULL DEFAULT '',
  user_id TEXT NOT NULL,
  last_error TEXT NOT NULL DEFAULT '',
  status INTEGER NOT NULL CHECK (status BETWEEN 0 AND 9),
  check_number INTEGER,
  updated_at TEXT NOT NULL,
  UNIQUE (numprro, local_num)
) STRICT;
CREATE INDEX prro_docs_status ON prro_docs(status, created_date);
CREATE INDEX prro_docs_open ON prro_docs(numprro, status, local_num);
`,
  },
];
