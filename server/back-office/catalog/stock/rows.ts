/** FIFO batches as the wire shows them (goods.fifo_rows, goods.fifo_sk_rows, the FIFO shape of a card). */
import { fmtDb } from '../../decimal.js';
import type { BatchRow } from './statements.js';

export const fifoRow = (b: BatchRow) => ({
  document_number: b.document_number,
  cost: fmtDb(b.cost, 'cur'),
  quantity: fmtDb(b.quantity, 'unit'),
  date: b.received_on,
  fiscal: String(b.fiscal),
});
