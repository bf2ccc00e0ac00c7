/**
 * Discount cards belong to the sales half (server/engine/sales, its `discount_cards` table);
 * pos.find_code only needs to know whether a scanned number is one. The catalog works on a
 * database without the sales tables (its own tests, a catalogue-only copy), so the table is
 * looked up before it is read.
 */
import type { Db } from '../../../db/open.js';
import { statements } from '../../core/statements.js';

export interface FoundCard {
  readonly card: string;
  /** The holder's full name, as the cashier greets them. */
  readonly holder: string;
}

const prepare = (db: Db) => {
  const present = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'discount_cards'").get();
  if (!present) return undefined;
  return db.prepare<[string], FoundCard>(
    `SELECT card, trim(last_name || ' ' || first_name || ' ' || middle_name) AS holder
     FROM discount_cards WHERE card = ?`,
  );
};

export function findDiscountCard(db: Db, code: string): FoundCard | undefined {
  return statements(db, prepare)?.get(code);
}
