/**
 * Test support for the catalog half of the back office: a real database (back-office-db.ts) with
 * the core and catalog migrations, and a caller that performs operations as the back office does.
 */
import type { ParamsOf } from '../../../shared/contract/index.js';
import type { Db } from '../../../shared-node/sql/db.js';
import type { Migration } from '../../../shared-node/sqlite/migrate.js';
import { type BackOfficeDb, openBackOfficeDb } from '../../testing/back-office-db.js';
import type { RawResult } from '../../upstream/upstream.js';
import { coreMigrations } from '../core/schema.js';
import { toDb } from '../decimal.js';
import type { BackOfficeContext } from '../handlers.js';
import { invoke } from '../operations.js';
import { type catalogHandlers, catalogMigrations } from './index.js';

export type TestDb = BackOfficeDb;

/** A back office with the core and catalog migrations, on the test run's engine (back-office-db.ts). */
export function openTestDb(extra: readonly Migration[] = []): TestDb {
  return openBackOfficeDb([...coreMigrations, ...catalogMigrations, ...extra], 'catalog');
}

type CatalogName = keyof typeof catalogHandlers;

export type Call = <M extends CatalogName>(name: M, params: ParamsOf<M>) => RawResult;

export function caller(db: Db, opts: { now?: Date; user?: string } = {}): Call {
  const now = opts.now ?? new Date('2025-03-14T10:00:00Z');
  const ctx: BackOfficeContext = { db, user: opts.user ?? 'tester', now: () => now, timeZone: 'Europe/Kyiv' };
  return (name, params) => invoke(ctx, name, params);
}

export interface ProductSeed {
  code: string;
  name?: string;
  unit_type?: string;
  price?: string;
  cost?: string;
  weighted?: boolean;
  plu?: string;
  excise_input?: boolean;
  uktzed?: string;
}

/** A product card written straight into the table, for tests that need goods to exist. */
export function addProduct(db: Db, p: ProductSeed): void {
  db.prepare(
    `INSERT INTO goods (code, name, unit_type, price, cost, weighted, plu, excise_input, uktzed, date_added)
     VALUES (@code, @name, @unit_type, @price, @cost, @weighted, @plu, @excise_input, @uktzed, '2025-01-10')`,
  ).run({
    code: p.code,
    name: p.name ?? `Товар ${p.code}`,
    unit_type: p.unit_type ?? (p.weighted ? 'кг' : 'шт'),
    price: toDb(p.price ?? '10', 'cur'),
    cost: toDb(p.cost ?? '7', 'cur'),
    weighted: p.weighted ? 1 : 0,
    plu: p.plu ?? null,
    excise_input: p.excise_input ? 1 : 0,
    uktzed: p.uktzed ?? '',
  });
}

/** The invariant every stock change keeps: stock per storage equals the sum of its batches. */
export function stockMismatches(db: Db): unknown[] {
  return db
    .prepare(
      `SELECT code, sk, sum(q) AS difference FROM (
         SELECT code, sk, quantity AS q FROM goods_stock
         UNION ALL SELECT code, sk, -quantity FROM stock_batches
       ) AS moves GROUP BY code, sk HAVING sum(q) <> 0`,
    )
    .all();
}
