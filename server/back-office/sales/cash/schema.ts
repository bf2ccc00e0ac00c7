/**
 * What the cash area adds to the core cash boxes: the rotation of cashless payments over a
 * till's bank destinations, and payments to counterparties made from a cash box.
 */
import type { Migration } from '../../../../shared-node/sqlite/migrate.js';

export const cashMigrations: Migration[] = [
  {
    id: '0240_sales_cash',
    up: `
-- The destination the till's last cashless receipt went to; the next one takes the following.
CREATE TABLE bank_rotation (
  kasm INTEGER PRIMARY KEY REFERENCES tills(kasm) ON DELETE CASCADE,
  last_destination TEXT NOT NULL
) STRICT;

CREATE TABLE counterparty_payments (
  id INTEGER PRIMARY KEY,
  nn TEXT NOT NULL,
  contrag TEXT NOT NULL,
  akas TEXT NOT NULL REFERENCES cash_boxes(akas),
  amount INTEGER NOT NULL CHECK (amount > 0),
  comment TEXT NOT NULL,
  movement_id INTEGER NOT NULL REFERENCES cash_movements(id),
  user TEXT NOT NULL,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX counterparty_payments_nn ON counterparty_payments(nn);
`,
  },
];
