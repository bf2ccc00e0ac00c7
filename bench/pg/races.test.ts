import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SyncPg } from '../../shared-node/pg/sync-pg.js';
import { startTestPostgres, type TestPostgres } from '../../shared-node/pg/test-cluster.js';
import { RACE_LOG_SETTINGS, RaceLog } from './races.js';

/** Two SERIALIZABLE transactions on one row: the second to write loses (40001) and is rolled back. */
function loseARace(pg: TestPostgres): void {
  const a = new SyncPg(pg.connection);
  const b = new SyncPg(pg.connection);
  try {
    a.query('BEGIN ISOLATION LEVEL SERIALIZABLE');
    b.query('BEGIN ISOLATION LEVEL SERIALIZABLE');
    a.query('SELECT cash FROM box WHERE id = 1');
    b.query('SELECT cash FROM box WHERE id = 1');
    a.query('UPDATE box SET cash = cash + 1 WHERE id = 1');
    a.query('COMMIT');
    expect(() => b.query('UPDATE box SET cash = cash + 2 WHERE id = 1')).toThrow(expect.objectContaining({ code: '40001' }));
    b.query('ROLLBACK');
  } finally {
    a.close();
    b.close();
  }
}

describe("the benches' count of serialization retries (bench:contention, bench:hosted)", () => {
  let pg: TestPostgres;
  beforeAll(async () => {
    pg = await startTestPostgres({ settings: RACE_LOG_SETTINGS });
  }, 60_000);
  afterAll(() => pg?.stop());

  it('counts the races lost after its mark, by the statement that lost, not other errors nor rollbacks a refusal made', () => {
    const db = new SyncPg(pg.connection);
    const races = new RaceLog(join(pg.connection.host, 'log'));
    try {
      db.query('CREATE TABLE box (id int PRIMARY KEY, cash bigint NOT NULL)');
      db.query('INSERT INTO box VALUES (1, 100)');
      loseARace(pg);
      const mark = races.mark();
      loseARace(pg);
      loseARace(pg);
      // An error of another kind, and a transaction ended by ROLLBACK as a refusal ends one.
      expect(() => db.query('SELECT 1 / 0')).toThrow(expect.objectContaining({ code: '22012' }));
      db.query('BEGIN');
      db.query('UPDATE box SET cash = 0 WHERE id = 1');
      db.query('ROLLBACK');
      expect(races.since(mark)).toEqual({
        retries: 2,
        deadlocks: 0,
        where: new Map([['UPDATE box SET cash = cash + 2 WHERE id = 1', 2]]),
      });
    } finally {
      db.close();
    }
  });
});
