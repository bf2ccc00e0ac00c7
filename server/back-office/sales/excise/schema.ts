/**
 * Excise stamps. A scanned stamp is pending at its till (optionally reserved for one sale
 * document), bound to a receipt line when the sale closes, or released when the cashier drops
 * it. Released stamps are history no more: the same stamp may be scanned again.
 */
import type { Migration } from '../../../../shared-node/sqlite/migrate.js';

export const exciseMigrations: Migration[] = [
  {
    id: '0220_sales_excise',
    up: `
CREATE TABLE excise_stamps (
  id INTEGER PRIMARY KEY,
  mark TEXT NOT NULL,
  etax INTEGER NOT NULL,
  kasm INTEGER NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('pending', 'bound', 'released')),
  -- The sale document a pending stamp is reserved for (NULL: any sale of the till).
  ndoc TEXT,
  check_number INTEGER REFERENCES receipts(check_number),
  receipt_line_id INTEGER REFERENCES receipt_lines(id),
  code TEXT NOT NULL DEFAULT '',
  -- Scanned although seen before, deliberately (allow_duplicate): listed by pos.excise_duplicate.
  duplicate INTEGER NOT NULL DEFAULT 0,
  user TEXT NOT NULL,
  scanned_at TEXT NOT NULL,
  bound_at TEXT
) STRICT;
CREATE INDEX excise_stamps_mark ON excise_stamps(mark) WHERE state <> 'released';
CREATE INDEX excise_stamps_pending ON excise_stamps(kasm, id) WHERE state = 'pending';
CREATE INDEX excise_stamps_duplicates ON excise_stamps(id) WHERE duplicate = 1;
`,
  },
];
