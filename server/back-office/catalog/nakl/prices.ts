/** Sale prices of an invoice: a percent up or down, and where they differ from the cards. */
import type { op } from '../../../../shared/contract/index.js';
import { refuse } from '../../../upstream/upstream.js';
import { dec, fmt, fmtDb, fromDb, toDb, toKopecks } from '../../decimal.js';
import type { Handler } from '../../handlers.js';
import { findInvoice } from './lines.js';
import { markupOf } from './pricing.js';
import { naklSql } from './statements.js';

/** Every line's price times (1 + percent/100), to the kopeck; the cards keep theirs. */
export const adjustPricesPercent: Handler<typeof op.nakl.adjustPricesPercent> = ({ nn, percent }, { db }) => {
  const n = naklSql(db);
  findInvoice(db, nn);
  const pct = dec(percent);
  const factor = pct.div(100).plus(1);
  if (factor.lte(0)) throw refuse('params.percent', 'invoice.prices_to_zero');
  let changed = 0;
  for (const line of n.lines.all(nn)) {
    const price = toDb(toKopecks(fromDb(line.price, 'cur').mul(factor)), 'cur');
    if (price === line.price) continue;
    n.setLinePrice.run(price, markupOf(price, line.cost), nn, line.code);
    changed++;
  }
  return { status: { affected: String(changed), detail: `${changed} prices of invoice ${nn} changed by ${fmt(pct, 'pct')}%` } };
};

/** Lines whose price differs from the card or whose quantity differs from the storage's stock. */
export const priceDiff: Handler<typeof op.nakl.priceDiff> = ({ nn }, { db }) => {
  const invoice = findInvoice(db, nn);
  const rows = naklSql(db)
    .linesAgainstCards.all(invoice.sk, nn)
    .filter((l) => l.price !== l.card_price || l.quantity !== l.stock)
    .map((l) => ({
      code: l.code,
      name: l.name,
      document_price: fmtDb(l.price, 'cur'),
      main_price: fmtDb(l.card_price, 'cur'),
      document_quantity: fmtDb(l.quantity, 'unit'),
      main_quantity: fmtDb(l.stock, 'unit'),
      unit_type: l.unit_type,
    }));
  return { rows };
};
