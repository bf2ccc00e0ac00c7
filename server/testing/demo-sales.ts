/** Selling in the demo shop from a test: products to sell, the sale itself, and the receipts it left. */
import type { Db } from '../../shared-node/sql/db.js';

export interface Product {
  readonly code: string;
  /** A decimal string, e.g. "42.50". */
  readonly price: string;
}

/** Products a test can sell one of: by the piece, no excise stamps, priced in whole kopecks. */
export function demoProducts(db: Pick<Db, 'prepare'>, count: number): Product[] {
  const rows = db
    .prepare(
      `SELECT code, price FROM goods
       WHERE excise_input = 0 AND weighted = 0 AND price > 0 AND price % 100 = 0
       ORDER BY code LIMIT ?`,
    )
    .all(count) as { code: string; price: number }[];
  if (rows.length < count) throw new Error(`the shop has ${rows.length} products a test can sell, not ${count}`);
  // Stored ×10^4: whole kopecks are the price / 100, written out without floating point.
  return rows.map(({ code, price }) => {
    const kopecks = price / 100;
    return { code, price: `${Math.trunc(kopecks / 100)}.${String(kopecks % 100).padStart(2, '0')}` };
  });
}

/** How many receipts the back office holds for each of the given sale documents. */
export function receiptsPerNdoc(db: Pick<Db, 'prepare'>, prefix: string): Map<string, number> {
  const rows = db.prepare('SELECT ndoc, count(*) AS n FROM receipts WHERE ndoc LIKE ? GROUP BY ndoc').all(`${prefix}%`) as {
    ndoc: string;
    n: number;
  }[];
  return new Map(rows.map((r) => [r.ndoc, r.n]));
}

/** The params of a closed sale of one product, paid in cash (exactly, unless `paid` says otherwise). */
export function cashSale(ndoc: string, product: Product, paid = product.price) {
  return {
    kasm: 1,
    ndoc,
    rows: [{ code: product.code, quant: '1', price: product.price, sum: product.price }],
    payments: [{ type: 'nal' as const, amount: paid }],
  };
}
