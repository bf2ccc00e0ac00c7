/**
 * Discount cards belong to the sales half (server/back-office/sales, its `discount_cards` table);
 * pos.find_code only needs to know whether a scanned number is one, and what the till may offer
 * on it. The catalog works on a database without the sales tables (its own tests, a
 * catalogue-only copy), so the table is looked up before it is read.
 */
import type { Db } from '../../../../shared-node/sql/db.js';
import { tableExistsSql } from '../../core/dialect-sql.js';
import { statements } from '../../core/statements.js';

export interface FoundCard {
  readonly card: string;
  /** The holder's full name, as the cashier greets them. */
  readonly holder: string;
  /** Money ×10^4 (decimal.ts), as the sales half keeps them on the card. */
  readonly debt: number;
  /** The most the card may owe: 0 when it may not buy on credit at all, whatever limit is stored. */
  readonly debt_limit: number;
  readonly bonus: number;
  /** Percent ×10^4 (decimal.ts): the card's discount on every line. */
  readonly discount_percent: number;
}

const prepare = (db: Db) => {
  const present = db.prepare(tableExistsSql(db)).get('discount_cards');
  if (!present) return undefined;
  return db.prepare<[string], FoundCard>(
    `SELECT card, trim(last_name || ' ' || first_name || ' ' || middle_name) AS holder, debt,
       CASE WHEN debt_allowed = 0 THEN 0 ELSE debt_limit END AS debt_limit, bonus, discount_percent
     FROM discount_cards WHERE card = ?`,
  );
};

export function findDiscountCard(db: Db, code: string): FoundCard | undefined {
  return statements(db, prepare)?.get(code);
}
