/**
 * The writes of a take, gathered while FIFO decides them (fifo.ts) and written together: one
 * statement per table whatever the number of items (issue 24). On PostgreSQL each statement is
 * parsed, bound and executed, and its parameters encoded, on both sides: four statements an item
 * were most of a 20-line close's 119. Each table's rows go as one JSON parameter, so a statement's
 * text, and its prepared plan, is the same for any number of rows.
 */
import type { Db } from '../../../../shared-node/sql/db.js';
import { stockSql } from './statements.js';

/** In the database's scaled integers (statements.ts). */
export class TakeWrites {
  /** Each batch's change, summed: the newest batch of a take beyond stock is taken twice. */
  private readonly batches = new Map<number, number>();
  /** Each take from a batch as it happened: the move trail. */
  private readonly moves: [batchId: number, quantity: number, cost: number][] = [];
  /** Each product's change, summed: two items of one product are one row of goods_stock. */
  private readonly stock = new Map<string, number>();
  private readonly shortages: [code: string, quantity: number, stockBefore: number][] = [];

  take(batchId: number, quantity: number, cost: number): void {
    this.batches.set(batchId, (this.batches.get(batchId) ?? 0) - quantity);
    this.moves.push([batchId, -quantity, cost]);
  }

  takeStock(code: string, quantity: number): void {
    this.stock.set(code, (this.stock.get(code) ?? 0) - quantity);
  }

  short(code: string, quantity: number, stockBefore: number): void {
    this.shortages.push([code, quantity, stockBefore]);
  }

  /** Writes what was gathered: what the take is for and when (fifo.ts TakeTerms). */
  write(db: Db, terms: { readonly sk: number; readonly ref: string; readonly at: string }): void {
    const s = stockSql(db);
    const { sk, ref, at } = terms;
    if (this.shortages.length > 0) s.recordShortages.run({ sk, shortages: JSON.stringify(this.shortages), ref, at });
    if (this.batches.size > 0) s.changeBatches.run({ changes: JSON.stringify([...this.batches]) });
    if (this.moves.length > 0) s.recordMoves.run({ moves: JSON.stringify(this.moves), ref });
    if (this.stock.size > 0) s.addStocks.run({ sk, changes: JSON.stringify([...this.stock]) });
  }
}
