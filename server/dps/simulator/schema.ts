/**
 * What the simulated tax server remembers of each register, apart from the back office's own
 * books: whether its shift is open, the next local number it expects, the offline session it
 * handed out and how far an uploaded session has got. Used in demo mode and tests only.
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
];
