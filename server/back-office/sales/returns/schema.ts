/**
 * Returns of goods sold: what each return took back from which receipt line, where the goods went
 * (the batches the line came from), and how the money went back. Money ×10^4, quantity ×10^3.
 */
import type { Migration } from '../../../../shared-node/sqlite/migrate.js';

export const returnMigrations: Migration[] = [
  {
    id: '0330_returns',
    up: `
-- The FIFO batches a receipt line took its goods from, and how much of that came back.
CREATE TABLE receipt_line_batches (
  line_id INTEGER NOT NULL REFERENCES receipt_lines(id),
  batch_id INTEGER NOT NULL,
  quantity INTEGER NOT NULL,
  cost INTEGER NOT NULL,
  returned INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (line_id, batch_id)
) STRICT;

CREATE TABLE returns (
  id INTEGER PRIMARY KEY,
  check_number INTEGER NOT NULL REFERENCES receipts(check_number),
  kasm INTEGER NOT NULL,
  shift_id INTEGER,
  user TEXT NOT NULL,
  created_at TEXT NOT NULL,
  return_date TEXT NOT NULL,
  -- The goods returned at their receipt prices, and RNDSUM of the cash paid back.
  total INTEGER NOT NULL,
  rounding INTEGER NOT NULL,
  comment TEXT NOT NULL,
  prro_doc_id INTEGER,
  -- A certificate given instead of paying back what a certificate paid.
  certificate TEXT NOT NULL DEFAULT ''
) STRICT;
CREATE INDEX returns_check ON returns(check_number);

CREATE TABLE return_lines (
  id INTEGER PRIMARY KEY,
  return_id INTEGER NOT NULL REFERENCES returns(id),
  line_id INTEGER NOT NULL REFERENCES receipt_lines(id),
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  discount INTEGER NOT NULL,
  sum INTEGER NOT NULL,
  cost INTEGER NOT NULL
) STRICT;
CREATE INDEX return_lines_line ON return_lines(line_id);

CREATE TABLE return_payments (
  id INTEGER PRIMARY KEY,
  return_id INTEGER NOT NULL REFERENCES returns(id),
  type TEXT NOT NULL CHECK (type IN ('nal', 'bn', 'debt', 'bonus', 'cert')),
  amount INTEGER NOT NULL CHECK (amount > 0)
) STRICT;
CREATE INDEX return_payments_return ON return_payments(return_id);

ALTER TABLE excise_stamps ADD COLUMN return_id INTEGER;
`,
  },
];
