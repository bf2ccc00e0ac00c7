/**
 * What was taken from which FIFO batch and why (a receipt, a write-off of an inventory count):
 * the cost trail behind every sale and count, kept beside the batches of the core schema.
 */
import type { Migration } from '../../../db/migrate.js';

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
];
