/**
 * What was taken from which FIFO batch and why (a receipt, a write-off of an inventory count):
 * the cost trail behind every sale and count, kept beside the batches of the core schema.
 */
import type { Migration } from '../../../../shared-node/sqlite/migrate.js';

export const stockMigrations: Migration[] = [
  {
    id: '0120_catalog_stock_moves',
    up: `
CREATE TABLE stock_moves (
  id INTEGER PRIMARY KEY,
  batch_id INTEGER NOT NULL REFERENCES stock_batches(id) ON DELETE CASCADE,
  quantity INTEGER NOT NULL,
  cost INTEGER NOT NULL,
  ref TEXT NOT NULL
) STRICT;
CREATE INDEX stock_moves_batch ON stock_moves(batch_id);
CREATE INDEX stock_moves_ref ON stock_moves(ref);
`,
  },
  {
    // A sale closed beyond what the books held (see the stock policy in fifo.ts): what was short,
    // what the books said just before, and the receipt; the manager reconciles from these.
    id: '0121_catalog_stock_shortages',
    up: `
CREATE TABLE stock_shortages (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL REFERENCES goods(code) ON UPDATE CASCADE ON DELETE CASCADE,
  sk INTEGER NOT NULL,
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  stock_before INTEGER NOT NULL,
  ref TEXT NOT NULL,
  at TEXT NOT NULL
) STRICT;
CREATE INDEX stock_shortages_code ON stock_shortages(code, id);
`,
  },
  {
    // Nothing reads moves by batch (no batch is ever deleted, so its cascade never runs), and each
    // sale line wrote a random page of this index: a tenth of a sale's disk writes for nothing.
    id: '0122_catalog_stock_moves_unindexed_batch',
    up: 'DROP INDEX stock_moves_batch;',
  },
];
