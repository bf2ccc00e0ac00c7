/** Reads of FIFO batches and stock per storage. */
import { fmtDb } from '../../decimal.js';
import type { Handler } from '../../handlers.js';
import { fifoRow } from './rows.js';
import { stockSql } from './statements.js';
import { MAIN_STORAGE, storageSk } from './storage.js';

export const fifoRows: Handler<'goods.fifo_rows'> = ({ code }, { db }) => ({
  rows: stockSql(db).visibleBatches.all(code, MAIN_STORAGE).map(fifoRow),
});

export const fifoSkRows: Handler<'goods.fifo_sk_rows'> = ({ code, sk }, { db }) => ({
  rows: stockSql(db).visibleBatches.all(code, sk).map(fifoRow),
});

/** Batches still holding (or owing) stock, and how much they hold; `with_fiscal` counts fiscal ones only. */
export const fifoSummary: Handler<'pos.fifo_summary'> = ({ code, sk, storage, with_fiscal }, { db }) => {
  const s = stockSql(db).summary.get(code, storageSk(storage, sk), with_fiscal ? 1 : 0);
  return { rows: [{ batch_count: String(s?.batch_count ?? 0), quantity: fmtDb(s?.quantity ?? 0, 'unit') }] };
};

/** A branch stocks a product once it has a stock record there (a delivery or a sale), even at zero now. */
export const branchProductExists: Handler<'checks.branch_product_exists'> = ({ code, branch_id }, { db }) => ({
  value: branch_id <= 2 && stockSql(db).stockRowExists.get(code, branch_id) ? '1' : '0',
});
