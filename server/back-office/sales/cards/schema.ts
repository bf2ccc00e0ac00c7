/**
 * Discount cards with a debt ledger and a bonus ledger. A card's `debt` always equals the open
 * part of its debt rows, and its `bonus` the sum of its bonus movements: both are kept in the
 * same transaction as the ledger rows, so the card can be read without summing history.
 */
import type { Migration } from '../../../../shared-node/sqlite/migrate.js';

export const cardMigrations: Migration[] = [
  {
    id: '0210_sales_cards',
    up: `
CREATE TABLE discount_cards (
  card TEXT PRIMARY KEY,
  last_name TEXT NOT NULL DEFAULT '',
  first_name TEXT NOT NULL DEFAULT '',
  middle_name TEXT NOT NULL DEFAULT '',
  phone TEXT NOT NULL DEFAULT '',
  birth_date TEXT NOT NULL DEFAULT '',
  extra_info TEXT NOT NULL DEFAULT '',
  discount_percent INTEGER NOT NULL DEFAULT 0,
  bonus_percent INTEGER NOT NULL DEFAULT 0,
  debt_allowed INTEGER NOT NULL DEFAULT 0,
  debt_limit INTEGER NOT NULL DEFAULT 0,
  debt INTEGER NOT NULL DEFAULT 0 CHECK (debt >= 0),
  bonus INTEGER NOT NULL DEFAULT 0 CHECK (bonus >= 0),
  purchase_sum INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX discount_cards_holder ON discount_cards(last_name, first_name);

CREATE TABLE card_extra_values (
  card TEXT NOT NULL REFERENCES discount_cards(card) ON DELETE CASCADE,
  nt TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (card, nt)
) STRICT;

-- One row per receipt that went (partly) on credit; open while repaid < amount.
CREATE TABLE card_debts (
  id INTEGER PRIMARY KEY,
  card TEXT NOT NULL REFERENCES discount_cards(card),
  check_number INTEGER NOT NULL REFERENCES receipts(check_number),
  receipt_total INTEGER NOT NULL,
  amount INTEGER NOT NULL CHECK (amount > 0),
  repaid INTEGER NOT NULL DEFAULT 0 CHECK (repaid >= 0 AND repaid <= amount),
  date_added TEXT NOT NULL,
  user TEXT NOT NULL,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX card_debts_card ON card_debts(card, date_added, id);

CREATE TABLE card_debt_payments (
  id INTEGER PRIMARY KEY,
  debt_id INTEGER NOT NULL REFERENCES card_debts(id),
  amount INTEGER NOT NULL CHECK (amount > 0),
  method TEXT NOT NULL CHECK (method IN ('cash', 'bonus')),
  akas TEXT NOT NULL,
  user TEXT NOT NULL,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX card_debt_payments_debt ON card_debt_payments(debt_id);

CREATE TABLE bonus_ledger (
  id INTEGER PRIMARY KEY,
  card TEXT NOT NULL REFERENCES discount_cards(card),
  amount INTEGER NOT NULL,
  comment TEXT NOT NULL,
  check_number INTEGER,
  user TEXT NOT NULL,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX bonus_ledger_card ON bonus_ledger(card, id);
CREATE INDEX bonus_ledger_check ON bonus_ledger(check_number);

-- Bonus percent a newly imported card accrues (cards keep their own afterwards).
INSERT OR IGNORE INTO shop_settings (key, value) VALUES ('card_bonus_percent', '1');
`,
  },
];
