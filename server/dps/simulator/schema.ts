/**
 * What the simulated tax server remembers of each register, apart from the back office's own
 * books: whether its shift is open, the next local number it expects, the offline session it
 * handed out and how far an uploaded session has got; then (0375) each document it registered
 * and each shift, so its commands (DocumentInfoByLocalNum, Check, Shifts, Documents,
 * LastShiftTotals) answer truthfully, the device each register runs on, and the keys of its own
 * certification authority and of its ticket-signing certificate, so a demo restarted keeps the
 * same CA. Used in demo mode and tests only; the tables live in whatever database the simulator
 * is given (the back office's own in the demo).
 */
import type { Migration } from '../../../shared-node/sqlite/migrate.js';

export const simulatorMigrations: Migration[] = [
  {
    id: '0315_fiscal_server_simulator',
    up: `
CREATE TABLE fiscal_server_registers (
  numprro TEXT PRIMARY KEY,
  tin TEXT NOT NULL,
  shift_open INTEGER NOT NULL,
  z_present INTEGER NOT NULL,
  next_local_num INTEGER NOT NULL,
  session_id INTEGER NOT NULL,
  seed TEXT NOT NULL,
  -- An offline session being uploaded: the time of its 102, the last number in it, the last hash.
  upload_begin_at TEXT NOT NULL,
  upload_n INTEGER NOT NULL,
  upload_hash TEXT NOT NULL
) STRICT;

CREATE TABLE fiscal_server_state (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  reachable INTEGER NOT NULL,
  next_fiscal_number INTEGER NOT NULL,
  next_session_id INTEGER NOT NULL
) STRICT;
INSERT INTO fiscal_server_state (id, reachable, next_fiscal_number, next_session_id) VALUES (1, 1, 1284301, 71035);
`,
  },
  {
    id: '0375_fiscal_server_simulator_records',
    up: `
-- Every document the simulated server registered, by register and local number.
CREATE TABLE fiscal_server_documents (
  numprro TEXT NOT NULL,
  local_num INTEGER NOT NULL,
  uid TEXT NOT NULL,
  fiscal_num TEXT NOT NULL,
  -- DocClass, CheckDocType and CheckDocSubType as the DPS API names them ('' where none).
  doc_class TEXT NOT NULL,
  doc_type TEXT NOT NULL,
  doc_subtype TEXT NOT NULL,
  -- The shift it belongs to (fiscal_server_shifts), 0 where none.
  shift_id INTEGER NOT NULL,
  -- ORDERDATE and ORDERTIME of the document itself (Kyiv wall clock), and when the server took it (ISO 8601).
  doc_date TEXT NOT NULL,
  doc_time TEXT NOT NULL,
  registered_at TEXT NOT NULL,
  offline INTEGER NOT NULL,
  testing INTEGER NOT NULL,
  revoked INTEGER NOT NULL,
  storned INTEGER NOT NULL,
  -- Who signed it (the certificate's subject key id and owner), '' where it came unsigned (the in-process double).
  signer_key_id TEXT NOT NULL,
  signer_name TEXT NOT NULL,
  -- The document as it arrived: CMS SignedData, or the XML where it came unsigned.
  body_b64 TEXT NOT NULL,
  PRIMARY KEY (numprro, local_num)
) STRICT;

CREATE TABLE fiscal_server_shifts (
  shift_id INTEGER PRIMARY KEY,
  numprro TEXT NOT NULL,
  testing INTEGER NOT NULL,
  open_fiscal_num TEXT NOT NULL,
  opened_at TEXT NOT NULL,
  open_name TEXT NOT NULL,
  open_key_id TEXT NOT NULL,
  -- '' until the Z-report and the closing are registered.
  z_fiscal_num TEXT NOT NULL,
  close_fiscal_num TEXT NOT NULL,
  closed_at TEXT NOT NULL,
  close_name TEXT NOT NULL,
  close_key_id TEXT NOT NULL
) STRICT;
CREATE INDEX fiscal_server_shifts_by_register ON fiscal_server_shifts (numprro, shift_id);

-- DeviceRegister: the 64-character id of the device each register last registered from.
CREATE TABLE fiscal_server_devices (
  numprro TEXT PRIMARY KEY,
  device_id TEXT NOT NULL
) STRICT;

-- The simulator's own CA ('ca') and ticket-signing key ('server'): test keys no real party trusts,
-- kept unencrypted (the raw DSTU key's DER) so that starting the simulator takes no key derivation.
CREATE TABLE fiscal_server_keys (
  role TEXT PRIMARY KEY,
  key_b64 TEXT NOT NULL,
  certificate_b64 TEXT NOT NULL
) STRICT;
`,
  },
];
