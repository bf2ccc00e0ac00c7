/** SQL of shifts. Money ×10^4. */
import type { Db } from '../../../../../shared-node/sql/db.js';
import { statements } from '../../../core/statements.js';

export interface ShiftRow {
  id: number;
  kasm: number;
  numprro: string;
  cashier_id: number;
  cashier: string;
  opened_at: string;
  opened_by: string;
  opening_cash: number;
  closed_at: string | null;
  closed_by: string | null;
  open_doc_id: number | null;
  z_doc_id: number | null;
  close_doc_id: number | null;
  collected: number;
  collection_doc_id: number | null;
  closing_cash: number | null;
}

const prepare = (db: Db) => ({
  open: db.prepare<[number], ShiftRow>('SELECT * FROM shifts WHERE kasm = ? AND closed_at IS NULL'),
  anyOpen: db.prepare<[], number>('SELECT kasm FROM shifts WHERE closed_at IS NULL ORDER BY kasm LIMIT 1').pluck(),
  /** When the till's last shift was closed (ISO 8601), if it ever was. */
  lastClosedAt: db.prepare<[number], string | null>('SELECT max(closed_at) FROM shifts WHERE kasm = ?').pluck(),
  byId: db.prepare<[number], ShiftRow>('SELECT * FROM shifts WHERE id = ?'),
  last: db.prepare<[number], ShiftRow>('SELECT * FROM shifts WHERE kasm = ? ORDER BY id DESC LIMIT 1'),
  /** Shifts opened in [from, until): UTC instants, the shop's days' bounds (opened_at is UTC). */
  ofTill: db.prepare<{ kasm: number; from: string; until: string }, ShiftRow>(
    `SELECT * FROM shifts WHERE (@kasm = 0 OR kasm = @kasm) AND opened_at >= @from AND opened_at < @until
     ORDER BY id DESC`,
  ),
  insert: db.prepare<
    [
      {
        kasm: number;
        numprro: string;
        cashier_id: number;
        cashier: string;
        opened_at: string;
        opened_by: string;
        opening_cash: number;
      },
    ],
    void
  >(
    `INSERT INTO shifts (kasm, numprro, cashier_id, cashier, opened_at, opened_by, opening_cash)
     VALUES (@kasm, @numprro, @cashier_id, @cashier, @opened_at, @opened_by, @opening_cash)`,
  ),
  setOpenDoc: db.prepare<[number, number], void>('UPDATE shifts SET open_doc_id = ? WHERE id = ?'),
  close: db.prepare<
    [{ id: number; at: string; by: string; z: number; doc: number; collected: number; collection: number | null; cash: number }],
    void
  >(
    `UPDATE shifts SET closed_at = @at, closed_by = @by, z_doc_id = @z, close_doc_id = @doc,
       collected = @collected, collection_doc_id = @collection, closing_cash = @cash
     WHERE id = @id`,
  ),
  user: db.prepare<[number], { id: number; name: string }>('SELECT id, name FROM users WHERE id = ?'),
  receiptsOf: db.prepare<[number], number>('SELECT count(*) FROM receipts WHERE shift_id = ?').pluck(),
});

export const shiftSql = (db: Db) => statements(db, prepare);
