/**
 * On PostgreSQL two writers run side by side (schema.ts, 0301): a change is numbered when its
 * transaction commits, so a till that read up to a seq never misses a change committed after it.
 * SQLite has one writer at a time, so there the case cannot arise (the test is PostgreSQL's).
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
  it('numbers a change when it commits, so one that began first but committed last is not skipped', () => {
    const start = cursorOf(changes(0));
    // The first writer changes milk's price and has not committed yet.
    other.exec('BEGIN');
    other.prepare('UPDATE goods SET price = 510000 WHERE code = ?').run(MILK);
    // The second changes bread's and commits; a till reads it and moves its cursor past it.
    shop.db.prepare('UPDATE goods SET price = 310000 WHERE code = ?').run(BREAD);
    const seen = changes(start);
    expect(seen.filter((r) => r.tag === 'GOODS').map((r) => r.code)).toEqual([BREAD]);
    // The first commits now: the till's next read from its cursor must bring milk.
    other.exec('COMMIT');
    const next = changes(cursorOf(seen));
    expect(next.filter((r) => r.tag === 'GOODS')).toEqual([expect.objectContaining({ code: MILK, price: '51.00' })]);
    expect(cursorOf(next)).toBeGreaterThan(cursorOf(seen));
  });

  it('numbers a transaction’s changes in the order it made them, and leaves nothing held after commit', () => {
    const start = cursorOf(changes(0));
    other.exec('BEGIN');
    other.prepare('UPDATE goods SET price = 520000 WHERE code = ?').run(MILK);
    other.prepare('UPDATE goods SET price = 320000 WHERE code = ?').run(BREAD);
    other.exec('COMMIT');
    const rows = changes(start).filter((r) => r.tag === 'GOODS');
    expect(rows.map((r) => r.code)).toEqual([MILK, BREAD]);
    expect(Number(rows[1]?.seq)).toBe(Number(rows[0]?.seq) + 1);
    expect(other.query('SELECT count(*) AS n FROM catalog_changes_pending')).toEqual([{ n: 0 }]);
  });
});
