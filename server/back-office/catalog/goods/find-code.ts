/**
 * pos.find_code in the back office: what a scanned or typed code is. The matching rules are the
 * till's too (shared/catalog/find-code-rules.ts); here they look up the goods' and the discount
 * cards' tables, and each match becomes a row of the contract's shape.
 */

import { DEFAULT_CARD_PREFIXES, DEFAULT_WEIGHT_PREFIXES, prefixList } from '../../../../shared/barcodes/ean.js';
import { type CodeLookup, matchCode, ONE_PIECE } from '../../../../shared/catalog/find-code-rules.js';
import type { op } from '../../../../shared/contract/index.js';
import { refuse } from '../../../upstream/upstream.js';
import { fmtDb } from '../../decimal.js';
import type { Handler } from '../../handlers.js';
import { MAIN_STORAGE } from '../stock/storage.js';
import { type FoundCard, findDiscountCard } from './discount-cards.js';
import { type CardRow, goodsSql } from './statements.js';

/** Goods carry no card facts; the columns are there so every row has the same shape. */
const NO_CARD = { debt: '0.00', debt_limit: '0.00', bonus: '0.00', discount_percent: fmtDb(0, 'pct') };

export const findCode: Handler<typeof op.pos.findCode> = (p, { db }) => {
  const code = p.code.trim();
  if (code === '') return { rows: [] };
  if (!p.allow_alpha && !/^\d+$/.test(code)) {
    throw refuse('params.code', 'code.letters', { code });
  }
  const g = goodsSql(db);
  const lookup: CodeLookup<CardRow, FoundCard> = {
    product: (c) => g.card.get(MAIN_STORAGE, c),
    productByExtraCode: (c) => g.cardByExtraCode.get(MAIN_STORAGE, c),
    productByPlu: (plu) => g.cardByPlu.get(MAIN_STORAGE, plu),
    card: (c) => findDiscountCard(db, c),
  };
  const prefixes = {
    weight: prefixList(p.pref_ves, DEFAULT_WEIGHT_PREFIXES),
    card: prefixList(p.pref_disc, DEFAULT_CARD_PREFIXES),
  };
  const rows = matchCode(code, prefixes, lookup).map((m) =>
    m.kind === 'card'
      ? {
          kind: m.kind,
          code: m.card.card,
          name: m.card.holder,
          price: '0.00',
          quantity: ONE_PIECE,
          unit_type: '',
          excise_input: '0',
          matched: m.matched,
          debt: fmtDb(m.card.debt, 'cur'),
          debt_limit: fmtDb(m.card.debt_limit, 'cur'),
          bonus: fmtDb(m.card.bonus, 'cur'),
          discount_percent: fmtDb(m.card.discount_percent, 'pct'),
        }
      : {
          kind: m.kind,
          code: m.product.code,
          name: m.product.name,
          price: fmtDb(m.product.price, 'cur'),
          quantity: m.quantity,
          unit_type: m.product.unit_type,
          excise_input: String(m.product.excise_input),
          matched: m.matched,
          ...NO_CARD,
        },
  );
  return { rows };
};
