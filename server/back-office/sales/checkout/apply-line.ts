/**
 * pos.checkout_apply_sale_line: one product line of a sale document, priced and stored. One line
 * per product and storage: a scan without quant adds one unit, a quant sets the quantity, and
 * quant 0 removes the line. Scanning a discount card reprices every line already rung up.
 */
import type { op } from '../../../../shared/contract/index.js';
import type { Db } from '../../../../shared-node/sql/db.js';
import { refuse } from '../../../upstream/upstream.js';
import { type D, dec, fmt, fromDb, toDb } from '../../decimal.js';
import type { Handler } from '../../handlers.js';
import { type Card, findCard, lookupCard } from '../cards/cards.js';
import { reservePending } from '../excise/stamps.js';
import { type Moment, momentOf } from '../kernel/moment.js';
import { ZERO } from '../kernel/money.js';
import { spendConfirmation } from '../kernel/people/confirmations.js';
import { storageSk } from '../kernel/storage.js';
import { type PricedLine, priceLine } from './pricing.js';
import { openSaleDoc } from './sale-doc.js';
import { checkoutSql, type GoodsRow, type SaleLineRow } from './statements.js';

const optionalDec = (s: string | undefined): D | undefined => (s === undefined || s === '' ? undefined : dec(s));

function storedLine(ndoc: string, goods: GoodsRow, sk: number, quantity: D, bonusKf: D, manual: Manual, p: PricedLine) {
  return {
    ndoc,
    code: goods.code,
    sk,
    quantity: toDb(quantity, 'unit'),
    price: toDb(p.price, 'cur'),
    discount_percent: toDb(p.discountPercent, 'pct'),
    discount: toDb(p.discount, 'cur'),
    sum: toDb(p.sum, 'cur'),
    bonus: toDb(p.bonus, 'cur'),
    skip_discount: p.skipDiscount ? 1 : 0,
    bonus_kf: toDb(bonusKf, 'ratio'),
    manual_percent: manual.percent === undefined ? null : toDb(manual.percent, 'pct'),
    manual_price: manual.price === undefined ? null : toDb(manual.price, 'cur'),
  };
}

interface Manual {
  readonly percent: D | undefined;
  readonly price: D | undefined;
}

const manualOf = (l: SaleLineRow): Manual => ({
  percent: l.manual_percent === null ? undefined : fromDb(l.manual_percent, 'pct'),
  price: l.manual_price === null ? undefined : fromDb(l.manual_price, 'cur'),
});

/** Reprices the document's other lines for a card scanned after them. */
function repriceDoc(db: Db, ndoc: string, card: Card | undefined, moment: Moment, except: string): void {
  const sql = checkoutSql(db);
  for (const line of sql.docLines.all(ndoc)) {
    const goods = sql.goods.get(line.code);
    if (!goods || line.code === except) continue;
    const quantity = fromDb(line.quantity, 'unit');
    const bonusKf = fromDb(line.bonus_kf, 'ratio');
    const manual = manualOf(line);
    const priced = priceLine(db, {
      goods,
      quantity,
      card,
      date: moment.date,
      manualPercent: manual.percent,
      manualPrice: manual.price,
      bonusKf,
    });
    sql.saveLine.run(storedLine(ndoc, goods, line.sk, quantity, bonusKf, manual, priced));
  }
}

function manualFrom(p: { disc_percent: string; disc_price: string }, goods: GoodsRow, kept: Manual | undefined): Manual {
  const percent = optionalDec(p.disc_percent);
  const price = optionalDec(p.disc_price);
  if (percent !== undefined && (percent.lt(0) || percent.gt(100))) {
    throw refuse('params.disc_percent', 'number.percent_range', { value: p.disc_percent });
  }
  if (price !== undefined && (price.lt(0) || price.gt(fromDb(goods.price, 'cur')))) {
    throw refuse('params.disc_price', 'product.price_above_list', {
      price: fmt(fromDb(goods.price, 'cur')),
      given: p.disc_price,
    });
  }
  if (percent === undefined && price === undefined) return kept ?? { percent: undefined, price: undefined };
  return { percent, price };
}

