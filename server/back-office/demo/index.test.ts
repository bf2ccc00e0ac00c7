import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDb, stockMismatches, type TestDb } from '../catalog/testing.js';
import { salesMigrations } from '../sales/index.js';
import { seedDemo } from './index.js';

const now = new Date('2025-03-14T09:30:00Z');
let t: TestDb;
const count = (table: string) => (t.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

beforeEach(() => {
  t = openTestDb(salesMigrations);
});
afterEach(() => t.close());

describe('seedDemo', () => {
  it('fills an empty database with the catalog and then the sales of the demo shop', () => {
    seedDemo(t.db, { now, goods: 600 });
    // The catalogue asked for, and the three first-aid goods the fiscal setup adds (7 % VAT).
    expect(count('goods')).toBe(603);
    expect(count('receipts')).toBeGreaterThan(0);
    expect(stockMismatches(t.db)).toEqual([]);
  });

  it('leaves a database that already has goods alone', () => {
    seedDemo(t.db, { now, goods: 300 });
    const receipts = count('receipts');
    seedDemo(t.db, { now, goods: 900 });
    expect([count('goods'), count('receipts')]).toEqual([303, receipts]);
  });
});
