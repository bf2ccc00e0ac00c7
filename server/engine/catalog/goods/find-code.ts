/**
 * What a scanned or typed code is: a product, another barcode of a product, a weighted in-store
 * barcode (prefix + PLU + grams), or a discount card. One row per match, in that order, so the
 * cash desk can ask when a code means two things.
 */

import {
  DEFAULT_CARD_PREFIXES,
  DEFAULT_WEIGHT_PREFIXES,
  parseWeightBarcode,
  prefixList,
} from '../../../../shared/barcodes/ean.js';
import { refuse } from '../../../upstream/upstream.js';
import { D, fmt, fmtDb } from '../../decimal.js';
import type { Handler } from '../../handlers.js';
import { MAIN_STORAGE } from '../stock/storage.js';
import { findDiscountCard } from './discount-cards.js';
import { type CardRow, goodsSql } from './statements.js';

type Kind = 'product' | 'extra' | 'weight' | 'card';

const ONE = '1.000';
/** Goods carry no card facts; the columns are there so every row has the same shape. */
const NO_CARD = { debt: '0.00', debt_limit: '0.00', bonus: '0.00', discount_percent: fmtDb(0, 'pct') };

const productRow = (kind: Kind, card: CardRow, quantity: string, matched: string) => ({
  kind,
  code: card.code,
  name: card.name,
  price: fmtDb(card.price, 'cur'),
  quantity,
  unit_type: card.unit_type,
  excise_input: String(card.excise_input),
  matched,
  ...NO_CARD,
});

export const findCode: Handler<'pos.find_code'> = (p, { db }) => {
  const code = p.code.trim();
  if (code === '') return { rows: [] };
  if (!p.allow_alpha && !/^\d+$/.test(code)) {
    throw refuse('params.code', 'code.letters', { code });
  }
  const g = goodsSql(db);
  const rows: ReturnType<typeof productRow>[] = [];

  const product = g.card.get(MAIN_STORAGE, code);
  if (product) rows.push(productRow('product', product, ONE, code));
  const extra = g.cardByExtraCode.get(MAIN_STORAGE, code);
  if (extra) rows.push(productRow('extra', extra, ONE, code));

  const weight = parseWeightBarcode(code, prefixList(p.pref_ves, DEFAULT_WEIGHT_PREFIXES));
  const weighed = weight && g.cardByPlu.get(MAIN_STORAGE, weight.plu);
  if (weight && weighed) rows.push(productRow('weight', weighed, fmt(new D(weight.grams).div(1000), 'unit'), weight.plu));

  if (prefixList(p.pref_disc, DEFAULT_CARD_PREFIXES).some((prefix) => code.startsWith(prefix))) {
    const card = findDiscountCard(db, code);
    if (card) {
      rows.push({
        kind: 'card',
        code: card.card,
        name: card.holder,
        price: '0.00',
        quantity: ONE,
        unit_type: '',
        excise_input: '0',
        matched: card.card,
        debt: fmtDb(card.debt, 'cur'),
        debt_limit: fmtDb(card.debt_limit, 'cur'),
        bonus: fmtDb(card.bonus, 'cur'),
        discount_percent: fmtDb(card.discount_percent, 'pct'),
      });
    }
  }
  return { rows };
};
