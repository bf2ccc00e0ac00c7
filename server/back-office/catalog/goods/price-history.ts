/**
 * The prices a product's card had before its current one, each with the moment it was replaced.
 * A sale rung up at the old price (a sale open while a manager changed the card, a sale the till
 * queued offline from its catalogue copy) is closed at that price when it reaches the back office,
 * so the close must know the card had it (sales/checkout/line-price). A trigger keeps the history,
 * so no write that changes a price can forget it; the moment is the database's clock, the same
 * wall clock the service's own is.
 */
import type { Db } from '../../../../shared-node/sql/db.js';
import type { Migration } from '../../../../shared-node/sqlite/migrate.js';
import { statements } from '../../core/statements.js';

export const priceHistoryMigrations: Migration[] = [
  {
    id: '0405_goods_price_history',
    up: `
CREATE TABLE goods_price_history (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL,
  -- The price replaced, ×10^4, and when (UTC ISO 8601).
  price INTEGER NOT NULL,
  replaced_at TEXT NOT NULL
) STRICT;
CREATE INDEX goods_price_history_code ON goods_price_history(code, replaced_at);
`,
  },
  {
    id: '0406_goods_price_history_trigger',
    up: `
CREATE TRIGGER goods_price_history_update AFTER UPDATE OF price ON goods WHEN OLD.price <> NEW.price
BEGIN
  INSERT INTO goods_price_history (code, price, replaced_at)
    VALUES (OLD.code, OLD.price, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
END;
`,
    // The same wall clock in PostgreSQL's words (the rewrite has no strftime).
    postgres: `
CREATE FUNCTION goods_price_history_update() RETURNS trigger LANGUAGE plpgsql AS $history$
BEGIN
  INSERT INTO goods_price_history (code, price, replaced_at)
    VALUES (OLD.code, OLD.price, to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
  RETURN NULL;
END
$history$;
CREATE TRIGGER goods_price_history_update AFTER UPDATE OF price ON goods
  FOR EACH ROW WHEN (OLD.price <> NEW.price) EXECUTE FUNCTION goods_price_history_update();
`,
  },
];

const prepare = (db: Db) => ({
  /** The distinct prices replaced at or after an instant. */
  replacedSince: db
    .prepare<[string, string], number>(
      'SELECT DISTINCT price FROM goods_price_history WHERE code = ? AND replaced_at >= ? ORDER BY price',
    )
    .pluck(),
});

/** The card's prices (×10^4) replaced at or after `since` (UTC ISO), lowest first. */
export const pricesReplacedSince = (db: Db, code: string, since: string): number[] =>
  statements(db, prepare).replacedSince.all(code, since);
