/**
 * Invoices and their lines. Every line of an incoming invoice is a FIFO batch of the invoice's
 * storage (document_number = nn): changing the line changes the batch, so stock always equals
 * the sum of batches. Lines of an inventory count are only counted quantities.
 */

import { localDate, localDateTime } from '../../../../shared/time/zone.js';
import type { Db } from '../../../../shared-node/sql/db.js';
import { refuse } from '../../../upstream/upstream.js';
import { fromDb } from '../../decimal.js';
import type { BackOfficeContext } from '../../handlers.js';
import { adjustBatch, receiveBatch } from '../stock/fifo.js';
import { markupOf } from './pricing.js';
import { type InvoiceRow, type LineRow, type LineValues, naklSql } from './statements.js';

export function findInvoice(db: Db, nn: string, path = 'params.nn'): InvoiceRow {
  const invoice = naklSql(db).invoice.get(nn);
  if (!invoice) throw refuse(path, 'invoice.unknown', { nn });
  return invoice;
}

/** The invoice, created on its first line; its number says whether it is an inventory count. */
export function openInvoice(ctx: BackOfficeContext, nn: string): InvoiceRow {
  const n = naklSql(ctx.db);
  const existing = n.invoice.get(nn);
  if (existing) return existing;
  if (nn.trim() === '') throw refuse('params.nn', 'invoice.number_required');
  if (n.importDoc.get(nn)) throw refuse('params.nn', 'invoice.is_import', { nn });
  const prefix = n.setting.get('inventory_prefix')?.value ?? '';
  const now = ctx.now();
  n.createInvoice.run({
    nn,
    kind: prefix !== '' && nn.startsWith(prefix) ? 'inventory' : 'incoming',
    created_at: localDateTime(now, ctx.timeZone),
    received_on: localDate(now, ctx.timeZone),
  });
  return n.invoice.get(nn) as InvoiceRow;
}

export function productOf(db: Db, code: string, path = 'params.code') {
  const product = naklSql(db).product.get(code);
  if (!product) throw refuse(path, 'product.unknown', { code });
  return product;
}

/** Writes a line (new or changed) and moves its batch by the change of quantity. */
export function writeLine(db: Db, invoice: InvoiceRow, code: string, next: LineValues, old: LineRow | undefined): void {
  if (next.quantity < 0) throw refuse('params.quant', 'invoice.line_negative', { code });
  let batchId = old?.batch_id ?? null;
  if (invoice.kind === 'incoming') {
    const delta = fromDb(next.quantity - (old?.quantity ?? 0), 'unit');
    const unitCost = fromDb(next.cost, 'cur');
    if (batchId !== null) adjustBatch(db, batchId, delta, unitCost);
    else if (next.quantity !== 0) {
      batchId = receiveBatch(db, {
        code,
        sk: invoice.sk,
        documentNumber: invoice.nn,
        unitCost,
        quantity: delta,
        receivedOn: invoice.received_on,
      });
    }
  }
  naklSql(db).putLine.run({ ...next, nn: invoice.nn, code, markup: markupOf(next.price, next.cost), batch_id: batchId });
}

/** Removes a line; a delivery partly sold already cannot be taken back. */
export function removeLine(db: Db, invoice: InvoiceRow, line: LineRow): void {
  if (invoice.kind === 'incoming' && line.batch_id !== null) {
    adjustBatch(db, line.batch_id, fromDb(-line.quantity, 'unit'), fromDb(line.cost, 'cur'));
  }
  naklSql(db).deleteLine.run(invoice.nn, line.code);
}
