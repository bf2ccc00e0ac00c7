/**
 * The PRRO online queue: fiscal documents of each register (numprro) in one hash chain, sent in
 * chain order. Statuses 0..9 are shared/contract/prro-status.ts.
 */
import type { Migration } from '../../../../shared-node/sqlite/migrate.js';

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
  {
    id: '0310_prro_registers_online_offline',
    up: `
-- A register is online (documents go to the tax server one by one and get their fiscal number
-- from it) or offline (documents get offline fiscal numbers and a hash chain, and go later as a
-- package). offline_session_id / offline_seed are what the tax server handed out for the next
-- offline session (0 / '': none yet, so the register cannot go offline). Earlier files held
-- placeholders there, not the server's: they are cleared.
ALTER TABLE prro_registers ADD COLUMN mode TEXT NOT NULL DEFAULT 'online' CHECK (mode IN ('online', 'offline'));
UPDATE prro_registers SET offline_session_id = 0, offline_seed = '', session_doc_count = 0;

-- Every offline session of a register: its duration counts against the 36-hour and monthly limits.
CREATE TABLE prro_offline_sessions (
  numprro TEXT NOT NULL REFERENCES prro_registers(numprro),
  session_id INTEGER NOT NULL,
  seed TEXT NOT NULL,
  started_at TEXT NOT NULL,
  -- Shop-local month of started_at, YYYY-MM: what the monthly limit sums over.
  month TEXT NOT NULL,
  last_financial_at TEXT NOT NULL,
  ended_at TEXT,
  PRIMARY KEY (numprro, session_id)
) STRICT;

-- The queue, rebuilt: a withdrawn (cancelled) document gives its local number back to the chain,
-- so numbers are unique only among live documents. content_json is what the document says
-- (prro/dps/content.ts), kept to check a requeued body against and to total a shift.
CREATE TABLE prro_docs_new (
  id INTEGER PRIMARY KEY,
  kasm INTEGER NOT NULL,
  numprro TEXT NOT NULL REFERENCES prro_registers(numprro),
  doc_type TEXT NOT NULL,
  created_at TEXT NOT NULL,
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
  shift_id INTEGER,
  content_json TEXT NOT NULL DEFAULT '',
  ref TEXT NOT NULL DEFAULT ''
) STRICT;
INSERT INTO prro_docs_new (id, kasm, numprro, doc_type, created_at, created_date, xml_body_b64, doc_hash, prev_doc_hash,
  offline_session_id, local_doc_number, local_num, control_code, fiscal_number, user_id, last_error, status, check_number,
  updated_at)
SELECT id, kasm, numprro, doc_type, created_at, created_date, xml_body_b64, doc_hash, prev_doc_hash, offline_session_id,
  local_doc_number, local_num, control_code, fiscal_number, user_id, last_error, status, check_number, updated_at
FROM prro_docs;
DROP TABLE prro_docs;
ALTER TABLE prro_docs_new RENAME TO prro_docs;
CREATE UNIQUE INDEX prro_docs_place ON prro_docs(numprro, local_num) WHERE status <> 5;
CREATE INDEX prro_docs_chain ON prro_docs(numprro, local_num);
CREATE INDEX prro_docs_status ON prro_docs(status, created_date);
CREATE INDEX prro_docs_open ON prro_docs(numprro, status, local_num);
CREATE INDEX prro_docs_shift ON prro_docs(shift_id, local_num);
CREATE INDEX prro_docs_session ON prro_docs(numprro, offline_session_id, local_num);

-- Every change a person made to a document: who, when, what, and the body's hash before and after.
CREATE TABLE prro_doc_audit (
  id INTEGER PRIMARY KEY,
  doc_id INTEGER NOT NULL REFERENCES prro_docs(id),
  at TEXT NOT NULL,
  user TEXT NOT NULL,
  action TEXT NOT NULL,
  status_before INTEGER NOT NULL,
  status_after INTEGER NOT NULL,
  hash_before TEXT NOT NULL,
  hash_after TEXT NOT NULL,
  note TEXT NOT NULL
) STRICT;
CREATE INDEX prro_doc_audit_doc ON prro_doc_audit(doc_id, id);
`,
  },
  {
    // The monthly offline limit splits each session at the month's start (register/offline.ts), so
    // the month a session began is no longer what it sums over.
    id: '0360_prro_offline_sessions_without_month',
    up: 'ALTER TABLE prro_offline_sessions DROP COLUMN month;',
  },
  {
    // Documents are signed with the register's КЕП (server/dps/signing) before they go to the tax
    // server: the signed bytes are kept, and an offline session's hash chain runs over them.
    id: '0380_prro_signing_and_keys',
    up: `
-- The document as sent (CMS SignedData of xml_body_b64) and its SHA-256; '' until it is signed.
ALTER TABLE prro_docs ADD COLUMN signed_b64 TEXT NOT NULL DEFAULT '';
ALTER TABLE prro_docs ADD COLUMN signed_hash TEXT NOT NULL DEFAULT '';
-- When the tax server registered it, as its ticket says (ddMMyyyy HHmmss, Kyiv); '' where unknown.
ALTER TABLE prro_docs ADD COLUMN registered_at TEXT NOT NULL DEFAULT '';
CREATE INDEX prro_docs_unsigned ON prro_docs(numprro, local_num) WHERE signed_b64 = '' AND status NOT IN (2, 5, 9);

-- A 102 document whose place held a document sent online without an answer: before its session
-- goes up, the server is asked whether it registered that one (then the 102 says REVOKELASTONLINEDOC).
ALTER TABLE prro_registers ADD COLUMN revoke_check INTEGER NOT NULL DEFAULT 0;
-- What the tax server said of this register's device (DeviceRegister): '' not asked, 'ours', or the other device's id.
ALTER TABLE prro_registers ADD COLUMN device TEXT NOT NULL DEFAULT '';

-- Each register's signing key: the container as the shop gave it (still encrypted by its own
-- password), its signing certificate and what the manager's screen shows of it. The password is
-- never stored, except, where the shop chose unattended work, encrypted with the service's own
-- secret (unattended_b64).
CREATE TABLE prro_keys (
  numprro TEXT PRIMARY KEY,
  container_b64 TEXT NOT NULL,
  certificate_b64 TEXT NOT NULL,
  owner TEXT NOT NULL,
  drfo TEXT NOT NULL,
  edrpou TEXT NOT NULL,
  issuer TEXT NOT NULL,
  valid_from TEXT NOT NULL,
  valid_to TEXT NOT NULL,
  loaded_at TEXT NOT NULL,
  loaded_by TEXT NOT NULL,
  unattended_b64 TEXT NOT NULL DEFAULT ''
) STRICT;

-- Who loaded, unlocked, locked or left a key for unattended work, and when.
CREATE TABLE prro_key_events (
  id INTEGER PRIMARY KEY,
  numprro TEXT NOT NULL,
  at TEXT NOT NULL,
  user TEXT NOT NULL,
  action TEXT NOT NULL,
  note TEXT NOT NULL DEFAULT ''
) STRICT;
CREATE INDEX prro_key_events_register ON prro_key_events(numprro, id);
`,
  },
  {
    // The queue's reads start at a register's first document the tax server has not settled, and
    // count them after every write: through the chain index they read every settled document
    // before it (a day's receipts), ~18 ms a write once a register holds a few thousand. This
    // index holds only the unsettled ones, so both cost what is still to go. Its status column
    // makes it covering for them, and leaves the reads of unsigned documents to prro_docs_unsigned.
    id: '0390_prro_queue_indexes',
    // An offline document's number counts the live documents of its session before it: the
    // session's own index, of live ones only, answers it without reading each one.
    up: `
CREATE INDEX prro_docs_unsettled ON prro_docs(numprro, local_num, status) WHERE status NOT IN (2, 5, 9);
CREATE INDEX prro_docs_session_live ON prro_docs(numprro, offline_session_id, local_num, status) WHERE status <> 5;
`,
  },
];
