/**
 * The rows of a close, checked before anything is written: each names a product, its sum is
 * quant × price − discount in whole kopecks, no_discount goods carry no discount, and excise
 * goods are sold by the piece (one stamp per unit).
 */

import type { op, ParsedParamsOf } from '../../../../../shared/contract/index.js';
import type { Db, Read } from '../../../../../shared-node/sql/db.js';
import { refuse } from '../../../../upstream/upstream.js';
import { type D, dec, fmt, toKopecks } from '../../../decimal.js';
import { isKopecks } from '../../kernel/money.js';
import { checkoutSql, type GoodsRow } from '../statements.js';

type Row = ParsedParamsOf<typeof op.pos.checkoutCloseSale>['rows'][number];

export interface SaleLine {
  readonly index: number;
  readonly goods: GoodsRow;
  readonly quantity: D;
  readonly price: D;
  readonly discount: D;
  readonly sum: D;
  readonly marks: readonly string[];
}

function readLine(goodsOf: ReadonlyMap<string, GoodsRow>, r: Row, index: number): SaleLine {
  const path = `params.rows[${index}]`;
  const goods = goodsOf.get(r.code);
  if (!goods) throw refuse(`${path}.code`, 'product.unknown_quoted', { code: r.code });
  const quantity = dec(r.quant);
  const price = dec(r.price);
  const discount = dec(r.discount);
  const sum = dec(r.sum);
  // The fiscal document states the price in kopecks and its cost as quantity × price: a finer
  // price would make a document whose line does not add up.
  if (!isKopecks(price)) throw refuse(`${path}.price`, 'money.not_kopecks', { amount: r.price });
  if (!isKopecks(discount)) throw refuse(`${path}.discount`, 'money.not_kopecks', { amount: r.discount });
  const expected = toKopecks(quantity.mul(price).minus(discount));
  if (!sum.eq(expected)) {
    throw refuse(`${path}.sum`, 'sale.line_sum', { sum: fmt(sum), expected: fmt(expected) });
  }
  if (discount.gt(0) && goods.no_discount !== 0) {
    throw refuse(`${path}.discount`, 'sale.no_discount', { code: goods.code, name: goods.name });
  }
  if (goods.excise_input !== 0 && !quantity.isInteger()) {
    throw refuse(`${path}.quant`, 'sale.excise_pieces', { quantity: fmt(quantity, 'unit') });
  }
  return { index, goods, quantity, price, discount, sum, marks: r.excise_marks };
}

const codesOf = (rows: readonly Row[]): string => JSON.stringify([...new Set(rows.map((r) => r.code))]);

/** The read readLines makes, for a caller that sends it ahead (prefetch). */
export const goodsRead = (db: Db, rows: readonly Row[]): Read => ({ statement: checkoutSql(db).goodsOf, args: [codesOf(rows)] });

/** Every line's goods in one read (one round trip on PostgreSQL), then each line checked in order. */
export function readLines(db: Db, rows: readonly Row[]): SaleLine[] {
  const goodsOf = new Map(
    checkoutSql(db)
      .goodsOf.all(codesOf(rows))
      .map((g) => [g.code, g]),
  );
  return rows.map((r, i) => readLine(goodsOf, r, i));
}
