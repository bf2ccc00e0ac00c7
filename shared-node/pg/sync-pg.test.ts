import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgError, SyncPg } from './sync-pg.js';
import { startTestPostgres, type TestPostgres } from './test-cluster.js';

describe('a synchronous PostgreSQL connection', () => {
  let pg: TestPostgres;
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());

  it('answers statements with parameters synchronously, BIGINT as numbers', () => {
    const db = new SyncPg(pg.connection);
    try {
      db.query('CREATE TABLE stock (code text PRIMARY KEY, quantity bigint NOT NULL)');
      expect(db.query('INSERT INTO stock VALUES ($1, $2), ($3, $4)', ['milk', 5000, 'bread', 12_000]).rowCount).toBe(2);
      expect(db.query('SELECT code, quantity FROM stock ORDER BY code').rows).toEqual([
        { code: 'bread', quantity: 12_000 },
        { code: 'milk', quantity: 5000 },
      ]);
      expect(() => db.query('SELECT * FROM nowhere')).toThrow(expect.objectContaining({ code: '42P01' }));
      // The connection goes on after an error.
      expect(db.query('SELECT 1 AS one').rows).toEqual([{ one: 1 }]);
    } finally {
      db.close();
    }
  });

  it('tells a serializable transaction that lost to another to be retried (40001)', () => {
    const a = new SyncPg(pg.connection);
    const b = new SyncPg(pg.connection);
    try {
      a.query('CREATE TABLE box (id int PRIMARY KEY, cash bigint NOT NULL)');
      a.query('INSERT INTO box VALUES (1, 100)');
      a.query('BEGIN ISOLATION LEVEL SERIALIZABLE');
      b.query('BEGIN ISOLATION LEVEL SERIALIZABLE');
      const seenByA = a.query('SELECT cash FROM box WHERE id = 1').rows[0]?.cash as number;
      const seenByB = b.query('SELECT cash FROM box WHERE id = 1').rows[0]?.cash as number;
      a.query('UPDATE box SET cash = $1 WHERE id = 1', [seenByA + 10]);
      a.query('COMMIT');
      let lost: unknown;
      try {
        b.query('UPDATE box SET cash = $1 WHERE id = 1', [seenByB + 20]);
        b.query('COMMIT');
      } catch (err) {
        lost = err;
        b.query('ROLLBACK');
      }
      expect(lost).toBeInstanceOf(PgError);
      expect((lost as PgError).code).toBe('40001');
      expect(a.query('SELECT cash FROM box').rows).toEqual([{ cash: 110 }]);
    } finally {
      a.close();
      b.close();
    }
  });

  it('takes each answer for its own statement when a wake-up comes early', async () => {
    // The I/O thread signals an answer by storing 1 and then notifying. On a busy machine it can
    // be preempted in between: the caller sees the 1, takes the answer, sends the next statement
    // and waits, and only then the late notify arrives. That wake-up is not the next answer.
    // Another thread notifying all the time stands in for such late notifies.
    const db = new SyncPg(pg.connection);
    const signal = (db as unknown as { signal: Int32Array }).signal;
    const stop = new Int32Array(new SharedArrayBuffer(4));
    const notifier = new Worker(
      `const { signal, stop } = require('node:worker_threads').workerData;
       while (Atomics.load(stop, 0) === 0) Atomics.notify(signal, 0);`,
      { eval: true, workerData: { signal, stop } },
    );
    try {
      await new Promise((resolve) => notifier.once('online', resolve));
      for (let i = 0; i < 1000; i++) expect(db.query('SELECT $1::int AS n', [i]).rows).toEqual([{ n: i }]);
    } finally {
      Atomics.store(stop, 0, 1);
      await notifier.terminate();
      db.close();
    }
  });

  it('says why it cannot connect', () => {
    expect(() => new SyncPg({ ...pg.connection, database: 'no_such_shop' })).toThrow(expect.objectContaining({ code: '3D000' }));
  });
});
