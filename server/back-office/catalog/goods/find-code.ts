/**
 * pos.find_code in the back office: what a scanned or typed code is. The matching rules are the
 * till's too (shared/catalog/find-code-rules.ts); here they look up the goods' and the discount
 * cards' tables, and each match becomes a row of the contract's shape.
 */

import { DEFAULT_CARD_PREFIXES, DEFAULT_WEIGHT_PREFIXES, prefixList } from '../../../../shared/barcodes/ean.js';
import { type CodeLookup, foundRows, matchCode } from '../../../../shared/catalog/find-code-rules.js';
import type { op } from '../../../../shared/contract/index.js';
import { prefetch } from '../../../../shared-node/sql/db.js';
import { refuse } from '../../../upstream/upstream.js';
import { fmtDb } from '../../decimal.js';
import type { Handler } from '../../handlers.js';
import { MAIN_STORAGE } from '../stock/storage.js';
import { type FoundCard, findDiscountCard } from './discount-cards.js';
import { type CardRow, goodsSql } from './statements.js';

export const findCode: Handler<typeof op.pos.findCode> = (p, { db }) => {
  const code = p.code.trim();
  if (code === '') return { rows: [] };
  if (!p.allow_alpha && !/^\d+$/.test(code)) {
    throw refuse('params.code', 'code.letters', { code });
  }
  const g = goodsSql(db);
  // Every code is looked up as a product's own and as an extra code: one round trip on PostgreSQL.
  prefetch(db, [
    { statement: g.card, args: [MAIN_STORAGE, code] },
    { statement: g.cardByExtraCode, args: [MAIN_STORAGE, code] },
  ]);
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
  const rows = foundRows(
    matchCode(code, prefixes, lookup),
    (g) => ({
      code: g.code,
      name: g.name,
      price: fmtDb(g.price, 'cur'),
      unit_type: g.unit_type,
      excise_input: String(g.excise_input),
    }),
    (c) => ({
      card: c.card,
      holder: c.holder,
      debt: fmtDb(c.debt, 'cur'),
      debt_limit: fmtDb(c.debt_limit, 'cur'),
      bonus: fmtDb(c.bonus, 'cur'),
      discount_percent: fmtDb(c.discount_percent, 'pct'),
    }),
  );
  return { rows };
};
