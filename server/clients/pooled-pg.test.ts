/**
 * A schema's Db behind a pooler in transaction mode names its schema in every transaction, so a
 * server connection left with another session's search_path (what PgBouncer hands over) changes
 * nothing: the session is made to point elsewhere here, as the pooler would, and every statement,
 * in a transaction or outside one, still reads its own schema. The pooler itself runs in
 * pgbouncer.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { PgDb } from '../../shared-node/pg/pg-db.js';
import { parsePgUrl } from '../../shared-node/pg/url.js';
import { TEST_ENGINE } from '../testing/back-office-db.js';
import { testDataLocation } from '../testing/data-harness.js';
import { behindTransactionPooler, openPinned } from './pooled-pg.js';

describe('the address of a pooler in transaction mode', () => {
  it('is asked for by ?pool_mode=transaction; session or none is a plain address; anything else is refused', () => {
    expect(behindTransactionPooler('postgres://me@pgbouncer:6432/shops?pool_mode=transaction')).toBe(true);
    expect(behindTransactionPooler('postgres://me@pgbouncer:6432/shops?pool_mode=session')).toBe(false);
    expect(behindTransactionPooler('postgres://me@db/shops')).toBe(false);
    expect(() => behindTransactionPooler('postgres://me@db/shops?pool_mode=statement')).toThrow(/transaction or session/);
  });
});

describe.skipIf(TEST_ENGINE !== 'postgres')('a schema pinned per transaction', () => {
  it("reads and writes its own schema whatever the session's search_path says", () => {
    const where = testDataLocation();
    const connection = parsePgUrl(where.dataDir);
    const mine = openPinned(connection, 'pinned_mine', [{ id: '0001', up: 'CREATE TABLE t (v TEXT NOT NULL)' }], new Map());
    const theirs = PgDb.connect(connection, 'pinned_theirs', new Map());
    try {
      theirs.exec('CREATE SCHEMA pinned_theirs; CREATE TABLE pinned_theirs.t (v TEXT NOT NULL)');
      // What a pooler hands over: a session whose search_path is another schema's.
      mine.query('SET SESSION search_path TO pinned_theirs');
      mine.prepare('INSERT INTO t (v) VALUES (?)').run('outside a transaction');
      mine
        .transaction(() => {
          mine.prepare('INSERT INTO t (v) VALUES (?)').run('in a transaction');
          mine.transaction(() => mine.prepare('INSERT INTO t (v) VALUES (?)').run('in a savepoint'))();
        })
        .immediate();
      expect(mine.prepare('SELECT v FROM t ORDER BY v').pluck().all()).toEqual([
        'in a savepoint',
        'in a transaction',
        'outside a transaction',
      ]);
      expect(theirs.query('SELECT count(*)::int AS n FROM pinned_theirs.t')).toEqual([{ n: 0 }]);
    } finally {
      mine.close();
      theirs.close();
      where.remove();
    }
  });
});
