/**
 * The card payments the till sent to the terminal, in the outbox's SQLite file (WAL,
 * synchronous=FULL) so that an approval and the close it pays for are stored in one commit. A
 * payment is stored before its request leaves the till: a crash or a power cut while the terminal
 * works leaves it 'sending', and the next start asks the terminal how it went.
 */
import type { Migration } from '../../../shared-node/sqlite/migrate.js';

export const cardMigrations: readonly Migration[] = [
  {
    id: '0101_card_payments',
    up: `
      CREATE TABLE card_payments (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        kind TEXT NOT NULL CHECK (kind IN ('sale', 'refund')),
        amount TEXT NOT NULL,
        ndoc TEXT NOT NULL,
        -- The write the approval completes (pos.checkout_close_sale or pos.checkout_return), its
        -- params without the approval, and the outbox options it is stored with.
        method TEXT NOT NULL,
        params TEXT NOT NULL,
        options TEXT NOT NULL,
        service TEXT NOT NULL,
        cashier_id INTEGER,
        cashier TEXT,
        -- A refund names the sale's approval (its RRN) to the terminal.
        rrn TEXT NOT NULL DEFAULT '',
        -- The terminal's last operation before this one (its receipt number and RRN): a last
        -- result that is still this one says the terminal never took the payment.
        baseline TEXT,
        state TEXT NOT NULL CHECK (state IN ('sending', 'approved', 'declined', 'unknown')),
        approval TEXT,
        reason TEXT,
        outbox_id INTEGER,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      -- At most one payment is open at a time: the terminal does one thing at a time.
      CREATE UNIQUE INDEX card_payments_open ON card_payments ((1)) WHERE state IN ('sending', 'unknown');
    `,
  },
];
