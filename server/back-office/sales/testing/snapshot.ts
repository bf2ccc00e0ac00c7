/** Everything a close can touch, dumped, so a test can prove a refused close changed nothing. */
import type { Db } from '../../../../shared-node/sql/db.js';
import { orderedRows } from '../../../testing/back-office-db.js';

const TABLES = [
  'receipts',
  'receipt_lines',
  'receipt_payments',
  'receipt_consultants',
  'cash_boxes',
  'cash_movements',
  'goods_stock',
  'stock_batches',
  'stock_moves',
  'discount_cards',
  'card_debts',
  'bonus_ledger',
  'excise_stamps',
  'prro_docs',
  'prro_registers',
  'sale_docs',
  'bank_rotation',
];

export function snapshot(db: Db): Record<string, unknown[]> {
  return Object.fromEntries(TABLES.map((t) => [t, orderedRows(db, t)]));
}
