/**
 * Posting an inventory count: the counted quantity of each line becomes the stock of its
 * product in the invoice's storage. A surplus arrives as a batch of this document at the line's
 * cost; a shortage is written off FIFO, oldest batches first, like a sale.
 */

import type { op } from '../../../../shared/contract/index.js';
import { localDateTime } from '../../../../shared/time/zone.js';
import { refuse } from '../../../upstream/upstream.js';
import { fromDb } from '../../decimal.js';
import type { Handler } from '../../handlers.js';
import { receiveBatch, takeFifo } from '../stock/fifo.js';
import { findInvoice } from './lines.js';
import { naklSql } from './statements.js';

/**
 * Only an inventory count is posted: its lines are what is on the shelf. A delivery's lines are
 * what arrived (its batches are stock already), so taking them as a count would silently set the
 * stock to the delivered quantities. Posting a count again ("renew") sets stock to it again.
 */
export const renewInventoryRest: Handler<typeof op.nakl.renewInventoryRest> = ({ nn }, { db, now, timeZone }) => {
  const n = naklSql(db);
  const invoice = findInvoice(db, nn);
  if (invoice.kind !== 'inventory') throw refuse('params.nn', 'invoice.not_count', { nn });
  let raised = 0;
  let lowered = 0;
  const lines = n.lines.all(nn);
  if (lines.length === 0) throw refuse('params.nn', 'invoice.no_lines_to_count', { nn });
  for (const line of lines) {
    const stock = n.stockOf.get(line.code, invoice.sk)?.quantity ?? 0;
    const diff = line.quantity - stock;
    if (diff > 0) {
      const unitCost = line.cost > 0 ? line.cost : (n.product.get(line.code)?.cost ?? 0);
      receiveBatch(db, {
        code: line.code,
        sk: invoice.sk,
        documentNumber: nn,
        unitCost: fromDb(unitCost, 'cur'),
        quantity: fromDb(diff, 'unit'),
        receivedOn: invoice.received_on,
      });
      raised++;
    } else if (diff < 0) {
      takeFifo(db, {
        code: line.code,
        sk: invoice.sk,
        quantity: fromDb(-diff, 'unit'),
        shortage: 'refuse',
        ref: nn,
        on: invoice.received_on,
      });
      lowered++;
    }
  }
  n.markCounted.run(localDateTime(now(), timeZone), nn);
  return {
    status: {
      affected: String(raised + lowered),
      detail: `stock of invoice ${nn} counted: ${raised} raised, ${lowered} lowered`,
    },
  };
};
