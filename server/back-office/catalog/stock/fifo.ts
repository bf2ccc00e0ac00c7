/**
 * FIFO stock: deliveries become batches, sales and write-offs take from the oldest batch first.
 * Every change goes through here so `goods_stock` always equals the sum of its batches.
 *
 * Stock policy: a sale the cashier closed is never refused for stock. The goods have left the
 * shop and the money was taken; the books were wrong, not the shelf. Such a take goes through, the
 * stock goes negative, and a shortage record says what was sold beyond the books, so the manager
 * reconciles it (goods.shortages, the product card). Only a take that moves no goods out of a
 * customer's hands (an inventory write-off) is refused when the books do not have it.
 */
import type { Db } from '../../../../shared-node/sql/db.js';
import { refuse } from '../../../upstream/upstream.js';
import { D, fmt, fromDb, toDb } from '../../decimal.js';
import { stockSql } from './statements.js';

export interface FifoTake {
  /** Total cost of what was taken. */
  readonly cost: D;
  readonly batches: { batchId: number; quantity: D; cost: D }[];
}

export interface TakeArgs {
  readonly code: string;
  readonly sk: number;
  readonly quantity: D;
  /**
   * What a take beyond the books does: `refuse` it (a write-off), or `record` a shortage and take
   * it all the same (a sale: see the stock policy above).
   */
  readonly shortage: 'refuse' | 'record';
  /** What the stock went to (a receipt, an inventory count): kept in the move trail. */
  readonly ref: string;
  /** When, as UTC ISO 8601 (a shortage record carries it); now when not given. */
  readonly at?: string;
  /** The shop's calendar date of the take: the date of a batch opened for goods never delivered. */
  readonly on: string;
}

export function takeFifo(db: Db, args: TakeArgs): FifoTake {
  const s = stockSql(db);
  const { code, sk, ref } = args;
  const card = s.goodsStock.get(sk, code);
  if (!card) throw refuse('params.rows', 'product.unknown', { code });
  const want = toDb(args.quantity, 'unit');
  if (want <= 0) throw refuse('params.rows', 'stock.quantity_not_positive', { code });
  // Judged on the whole stock, not the positive batches: a batch already negative owes its units.
  const have = card.stock ?? 0;
  if (have < want) {
    if (args.shortage === 'refuse') {
      throw refuse('params.rows', 'stock.not_enough', {
        code,
        left: fmt(fromDb(have, 'unit'), 'unit'),
        asked: fmt(fromDb(want, 'unit'), 'unit'),
      });
    }
    // What the books lacked for this take: all of it when stock was already at or below zero.
    const short = want - Math.max(have, 0);
    s.recordShortage.run({ code, sk, quantity: short, stock_before: have, ref, at: args.at ?? new Date().toISOString() });
  }

  const taken: { batchId: number; quantity: D; cost: D }[] = [];
  const take = (batchId: number, unitCost: number, q: number) => {
    const cost = fromDb(unitCost, 'cur').mul(fromDb(q, 'unit'));
    s.changeBatch.run(-q, batchId);
    s.recordMove.run(batchId, -q, toDb(cost, 'cur'), ref);
    taken.push({ batchId, quantity: fromDb(q, 'unit'), cost });
  };

  let rest = want;
  for (const b of s.openBatches.all(code, sk)) {
    if (rest === 0) break;
    const q = Math.min(b.quantity, rest);
    take(b.id, b.cost, q);
    rest -= q;
  }
  if (rest > 0) {
    // Selling what the books do not have: the newest batch goes negative, so the next count or
    // delivery shows the debt and stock still sums up.
    const newest = s.newestBatch.get(code, sk);
    if (newest) take(newest.id, newest.cost, rest);
    else take(openBatch(db, { code, sk, documentNumber: ref, unitCost: fromDb(card.cost, 'cur'), on: args.on }), card.cost, rest);
  }
  s.addStock.run(code, sk, -want);
  return { cost: taken.reduce((sum, t) => sum.add(t.cost), new D(0)), batches: taken };
}

export interface ReceiveArgs {
  readonly code: string;
  readonly sk: number;
  readonly documentNumber: string;
  readonly unitCost: D;
  readonly quantity: D;
  /** Shop-local date of the delivery: the FIFO order. */
  readonly receivedOn: string;
  readonly fiscal?: boolean;
}

/** A delivery: a new batch, and the stock grows by it. Returns the batch id. */
export function receiveBatch(db: Db, args: ReceiveArgs): number {
  const s = stockSql(db);
  const quantity = toDb(args.quantity, 'unit');
  const id = Number(
    s.insertBatch.run(
      args.code,
      args.sk,
      args.documentNumber,
      toDb(args.unitCost, 'cur'),
      quantity,
      args.receivedOn,
      args.fiscal ? 1 : 0,
    ).lastInsertRowid,
  );
  s.addStock.run(args.code, args.sk, quantity);
  return id;
}

/**
 * Corrects a delivery already booked (an invoice line changed): its batch grows or shrinks and
 * takes the new cost. Shrinking below what is left of it would undo goods already sold: refused.
 */
export function adjustBatch(db: Db, batchId: number, delta: D, unitCost: D): void {
  const s = stockSql(db);
  const b = s.batchById.get(batchId);
  if (!b) throw new Error(`stock batch ${batchId} is missing`);
  const q = toDb(delta, 'unit');
  if (b.quantity + q < 0) {
    throw refuse('params.quant', 'stock.batch_sold', {
      left: fmt(fromDb(b.quantity, 'unit'), 'unit'),
      code: b.code,
      document: b.document_number,
    });
  }
  s.changeBatch.run(q, batchId);
  s.setBatchCost.run(toDb(unitCost, 'cur'), batchId);
  s.addStock.run(b.code, b.sk, q);
}

/** An empty batch to hang a negative take on when a product never had a delivery. */
function openBatch(db: Db, args: { code: string; sk: number; documentNumber: string; unitCost: D; on: string }): number {
  const { on, ...batch } = args;
  return receiveBatch(db, { ...batch, quantity: new D(0), receivedOn: on });
}
