/**
 * Sales: documents in progress (lines priced by checkout_apply_sale_line, a stored mixed
 * payment) and closed receipts with their lines, payment split and consultants.
 * Money ×10^4, quantity ×10^3, percent ×10^4, ratio ×10^6 (decimal.ts).
 */
import type { Migration } from '../../../../shared-node/sqlite/migrate.js';

export const checkoutMigrations: Migration[] = [
  {
    id: '0200_sales_checkout',
    up: `
CREATE TABLE sale_docs (
  ndoc TEXT PRIMARY KEY,
  kasm INTEGER NOT NULL DEFAULT 0,
  card TEXT NOT NULL DEFAULT '',
  user TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  -- Set when the document is closed as a receipt; a closed document takes no more lines.
  check_number INTEGER
) STRICT;

CREATE TABLE sale_doc_lines (
  id INTEGER PRIMARY KEY,
  ndoc TEXT NOT NULL REFERENCES sale_docs(ndoc) ON DELETE CASCADE,
  code TEXT NOT NULL,
  sk INTEGER NOT NULL,
  quantity INTEGER NOT NULL,
  price INTEGER NOT NULL,
  discount_percent INTEGER NOT NULL,
  discount INTEGER NOT NULL,
  sum INTEGER NOT NULL,
  bonus INTEGER NOT NULL,
  skip_discount INTEGER NOT NULL,
  bonus_kf INTEGER NOT NULL,
  -- A discount the cashier gave by hand survives repricing when a card is scanned later.
  manual_percent INTEGER,
  manual_price INTEGER,
  UNIQUE (ndoc, code, sk)
) STRICT;

CREATE TABLE sale_doc_payments (
  ndoc TEXT PRIMARY KEY REFERENCES sale_docs(ndoc) ON DELETE CASCADE,
  cash INTEGER NOT NULL,
  cashless INTEGER NOT NULL,
  debt INTEGER NOT NULL,
  bonus INTEGER NOT NULL,
  certificate INTEGER NOT NULL,
  certificate_number TEXT NOT NULL,
  card TEXT NOT NULL,
  comment TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;

CREATE TABLE receipts (
  check_number INTEGER PRIMARY KEY,
  ndoc TEXT NOT NULL,
  kasm INTEGER NOT NULL,
  sk INTEGER NOT NULL,
  user TEXT NOT NULL,
  card TEXT NOT NULL,
  created_at TEXT NOT NULL,
  sale_date TEXT NOT NULL,
  total INTEGER NOT NULL,
  discount INTEGER NOT NULL,
  -- Cash the buyer handed over and the change given back; the cash part is in receipt_payments.
  cash_received INTEGER NOT NULL,
  change INTEGER NOT NULL,
  bonus_accrued INTEGER NOT NULL,
  bank_destination TEXT NOT NULL,
  com1 TEXT NOT NULL,
  com2 TEXT NOT NULL,
  prro_doc_id INTEGER,
  fiscal INTEGER NOT NULL
) STRICT;
CREATE INDEX receipts_sale_date ON receipts(sale_date, check_number);
CREATE INDEX receipts_card ON receipts(card, check_number);
CREATE INDEX receipts_ndoc ON receipts(ndoc);

CREATE TABLE receipt_lines (
  id INTEGER PRIMARY KEY,
  check_number INTEGER NOT NULL REFERENCES receipts(check_number),
  line_no INTEGER NOT NULL,
  code TEXT NOT NULL,
  -- What the card said at the time of sale, so a reprint shows what the buyer was given.
  name TEXT NOT NULL,
  unit_type TEXT NOT NULL,
  c2 TEXT NOT NULL,
  category_id TEXT NOT NULL,
  uktzed TEXT NOT NULL,
  excise_input INTEGER NOT NULL,
  quantity INTEGER NOT NULL,
  price INTEGER NOT NULL,
  discount INTEGER NOT NULL,
  sum INTEGER NOT NULL,
  -- FIFO cost of the quantity sold, from the batches taken (oldest first).
  cost INTEGER NOT NULL
) STRICT;
CREATE INDEX receipt_lines_check ON receipt_lines(check_number, line_no);

CREATE TABLE receipt_payments (
  id INTEGER PRIMARY KEY,
  check_number INTEGER NOT NULL REFERENCES receipts(check_number),
  type TEXT NOT NULL CHECK (type IN ('nal', 'bn', 'debt', 'bonus', 'cert')),
  amount INTEGER NOT NULL CHECK (amount > 0),
  card TEXT NOT NULL,
  cert_number TEXT NOT NULL
) STRICT;
CREATE INDEX receipt_payments_check ON receipt_payments(check_number);

CREATE TABLE receipt_consultants (
  check_number INTEGER NOT NULL REFERENCES receipts(check_number),
  user_id INTEGER NOT NULL,
  PRIMARY KEY (check_number, user_id)
) STRICT;
`,
  },
];