/**
 * A price or percent set by hand is a manager's to give: pos.checkout_manual_price checks their
 * PIN and prices the line through applyLine; sent here directly, it needs a manager's
 * confirmation for manual_price at the till (header X-Manager-Confirmation), spent by the line.
 */
export const applySaleLine: Handler<typeof op.pos.checkoutApplySaleLine> = (p, ctx) => {
  if (optionalDec(p.disc_percent) !== undefined || optionalDec(p.disc_price) !== undefined) {
    if (ctx.confirmation === undefined) throw refuse('params.disc_price', 'sale.manual_price_manager');
    spendConfirmation(ctx.db, {
      id: ctx.confirmation,
      action: 'manual_price',
      kasm: p.kasm,
      usedBy: `sale:${p.ndoc}:${p.code}`,
      moment: momentOf(ctx),
      path: 'headers.X-Manager-Confirmation',
    });
  }
  return applyLine(p, ctx);
};

/** The line priced and stored; a manual price or percent in `p` has been confirmed by a manager. */
export const applyLine: Handler<typeof op.pos.checkoutApplySaleLine> = (p, ctx) => {
  const { db } = ctx;
  const sql = checkoutSql(db);
  const moment = momentOf(ctx);
  const goods = sql.goods.get(p.code);
  if (!goods) throw refuse('params.code', 'product.unknown_quoted', { code: p.code });
  const sk = storageSk(p.storage, p.sk);
  const bonusKf = dec(p.bonus_kf);
  if (bonusKf.lt(0)) throw refuse('params.bonus_kf', 'number.negative');

  const doc = openSaleDoc(db, { ndoc: p.ndoc, kasm: p.kasm, card: p.disc_card, user: ctx.user, moment, path: 'params.ndoc' });
  const cardNumber = p.disc_card === '' ? doc.card : p.disc_card;
  const card =
    cardNumber === ''
      ? undefined
      : p.disc_card === ''
        ? lookupCard(db, cardNumber)
        : findCard(db, cardNumber, 'params.disc_card');
  if (cardNumber !== doc.card) {
    sql.setDocCard.run(cardNumber, moment.iso, p.ndoc);
    repriceDoc(db, p.ndoc, card, moment, goods.code);
  }

  const existing = sql.docLine.get(p.ndoc, goods.code, sk);
  const quantity = p.quant === undefined ? (existing ? fromDb(existing.quantity, 'unit').plus(1) : dec(1)) : dec(p.quant);
  if (quantity.lt(0)) throw refuse('params.quant', 'quantity.negative_value', { quantity: p.quant ?? '' });
  const manual = manualFrom(p, goods, existing ? manualOf(existing) : undefined);
  const priced = priceLine(db, {
    goods,
    quantity,
    card,
    date: moment.date,
    manualPercent: manual.percent,
    manualPrice: manual.price,
    bonusKf,
  });
  if (quantity.isZero()) {
    if (existing) sql.deleteLine.run(existing.id);
  } else {
    sql.saveLine.run(storedLine(p.ndoc, goods, sk, quantity, bonusKf, manual, priced));
  }
  sql.touchDoc.run(moment.iso, p.ndoc);
  if (p.bind_excise !== 0 && goods.excise_input !== 0) reservePending(db, p.kasm, p.ndoc);

  const line = sql.docLine.get(p.ndoc, goods.code, sk);
  const bonusAfter = card ? card.bonus.plus(fromDb(sql.docBonus.get(p.ndoc) ?? 0, 'cur')) : ZERO;
  return {
    rows: [
      {
        skip_discount: priced.skipDiscount ? '1' : '0',
        bonus_after: fmt(bonusAfter),
        line_id: line ? String(line.id) : '',
        code: goods.code,
        name: goods.name,
        unit_type: goods.unit_type,
        quantity: fmt(quantity, 'unit'),
        price: fmt(priced.price),
        discount_percent: fmt(priced.discountPercent, 'pct'),
        discount: fmt(priced.discount),
        sum: fmt(priced.sum),
        excise_input: goods.excise_input ? '1' : '0',
        uktzed: goods.uktzed,
      },
    ],
  };
};
