/** Reading a product card: its main columns (`goods.card_main`) and every part (`goods.card_open`). */
import type { op } from '../../../../shared/contract/index.js';
import { allTogether } from '../../../../shared-node/sql/db.js';
import { fmtDb } from '../../decimal.js';
import type { Handler } from '../../handlers.js';
import { fifoRow } from '../stock/rows.js';
import { stockSql } from '../stock/statements.js';
import { MAIN_STORAGE } from '../stock/storage.js';
import { type CardRow, goodsSql } from './statements.js';

/** The product-card columns of the spec, as the wire carries them. */
function cardColumns(r: CardRow) {
  return {
    code: r.code,
    name: r.name,
    unit_type: r.unit_type,
    supplier: r.supplier,
    category: r.category,
    parent_category: r.parent_category,
    shelf_life_days: String(r.shelf_life_days),
    c2: r.c2,
    additional_info: r.additional_info,
    in_cloud: String(r.in_cloud),
    no_discount: String(r.no_discount),
    cost: fmtDb(r.cost, 'cur'),
    price: fmtDb(r.price, 'cur'),
    markup: fmtDb(r.markup, 'pct'),
    quantity: fmtDb(r.quantity, 'unit'),
    critical_quantity: fmtDb(r.critical_quantity, 'unit'),
    date_added: r.date_added,
  };
}

/** The card without a storage named: its quantity is the main storage's. */
export const cardMain: Handler<typeof op.goods.cardMain> = ({ code }, { db }) => {
  const card = goodsSql(db).card.get(MAIN_STORAGE, code);
  return { rows: card ? [cardColumns(card)] : [] };
};

export const cardOpen: Handler<typeof op.goods.cardOpen> = ({ code, sk }, { db }) => {
  const g = goodsSql(db);
  const stock = stockSql(db);
  // Every part at once, found or not (a part of an unknown code is empty): on PostgreSQL one
  // round trip instead of eight.
  const [[card], [owner], extraCodes, extraValues, batches, composition, [picture], byStorage] = allTogether(db, [
    { statement: g.card, args: [sk, code] },
    // A code someone else already carries as an extra code: shown so a new card is not given it.
    { statement: g.extraCodeOwner, args: [code] },
    { statement: g.extraCodes, args: [code] },
    { statement: g.extraValues, args: [code] },
    { statement: stock.visibleBatches, args: [code, sk] },
    { statement: g.composition, args: [code] },
    { statement: g.picture, args: [code] },
    { statement: stock.stockByStorage, args: [code] },
  ]);
  const rows: Record<string, string>[] = [{ tag: 'STATE', found: card ? '1' : '0' }];
  if (card) {
    rows.push({ tag: 'MAIN', ...cardColumns(card) });
    rows.push({ tag: 'DESC', description: card.description, kitchen_printer: card.kitchen_printer });
    rows.push({ tag: 'UKT', uktzed: card.uktzed, excise_input: String(card.excise_input) });
    for (const e of extraCodes) rows.push({ tag: 'EXTRA_CODE', code: e.extra_code });
    for (const v of extraValues) rows.push({ tag: 'EXTRA_VALUE', ...v });
    for (const b of batches) rows.push({ tag: 'FIFO', ...fifoRow(b) });
    for (const c of composition) {
      rows.push({
        tag: 'SOSTAV',
        code: c.code,
        name: c.name,
        cost: fmtDb(c.cost, 'cur'),
        price: fmtDb(c.price, 'cur'),
        unit_type: c.unit_type,
        quantity: fmtDb(c.quantity, 'unit'),
      });
    }
    if (picture) rows.push({ tag: 'PICTURE', ...picture });
    rows.push({ tag: 'SIZE_SUMMARY', summary: stockSummary(byStorage, card.unit_type) });
  }
  if (owner && owner.code !== code) rows.push({ tag: 'DUP_OWNER', owner_code: owner.code, owner_name: owner.name });
  return { rows };
};

/** How much there is in every storage, on one line: the "size" of the stock at a glance. */
function stockSummary(stock: { sk: number; quantity: number }[], unit: string): string {
  const bySk = new Map(stock.map((s) => [s.sk, s.quantity]));
  if (!bySk.has(0)) bySk.set(0, 0);
  return [...bySk.entries()]
    .sort(([a], [b]) => a - b)
    .map(([sk, q]) => `${sk === 0 ? 'склад' : `філія ${sk}`}: ${fmtDb(q, 'unit')} ${unit}`)
    .join('; ');
}
