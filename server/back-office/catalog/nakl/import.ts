/**
 * Importing a supplier's invoice. Lines are staged in a temporary document (temp_nn) bound to
 * the invoice they go to; confirming moves them into that invoice, where a sale price that
 * differs from the card is settled per product: 'Заменить здесь' takes the import's price for
 * this invoice only, 'Заменить в базе' also saves it (with the cost) to the card, and no
 * decision keeps the card's price. Cancelling drops the staged lines and touches nothing else.
 */

import type { op } from '../../../../shared/contract/index.js';
import { localDateTime } from '../../../../shared/time/zone.js';
import type { Db } from '../../../../shared-node/sql/db.js';
import { refuse } from '../../../upstream/upstream.js';
import { D, dec, fmtDb, fromDb, toDb } from '../../decimal.js';
import type { Handler } from '../../handlers.js';
import { openInvoice, productOf, writeLine } from './lines.js';
import { HRYVNIA, inCurrency, inHryvnias, markupOf, priceWithMarkup, rateOf } from './pricing.js';
import { type ImportLineRow, naklSql } from './statements.js';

const done = (affected: number, detail: string) => ({ status: { affected: String(affected), detail } });

/**
 * A line priced from the supplier's unit price (`currency_price`, in `currency` at the shop's
 * rate; the sale price follows the card's markup) or, without one, from the card. With
 * `from_nn` the line is staged in that import document for invoice `nn`; without, it goes into
 * invoice `nn` at once. Quantities of a product already there add up.
 */
export const importMainAddLine: Handler<typeof op.nakl.importMainAddLine> = (p, ctx) => {
  const { db } = ctx;
  const n = naklSql(db);
  const product = productOf(db, p.code);
  const quantity = toDb(dec(p.quant), 'unit');
  if (quantity < 0) throw refuse('params.quant', 'invoice.quantity_negative');
  const currency = p.currency.trim() || HRYVNIA;
  const rate = rateOf(db, currency, new D(0), 'params.currency');
  let line: Omit<ImportLineRow, 'code' | 'quantity'>;
  if (p.currency_price !== '') {
    const supplierPrice = dec(p.currency_price);
    if (supplierPrice.isNegative()) throw refuse('params.currency_price', 'product.price_negative');
    const cost = inHryvnias(supplierPrice, rate);
    const price = product.markup > 0 ? priceWithMarkup(cost, fromDb(product.markup, 'pct')) : product.price;
    line = { price, cost, currency, rate, currency_cost: toDb(supplierPrice, 'cur') };
  } else {
    line = { price: product.price, cost: product.cost, currency, rate, currency_cost: inCurrency(product.cost, rate) };
  }

  if (p.from_nn === '') {
    const invoice = openInvoice(ctx, p.nn);
    const old = n.line.get(p.nn, p.code);
    writeLine(db, invoice, p.code, { ...line, quantity: (old?.quantity ?? 0) + quantity }, old);
    return done(1, `line ${p.code} added to invoice ${p.nn} at ${fmtDb(line.price, 'cur')}`);
  }

  const imp = n.importDoc.get(p.from_nn);
  if (!imp) {
    if (n.invoice.get(p.from_nn)) throw refuse('params.from_nn', 'import.is_invoice', { nn: p.from_nn });
    if (p.nn.trim() === '') throw refuse('params.nn', 'import.needs_invoice');
    n.createImport.run({ temp_nn: p.from_nn, nn: p.nn, created_at: localDateTime(ctx.now(), ctx.timeZone), user: ctx.user });
  } else if (imp.nn !== p.nn) {
    throw refuse('params.nn', 'import.other_invoice', { temp_nn: p.from_nn, nn: imp.nn, given: p.nn });
  }
  const old = n.importLine.get(p.from_nn, p.code);
  n.putImportLine.run({ ...line, temp_nn: p.from_nn, code: p.code, quantity: (old?.quantity ?? 0) + quantity });
  return done(1, `line ${p.code} staged in import ${p.from_nn} for invoice ${p.nn}`);
};

function importOf(db: Db, tempNn: string) {
  const imp = naklSql(db).importDoc.get(tempNn);
  if (!imp) throw refuse('params.temp_nn', 'import.unknown', { temp_nn: tempNn });
  return imp;
}

/** `nn` sends the lines to another invoice than the one the import was staged for. */
export const importConfirm: Handler<typeof op.nakl.importConfirm> = ({ temp_nn, nn, actions }, ctx) => {
  const { db } = ctx;
  const n = naklSql(db);
  const imp = importOf(db, temp_nn);
  const target = nn || imp.nn;
  const lines = n.importLines.all(temp_nn);
  const decisions = new Map<string, (typeof actions)[number]['decision']>();
  actions.forEach((a, i) => {
    if (!lines.some((l) => l.code === a.code)) {
      throw refuse(`params.actions[${i}].code`, 'import.product_not_in', { code: a.code, temp_nn });
    }
    decisions.set(a.code, a.decision);
  });
  const invoice = openInvoice(ctx, target);
  const tally = { here: 0, saved: 0, kept: 0 };
  for (const line of lines) {
    const card = productOf(db, line.code);
    const decision = decisions.get(line.code);
    const differs = line.price !== card.price;
    let price = line.price;
    if (decision === 'Заменить в базе') {
      n.setCardPrices.run({ code: line.code, price: line.price, cost: line.cost, markup: markupOf(line.price, line.cost) });
      tally.saved++;
    } else if (differs && decision === 'Заменить здесь') tally.here++;
    else if (differs) {
      price = card.price;
      tally.kept++;
    }
    const old = n.line.get(target, line.code);
    writeLine(db, invoice, line.code, { ...line, price, quantity: (old?.quantity ?? 0) + line.quantity }, old);
  }
  n.deleteImport.run(temp_nn);
  return done(
    lines.length,
    `${lines.length} lines into invoice ${target}; prices: ${tally.here} replaced here, ${tally.saved} saved to cards, ${tally.kept} kept from cards`,
  );
};

/** `nn`, when given, must be the invoice the import was for: a guard against cancelling the wrong one. */
export const importCancel: Handler<typeof op.nakl.importCancel> = ({ temp_nn, nn }, { db }) => {
  const n = naklSql(db);
  const imp = importOf(db, temp_nn);
  if (nn !== '' && nn !== imp.nn) throw refuse('params.nn', 'import.other_invoice', { temp_nn, nn: imp.nn, given: nn });
  const dropped = n.importLines.all(temp_nn).length;
  n.deleteImport.run(temp_nn);
  return done(dropped, `import ${temp_nn} cancelled, ${dropped} lines dropped`);
};
