/**
 * Shifts: a till's working day between a shift-open document and its Z-report. A till has at
 * most one open shift. Receipts, returns and cash documents belong to the shift they were made in.
 */
import type { Migration } from '../../../../shared-node/sqlite/migrate.js';

export const shiftMigrations: Migration[] = [
  {
    id: '0320_shifts',
    up: `
CREATE TABLE shifts (
  id INTEGER PRIMARY KEY,
  kasm INTEGER NOT NULL REFERENCES tills(kasm),
  numprro TEXT NOT NULL,
  -- The cashier (catalog.users) the shift belongs to, and the name the documents print.
  cashier_id INTEGER NOT NULL,
  cashier TEXT NOT NULL,
  opened_at TEXT NOT NULL,
  opened_by TEXT NOT NULL,
  -- The cash the drawer held when the shift opened, before its opening float (money ×10^4).
  opening_cash INTEGER NOT NULL,
  closed_at TEXT,
  closed_by TEXT,
  open_doc_id INTEGER,
  z_doc_id INTEGER,
  close_doc_id INTEGER
) STRICT;
CREATE UNIQUE INDEX shifts_open ON shifts(kasm) WHERE closed_at IS NULL;
CREATE INDEX shifts_till ON shifts(kasm, id);

ALTER TABLE receipts ADD COLUMN shift_id INTEGER;
-- RNDSUM of the receipt: its exact total less what was paid for it (12.57 paid as 12.60: -0.03).
ALTER TABLE receipts ADD COLUMN rounding INTEGER NOT NULL DEFAULT 0;
-- Which document a cash movement of a till's drawer stands on, so every one has one.
ALTER TABLE cash_movements ADD COLUMN prro_doc_id INTEGER;
`,
  },
  {
    // The drawer at the close, which no fiscal document says: what the Z's paper prints beside the
    // document's totals, so the drawer reconciles (money ×10^4; NULL for shifts closed before).
    id: '0400_shifts_close_cash',
    up: `
-- The cash collected at the close (інкасація) and its service withdrawal, chained before the Z-report.
ALTER TABLE shifts ADD COLUMN collected INTEGER NOT NULL DEFAULT 0;
ALTER TABLE shifts ADD COLUMN collection_doc_id INTEGER;
-- What the drawer kept after the close: the next shift's float.
ALTER TABLE shifts ADD COLUMN closing_cash INTEGER;
`,
  },
];
