/**
 * On PostgreSQL two writers run side by side (schema.ts, 0301 and 0303): the log's changes are
 * numbered in commit order, so a till that read up to a seq never misses a change committed after
 * it. SQLite has one writer at a time, so there the case cannot arise (the test is PostgreSQL's).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PgDb } from '../../../../shared-node/pg/pg-db.js';
import { anotherConnection, TEST_ENGINE } from '../../../testing/back-office-db.js';
import { BREAD, MILK } from '../../sales/testing/shop.js';
import { type FloorShop, floorShop } from '../../testing/floor-shop.js';

let shop: FloorShop;
let other: PgDb;
beforeEach(() => {
  shop = floorShop();
  other = anotherConnection(shop.db);
});
afterEach(() => {
  other?.close();
  shop.close();
});

type Row = Record<string, string>;
const changes = (since: number) => shop.any('goods.catalog_changes', { since, limit: 2000 }).rows as Row[];
const cursorOf = (rows: Row[]) => Number(rows.at(-1)?.seq);

describe.skipIf(TEST_ENGINE !== 'postgres')('the catalogue change log with two writers at once', () => {
  it('makes a second writer wait for the first to commit, so a till never reads past a change still to commit', () => {
    const start = cursorOf(changes(0));
    // The first writer changes milk's price and has not committed yet.
    other.exec('BEGIN');
    other.prepare('UPDATE goods SET price = 510000 WHERE code = ?').run(MILK);
    // A second writer outside the back office (no write turn) changes bread's: it waits for the
    // first's commit (here, until its lock_timeout), and nothing of it is in the log.
    const third = anotherConnection(shop.db);
    try {
      third.exec("SET lock_timeout = '200ms'");
      expect(() => third.prepare('UPDATE goods SET price = 310000 WHERE code = ?').run(BREAD)).toThrow(/lock timeout/);
      expect(changes(start).filter((r) => r.tag === 'GOODS')).toEqual([]);
      // The first commits; a till reads milk's change and moves its cursor past it.
      other.exec('COMMIT');
      const seen = changes(start);
      expect(seen.filter((r) => r.tag === 'GOODS').map((r) => r.code)).toEqual([MILK]);
      // Now the second goes through, numbered after: the till's next read brings bread.
      third.prepare('UPDATE goods SET price = 310000 WHERE code = ?').run(BREAD);
      const next = changes(cursorOf(seen));
      expect(next.filter((r) => r.tag === 'GOODS')).toEqual([expect.objectContaining({ code: BREAD, price: '31.00' })]);
      expect(cursorOf(next)).toBeGreaterThan(cursorOf(seen));
    } finally {
      third.close();
    }
  });

  it('numbers a transaction’s changes in the order it made them, and holds the log’s lock no longer than the transaction', () => {
    const start = cursorOf(changes(0));
    const locks = "SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()";
    other.exec('BEGIN');
    other.prepare('UPDATE goods SET price = 520000 WHERE code = ?').run(MILK);
    expect(other.query(locks)).toEqual([{ n: 1 }]);
    other.prepare('UPDATE goods SET price = 320000 WHERE code = ?').run(BREAD);
    other.exec('COMMIT');
    const rows = changes(start).filter((r) => r.tag === 'GOODS');
    expect(rows.map((r) => r.code)).toEqual([MILK, BREAD]);
    expect(Number(rows[1]?.seq)).toBe(Number(rows[0]?.seq) + 1);
    expect(other.query(locks)).toEqual([{ n: 0 }]);
  });
});
