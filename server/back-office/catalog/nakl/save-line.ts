/** Editing invoice lines one by one or in bulk. */
import type { op } from '../../../../shared/contract/index.js';
import { refuse } from '../../../upstream/upstream.js';
import { dec, fmtDb, fromDb, toDb } from '../../decimal.js';
import type { Handler } from '../../handlers.js';
import { findInvoice, openInvoice, productOf, removeLine, writeLine } from './lines.js';
import { HRYVNIA, inCurrency, inHryvnias, priceWithMarkup, rateOf } from './pricing.js';
import { naklSql } from './statements.js';

const done = (affected: number, detail: string) => ({ status: { affected: String(affected), detail } });

/**
 * Zero (the default) means "not given" for price, ss and kurs: a new line then takes the card's
 * price and cost and the shop's rate, an existing line keeps its own. A price of zero with a
 * markup (nac) is priced from the cost. An empty currency keeps the line's (hryvnias when new).
 */
export const saveLine: Handler<typeof op.nakl.saveLine> = (p, ctx) => {
  const { db } = ctx;
  const n = naklSql(db);
  const product = productOf(db, p.code);
  if (p.mode === 'delete') {
    const invoice = findInvoice(db, p.nn);
    const line = n.line.get(p.nn, p.code);
    if (!line) throw refuse('params.code', 'invoice.no_line', { nn: p.nn, code: p.code });
    removeLine(db, invoice, line);
    return done(1, `line ${p.code} deleted from invoice ${p.nn}`);
  }
  const invoice = openInvoice(ctx, p.nn);
  const old = n.line.get(p.nn, p.code);
  const currency = p.currency.trim() || old?.currency || HRYVNIA;
  const rate = rateOf(db, currency, dec(p.kurs), 'params.kurs');
  const ss = dec(p.ss);
  if (ss.isNegative()) throw refuse('params.ss', 'invoice.cost_negative');
  // Without a new cost an existing line keeps its own, re-expressed if its currency changed.
  const currencyCost = !ss.isZero()
    ? toDb(ss, 'cur')
    : old && old.currency === currency
      ? old.currency_cost
      : inCurrency(old?.cost ?? product.cost, rate);
  const cost = inHryvnias(fromDb(currencyCost, 'cur'), rate);
  const price = dec(p.price);
  if (price.isNegative()) throw refuse('params.price', 'product.price_negative');
  const nac = dec(p.nac);
  const salePrice = !price.isZero()
    ? toDb(price, 'cur')
    : !nac.isZero()
      ? priceWithMarkup(cost, nac)
      : (old?.price ?? product.price);
  const quantity = toDb(dec(p.quant), 'unit') + (p.mode === 'add' ? (old?.quantity ?? 0) : 0);
  writeLine(db, invoice, p.code, { quantity, price: salePrice, cost, currency, rate, currency_cost: currencyCost }, old);
  if (p.currency.trim() !== '') n.setInvoiceCurrency.run(currency, rate, p.nn);
  return done(
    1,
    `line ${p.code} of invoice ${p.nn}: ${fmtDb(quantity, 'unit')} ${product.unit_type} at ${fmtDb(salePrice, 'cur')}`,
  );
};

/** Codes already on the invoice are left as they are; each new line starts from the card. */
export const addLines: Handler<typeof op.nakl.addLines> = ({ nn, codes, default_quant }, ctx) => {
  const { db } = ctx;
  const n = naklSql(db);
  const products = codes.map((code, i) => productOf(db, code, `params.codes[${i}]`));
  const quantity = toDb(dec(default_quant), 'unit');
  if (quantity < 0) throw refuse('params.default_quant', 'invoice.quantity_negative');
  const invoice = openInvoice(ctx, nn);
  let added = 0;
  for (const product of products) {
    if (n.line.get(nn, product.code)) continue;
    writeLine(
      db,
      invoice,
      product.code,
      { quantity, price: product.price, cost: product.cost, currency: HRYVNIA, rate: 1_000_000, currency_cost: product.cost },
      undefined,
    );
    added++;
  }
  return done(added, `${added} added to invoice ${nn}, ${codes.length - added} already there`);
};

/** Only a line nobody has counted or received anything on may be dropped this way. */
export const cancelEmptyLine: Handler<typeof op.nakl.cancelEmptyLine> = ({ code, nn }, { db }) => {
  const invoice = findInvoice(db, nn);
  const line = naklSql(db).line.get(nn, code);
  if (!line) throw refuse('params.code', 'invoice.no_line', { nn, code });
  if (line.quantity !== 0) {
    throw refuse('params.code', 'invoice.line_not_empty', { code, quantity: fmtDb(line.quantity, 'unit') });
  }
  removeLine(db, invoice, line);
  return done(1, `empty line ${code} removed from invoice ${nn}`);
};
