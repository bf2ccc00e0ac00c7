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
import type { Db, Read } from '../../../../shared-node/sql/db.js';
import { refuse } from '../../../upstream/upstream.js';
import { D, fmt, fromDb, toDb } from '../../decimal.js';
import { stockSql } from './statements.js';
import { TakeWrites } from './take-writes.js';

export interface FifoTake {
  /** Total cost of what was taken. */
  readonly cost: D;
  readonly batches: { batchId: number; quantity: D; cost: D }[];
}

/** What a take of goods is for, the same for every product taken together. */
export interface TakeTerms {
  readonly sk: number;
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

export interface TakeItem {
  readonly code: string;
  readonly quantity: D;
}

export interface TakeArgs extends TakeTerms, TakeItem {}

/** A product's stock as the takes change it, in the database's scaled integers (statements.ts). */
interface Held {
  readonly cardCost: number;
  stock: number;
  /** Its batches still holding stock, oldest first, then its newest whatever it holds. */
  readonly batches: { id: number; cost: number; quantity: number }[];
}

/** What a take of `codes` from storage `sk` reads first (statements.ts takeStart). */
const takeStartArgs = (sk: number, codes: readonly string[]) => ({ sk, codes: JSON.stringify([...new Set(codes)]) });

/** The read a take starts with, for a caller that sends it ahead (prefetch). */
export const takeRead = (db: Db, sk: number, codes: readonly string[]): Read => ({
  statement: stockSql(db).takeStart,
  args: [takeStartArgs(sk, codes)],
});

/** Every product's stock and batches, read once for all the takes. */
function readHeld(db: Db, sk: number, codes: readonly string[]): Map<string, Held> {
  const held = new Map<string, Held>();
  for (const r of stockSql(db).takeStart.all(takeStartArgs(sk, codes))) {
    let h = held.get(r.code);
    if (!h) {
      h = { cardCost: r.card_cost, stock: r.stock ?? 0, batches: [] };
      held.set(r.code, h);
    }
    if (r.batch_id !== null) h.batches.push({ id: r.batch_id, cost: r.batch_cost ?? 0, quantity: r.batch_quantity ?? 0 });
  }
  return held;
}

/**
 * Takes each item from its product's oldest batches, one item after another as if each were taken
 * alone (two items of one product: the second takes what the first left), with one read for them
 * all and one write per table for them all (take-writes.ts); the writes wait for the next read or
 * the COMMIT (a pipelined PostgreSQL sends them together). Returns each item's take, in the items'
 * order.
 */
export function takeFifoMany(db: Db, terms: TakeTerms, items: readonly TakeItem[]): FifoTake[] {
  const { sk, ref } = terms;
  const writes = new TakeWrites();
  const held = readHeld(
    db,
    sk,
    items.map((i) => i.code),
  );
  const takes = items.map(({ code, quantity }) => {
    const h = held.get(code);
    if (!h) throw refuse('params.rows', 'product.unknown', { code });
    const want = toDb(quantity, 'unit');
    if (want <= 0) throw refuse('params.rows', 'stock.quantity_not_positive', { code });
    // Judged on the whole stock, not the positive batches: a batch already negative owes its units.
    const have = h.stock;
    if (have < want) {
      if (terms.shortage === 'refuse') {
        throw refuse('params.rows', 'stock.not_enough', {
          code,
          left: fmt(fromDb(have, 'unit'), 'unit'),
          asked: fmt(fromDb(want, 'unit'), 'unit'),
        });
      }
      // What the books lacked for this take: all of it when stock was already at or below zero.
      writes.short(code, want - Math.max(have, 0), have);
    }

    const taken: { batchId: number; quantity: D; cost: D }[] = [];
    const take = (b: Held['batches'][number], q: number) => {
      const cost = fromDb(b.cost, 'cur').mul(fromDb(q, 'unit'));
      b.quantity -= q;
      writes.take(b.id, q, toDb(cost, 'cur'));
      taken.push({ batchId: b.id, quantity: fromDb(q, 'unit'), cost });
    };

    let rest = want;
    for (const b of h.batches) {
      if (rest === 0) break;
      if (b.quantity <= 0) continue;
      const q = Math.min(b.quantity, rest);
      take(b, q);
      rest -= q;
    }
    if (rest > 0) {
      // Selling what the books do not have: the newest batch goes negative, so the next count or
      // delivery shows the debt and stock still sums up.
      let newest = h.batches.at(-1);
      if (!newest) {
        const id = openBatch(db, { code, sk, documentNumber: ref, unitCost: fromDb(h.cardCost, 'cur'), on: terms.on });
        newest = { id, cost: h.cardCost, quantity: 0 };
        h.batches.push(newest);
      }
      take(newest, rest);
    }
    h.stock -= want;
    writes.takeStock(code, want);
    return { cost: taken.reduce((sum, t) => sum.add(t.cost), new D(0)), batches: taken };
  });
  writes.write(db, { sk, ref, at: terms.at ?? new Date().toISOString() });
  return takes;
}

/** One product's take: takeFifoMany with one item, so FIFO is written once. */
export function takeFifo(db: Db, args: TakeArgs): FifoTake {
  const { code, quantity, ...terms } = args;
  return takeFifoMany(db, terms, [{ code, quantity }])[0] as FifoTake;
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
