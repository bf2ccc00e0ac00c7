/**
 * goods.shortages: the sales closed beyond what the books held (fifo.ts, the stock policy), for the
 * manager to reconcile with a count or a delivery. Newest first.
 */
import type { op } from '../../../../shared/contract/index.js';
import { localDateTime } from '../../../../shared/time/zone.js';
import { fmtDb } from '../../decimal.js';
import type { Handler } from '../../handlers.js';
import { stockSql } from './statements.js';

/** `check:12` is receipt 12 (a sale's reference in the move trail); anything else names no receipt. */
const checkOf = (ref: string): string => /^check:(\d+)$/.exec(ref)?.[1] ?? '';

export const shortages: Handler<typeof op.goods.shortages> = ({ code, limit }, { db, timeZone }) => ({
  rows: stockSql(db)
    .shortages.all({ code, limit })
    .map((r) => ({
      id: String(r.id),
      code: r.code,
      name: r.name,
      sk: String(r.sk),
      quantity: fmtDb(r.quantity, 'unit'),
      stock_before: fmtDb(r.stock_before, 'unit'),
      stock_now: fmtDb(r.stock_now, 'unit'),
      check_number: checkOf(r.ref),
      at: localDateTime(new Date(r.at), timeZone),
    })),
});
