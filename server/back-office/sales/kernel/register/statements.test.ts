/**
 * The queue's reads made around every write (what waits to be signed, where a register's unsent
 * chain starts) go through partial indexes of what is still to go. SQLite takes a partial index
 * only where the query's terms match its WHERE term for term (an IN list in another order is
 * another term); without it each read walks every settled document of the register, and a write
 * of a register holding a day's receipts paid milliseconds for it (bench:signing, bench:back-office).
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { queryPlan, TEST_ENGINE } from '../../../../testing/back-office-db.js';
import { type Shop, standardShop } from '../../testing/shop.js';
import { prroSql } from './statements.js';

let shop: Shop;
beforeEach(() => {
  shop = standardShop();
});
afterEach(() => shop.close());

const planOf = (stmt: unknown): string => {
  const source = (stmt as { source: string }).source;
  // Plans do not depend on the values: a register, a session and a place of the right types.
  return queryPlan(shop.db, source, ['4000123456', '1', 10].slice(0, source.split('?').length - 1));
};

it.skipIf(TEST_ENGINE === 'postgres')('find what waits for a signature through the index of unsigned documents', () => {
  const sql = prroSql(shop.db);
  for (const stmt of [sql.unsigned, sql.registersUnsigned, sql.unsignedWaiting]) {
    expect(planOf(stmt)).toContain('prro_docs_unsigned');
  }
});

it.skipIf(TEST_ENGINE === 'postgres')(
  "find a register's first unsent document, and count them, through the index of unsettled ones",
  () => {
    const sql = prroSql(shop.db);
    for (const stmt of [sql.firstOpen, sql.unsentOfRegister])
      expect(planOf(stmt)).toContain('COVERING INDEX prro_docs_unsettled');
  },
);

it.skipIf(TEST_ENGINE === 'postgres')("number an offline document from its session's index of live documents", () => {
  const sql = prroSql(shop.db);
  expect(planOf(sql.sessionCountBefore)).toContain('COVERING INDEX prro_docs_session_live');
  expect(planOf(sql.sessionChainedBefore)).toContain('prro_docs_session');
});
