/** A sale document in progress: opened by its first line, closed when its receipt is written. */
import type { Db } from '../../../../shared-node/sql/db.js';
import { refuse } from '../../../upstream/upstream.js';
import type { Moment } from '../kernel/moment.js';
import { checkoutSql, type SaleDocRow } from './statements.js';

export function refuseClosed(doc: SaleDocRow | undefined, path: string): void {
  if (doc?.check_number != null) {
    throw refuse(path, 'sale_doc.closed', { ndoc: doc.ndoc, check: doc.check_number });
  }
}

/** The open document, created on first use. */
export function openSaleDoc(
  db: Db,
  d: { ndoc: string; kasm: number; card: string; user: string; moment: Moment; path: string },
): SaleDocRow {
  if (d.ndoc.trim() === '') throw refuse(d.path, 'sale_doc.required');
  const sql = checkoutSql(db);
  const doc = sql.saleDoc.get(d.ndoc);
  refuseClosed(doc, d.path);
  if (doc) return doc;
  sql.insertSaleDoc.run(d.ndoc, d.kasm, d.card, d.user, d.moment.iso, d.moment.iso);
  return { ndoc: d.ndoc, kasm: d.kasm, card: d.card, check_number: null };
}
