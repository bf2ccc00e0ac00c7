/**
 * What a bank card terminal said when it approved the card part of a receipt or of a return: the
 * details the fiscal document's PAYSYS row carries, kept with the money they belong to. An RRN is
 * the acquirer's id of one operation, so one terminal's RRN is booked once for sales and once for
 * returns: a second receipt with the same approval is the same money counted twice.
 * Money ×10^4 (decimal.ts).
 */
import type { Migration } from '../../../../shared-node/sqlite/migrate.js';

export const cardPaymentMigrations: Migration[] = [
  {
    id: '0420_card_terminal_payments',
    up: `
CREATE TABLE card_terminal_payments (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('sale', 'return')),
  check_number INTEGER,
  return_id INTEGER,
  amount INTEGER NOT NULL,
  rrn TEXT NOT NULL,
  auth_code TEXT NOT NULL,
  pan TEXT NOT NULL,
  payment_system TEXT NOT NULL,
  terminal_id TEXT NOT NULL,
  acquirer TEXT NOT NULL,
  invoice_number TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (kind, terminal_id, rrn)
) STRICT;
CREATE INDEX card_terminal_payments_check ON card_terminal_payments (check_number);
CREATE INDEX card_terminal_payments_return ON card_terminal_payments (return_id);
`,
  },
];
