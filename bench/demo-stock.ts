/**
 * The demo shop made ready for a benchmark that sells the same goods over and over. A shop sells
 * what it has, so each batch gets enough to last: the close measured is a normal sale, not the
 * rarer shortage path (which records a shortage per line). Batches and stock grow alike, so the
 * books still add up.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedDemo } from '../server/back-office/demo/index.js';
import { openServiceDatabase } from '../server/service.js';
import type { Db } from '../shared-node/sql/db.js';

const PLENTY = 10_000_000;

export function stockToLast(db: Db): void {
  db.prepare(`UPDATE stock_batches SET quantity = quantity + ${PLENTY} WHERE quantity > 0`).run();
  db.prepare(
    'UPDATE goods_stock SET quantity = (SELECT coalesce(sum(quantity), 0) FROM stock_batches b WHERE b.code = goods_stock.code AND b.sk = goods_stock.sk)',
  ).run();
}

/** Goods sold by the piece without stamps, with a price and the stock stockToLast gave them. */
export function sellableGoods(db: Db, limit: number, order: 'random' | 'code'): { code: string; price: number }[] {
  return db
    .prepare(
      `SELECT g.code, g.price FROM goods g JOIN goods_stock s ON s.code = g.code AND s.sk = 0
       WHERE g.excise_input = 0 AND g.weighted = 0 AND g.price > 0 AND s.quantity >= ${PLENTY}
       ORDER BY ${order === 'random' ? 'random()' : 'g.code'} LIMIT ?`,
    )
    .all(limit) as { code: string; price: number }[];
}

/**
 * A fresh demo shop of `goods` goods in a temporary SQLite file, checkpointed as startService
 * leaves it (reads that must search a long WAL are slower) and stocked to last, with goods to sell.
 */
export function benchShop(name: string, goods: number) {
  const file = join(mkdtempSync(join(tmpdir(), `bench-${name}-`)), 'shop.sqlite');
  const db = openServiceDatabase(file);
  const t0 = performance.now();
  seedDemo(db, { goods });
  db.pragma('wal_checkpoint(TRUNCATE)');
  console.log(`demo shop with ${goods} goods seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  stockToLast(db);
  const sellable = sellableGoods(db, 5000, 'random');
  const pick = (i: number) => sellable[i % sellable.length] as { code: string; price: number };
  return { file, db, pick };
}
