/** SQL of FIFO batches and stock per storage. Quantities ×10^3, money ×10^4 (decimal.ts). */
import type { Db } from '../../../../shared-node/sql/db.js';
import { inKeysByIndex, keyOfJsonRowsByIndex, rowsOfJsonArray, textsOfJsonArray } from '../../core/dialect-sql.js';
import { statements } from '../../core/statements.js';

export interface BatchRow {
  id: number;
  document_number: string;
  cost: number;
  quantity: number;
  received_on: string;
  fiscal: number;
}

export interface TakeStartRow {
  code: string;
  card_cost: number;
  stock: number | null;
  batch_id: number | null;
  batch_cost: number | null;
  batch_quantity: number | null;
}

const prepare = (db: Db) => ({
  /**
   * What FIFO takes of many products in one storage start from, in one read: each product's card
   * cost and stock (null: nothing ever there), its batches still holding stock oldest first, and
   * its newest batch whatever it holds (a take beyond stock owes it there), always last. A product
   * with no batch holding stock has a row with a null batch too; a code not in the catalogue, no row.
   *
   * Two reads joined, not one join with "holding stock or the newest": a shop's sold-out batches
   * only grow, and that condition walked every one of them (and looked the newest up again for
   * each: 15 ms for 20 products of 200 batches on PostgreSQL). The batches holding stock come from
   * their own partial index (stock_batches_holding), the newest from the end of stock_batches_fifo,
   * then by its id; the products by their key (inKeysByIndex: else PostgreSQL read the whole
   * catalogue, 0.5 ms of a close's 6.8 ms of its CPU with 2,000 goods).
   */
  takeStart: db.prepare<{ sk: number; codes: string }, TakeStartRow>(
    `SELECT g.code AS code, g.cost AS card_cost, s.quantity AS stock, b.id AS batch_id, b.cost AS batch_cost,
            b.quantity AS batch_quantity, b.received_on AS received_on
     FROM goods g
     LEFT JOIN goods_stock s ON s.code = g.code AND s.sk = @sk
     LEFT JOIN stock_batches b ON b.code = g.code AND b.sk = @sk AND b.quantity > 0
     WHERE ${inKeysByIndex(db, 'g.code', textsOfJsonArray(db, '@codes'))}
     UNION
     SELECT g.code, g.cost, s.quantity, b.id, b.cost, b.quantity, b.received_on
     FROM stock_batches b
     JOIN goods g ON g.code = b.code
     LEFT JOIN goods_stock s ON s.code = g.code AND s.sk = @sk
     WHERE ${inKeysByIndex(
       db,
       'b.id',
       `SELECT (SELECT n.id FROM stock_batches n WHERE n.code = c.value AND n.sk = @sk ORDER BY n.received_on DESC, n.id DESC LIMIT 1)
        FROM (${textsOfJsonArray(db, '@codes')}) AS c`,
     )}
     ORDER BY code, received_on, batch_id`,
  ),
  addStock: db.prepare<[string, number, number], void>(
    `INSERT INTO goods_stock (code, sk, quantity) VALUES (?, ?, ?)
     ON CONFLICT (code, sk) DO UPDATE SET quantity = goods_stock.quantity + excluded.quantity`,
  ),
  batchById: db.prepare<[number], BatchRow & { code: string; sk: number }>(
    'SELECT id, code, sk, document_number, cost, quantity, received_on, fiscal FROM stock_batches WHERE id = ?',
  ),
  /** Batches still holding stock (or owing it), oldest first, for the FIFO views. */
  visibleBatches: db.prepare<[string, number], BatchRow>(
    `SELECT id, document_number, cost, quantity, received_on, fiscal FROM stock_batches
     WHERE code = ? AND sk = ? AND quantity <> 0 ORDER BY received_on, id`,
  ),
  summary: db.prepare<[string, number, number], { batch_count: number; quantity: number | null }>(
    `SELECT count(*) AS batch_count, sum(quantity) AS quantity FROM stock_batches
     WHERE code = ? AND sk = ? AND quantity <> 0 AND fiscal >= ?`,
  ),
  stockRowExists: db.prepare<[string, number], { one: number }>('SELECT 1 AS one FROM goods_stock WHERE code = ? AND sk = ?'),
  insertBatch: db.prepare<[string, number, string, number, number, string, number], void>(
    `INSERT INTO stock_batches (code, sk, document_number, cost, quantity, received_on, fiscal)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ),
  changeBatch: db.prepare<[number, number], void>('UPDATE stock_batches SET quantity = quantity + ? WHERE id = ?'),
  setBatchCost: db.prepare<[number, number], void>('UPDATE stock_batches SET cost = ? WHERE id = ?'),
  /**
   * A take's writes (take-writes.ts), each table's rows in one JSON parameter. Batches:
   * `[[batch id, change], …]`, one row a batch (an UPDATE … FROM changes a row once).
   */
  changeBatches: db.prepare<{ changes: string }, void>(
    `UPDATE stock_batches SET quantity = stock_batches.quantity + d.change
     FROM (${rowsOfJsonArray(db, '@changes', [
       ['id', 'integer'],
       ['change', 'integer'],
     ])}) AS d
     WHERE stock_batches.id = d.id${keyOfJsonRowsByIndex(db, 'stock_batches.id', '@changes')}`,
  ),
  /** `[[batch id, quantity, cost], …]`, in the order taken. */
  recordMoves: db.prepare<{ moves: string; ref: string }, void>(
    `INSERT INTO stock_moves (batch_id, quantity, cost, ref)
     SELECT m.batch_id, m.quantity, m.cost, CAST(@ref AS TEXT)
     FROM (${rowsOfJsonArray(db, '@moves', [
       ['batch_id', 'integer'],
       ['quantity', 'integer'],
       ['cost', 'integer'],
     ])}) AS m`,
  ),
  /**
   * `[[code, change], …]`, one row a product: PostgreSQL refuses an upsert that meets a row twice.
   * (`WHERE true`: SQLite would read the ON of ON CONFLICT as a join's.)
   */
  addStocks: db.prepare<{ sk: number; changes: string }, void>(
    `INSERT INTO goods_stock (code, sk, quantity)
     SELECT d.code, CAST(@sk AS INTEGER), d.change
     FROM (${rowsOfJsonArray(db, '@changes', [
       ['code', 'text'],
       ['change', 'integer'],
     ])}) AS d WHERE true
     ON CONFLICT (code, sk) DO UPDATE SET quantity = goods_stock.quantity + excluded.quantity`,
  ),
  /** `[[code, quantity, stock before], …]`. */
  recordShortages: db.prepare<{ sk: number; shortages: string; ref: string; at: string }, void>(
    `INSERT INTO stock_shortages (code, sk, quantity, stock_before, ref, at)
     SELECT x.code, CAST(@sk AS INTEGER), x.quantity, x.stock_before, CAST(@ref AS TEXT), CAST(@at AS TEXT)
     FROM (${rowsOfJsonArray(db, '@shortages', [
       ['code', 'text'],
       ['quantity', 'integer'],
       ['stock_before', 'integer'],
     ])}) AS x`,
  ),
  shortages: db.prepare<
    { code: string; limit: number },
    {
      id: number;
      code: string;
      name: string;
      sk: number;
      quantity: number;
      stock_before: number;
      stock_now: number;
      ref: string;
      at: string;
    }
  >(
    `SELECT x.id, x.code, g.name, x.sk, x.quantity, x.stock_before, coalesce(s.quantity, 0) AS stock_now, x.ref, x.at
     FROM stock_shortages x JOIN goods g ON g.code = x.code
     LEFT JOIN goods_stock s ON s.code = x.code AND s.sk = x.sk
     WHERE @code = '' OR x.code = @code ORDER BY x.id DESC LIMIT @limit`,
  ),
  /** The stock of a product in every storage, for the size summary of the card. */
  stockByStorage: db.prepare<[string], { sk: number; quantity: number }>(
    'SELECT sk, quantity FROM goods_stock WHERE code = ? ORDER BY sk',
  ),
});

export const stockSql = (db: Db) => statements(db, prepare);
