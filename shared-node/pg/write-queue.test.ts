import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migratePg, rowidColumnsOf } from './migrate.js';
import { PgDb } from './pg-db.js';
import { SyncPg } from './sync-pg.js';
import { startTestPostgres, type TestPostgres } from './test-cluster.js';

const MIGRATIONS = [
  {
    id: '0001_box',
    up: `CREATE TABLE box (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, cash INTEGER NOT NULL DEFAULT 0) STRICT;
CREATE TABLE done (key TEXT PRIMARY KEY) STRICT;
INSERT OR IGNORE INTO box (name) VALUES ('main');`,
  },
];
const ROWIDS = rowidColumnsOf(MIGRATIONS);

/** Round trips this process makes to PostgreSQL (every SyncPg call is one), while `fn` runs. */
function roundTrips(fn: () => void): number {
  const query = SyncPg.prototype.query;
  const pipeline = SyncPg.prototype.pipeline;
  let n = 0;
  SyncPg.prototype.query = function (this: SyncPg, ...args: Parameters<SyncPg['query']>) {
    n++;
    return query.apply(this, args);
  };
  SyncPg.prototype.pipeline = function (this: SyncPg, ...args: Parameters<SyncPg['pipeline']>) {
    n++;
    return pipeline.apply(this, args);
  };
  try {
    fn();
  } finally {
    SyncPg.prototype.query = query;
    SyncPg.prototype.pipeline = pipeline;
  }
  return n;
}

describe('PgDb sends the writes nobody reads yet with the next statement (write-queue.ts)', () => {
  let pg: TestPostgres;
  let schemas = 0;
  const opened: PgDb[] = [];
  const open = (schema = `queue_${++schemas}`) => {
    const db = PgDb.connect(pg.connection, schema, ROWIDS);
    opened.push(db);
    migratePg(db, MIGRATIONS);
    return db;
  };
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterEach(() => {
    for (const db of opened.splice(0)) db.close();
  });
  afterAll(() => pg?.stop());

  it('sends a transaction of writes in one round trip, and a read with the writes before it', () => {
    const db = open();
    const add = db.prepare('UPDATE box SET cash = cash + ? WHERE id = 1');
    const insert = db.prepare('INSERT INTO box (name) VALUES (?)');
    const cash = db.prepare('SELECT cash FROM box WHERE id = 1').pluck();
    // BEGIN, three writes and the COMMIT.
    expect(roundTrips(() => db.transaction(() => [add.run(1), insert.run('a'), add.run(2)]).immediate())).toBe(1);
    // BEGIN, a write and the read that needs it; then the COMMIT.
    let seen: unknown;
    expect(
      roundTrips(() =>
        db
          .transaction(() => {
            add.run(10);
            seen = cash.get();
          })
          .immediate(),
      ),
    ).toBe(2);
    expect(seen).toBe(13);
  });

  it('answers changes and lastInsertRowid of a queued write when they are read, whenever that is', () => {
    const db = open();
    db.prepare("INSERT INTO box (name, cash) VALUES ('second', 0)").run();
    const all = db.transaction(() => {
      const moved = db.prepare('UPDATE box SET cash = cash + 5').run();
      const none = db.prepare("UPDATE box SET cash = 0 WHERE name = 'nobody'").run();
      const inserted = db.prepare('INSERT INTO box (name) VALUES (?)').run('third');
      // Read after later writes were queued: each answer is its own statement's.
      return { moved: moved.changes, none: none.changes, rowid: inserted.lastInsertRowid, changes: inserted.changes };
    })();
    expect(all).toEqual({ moved: 2, none: 0, rowid: 3, changes: 1 });
    // Read after the COMMIT.
    const late = db.transaction(() => db.prepare('DELETE FROM box WHERE cash = 5').run()).immediate();
    expect(late.changes).toBe(2);
  });

  it('throws a queued write’s error before the COMMIT and rolls the whole transaction back', () => {
    const db = open();
    const add = db.prepare('UPDATE box SET cash = cash + ? WHERE id = 1');
    const insert = db.prepare('INSERT INTO box (name) VALUES (?)');
    const record = db.prepare('INSERT INTO done (key) VALUES (?)');
    let afterwards = false;
    expect(() =>
      db
        .transaction(() => {
          add.run(100);
          insert.run('main'); // taken: a unique violation, queued
          record.run('key-1');
          afterwards = true;
        })
        .immediate(),
    ).toThrow(expect.objectContaining({ code: '23505' }));
    // The rules ran on (nothing read in between), but nothing of the transaction stayed.
    expect(afterwards).toBe(true);
    expect(db.prepare('SELECT cash FROM box WHERE id = 1').pluck().get()).toBe(0);
    expect(db.prepare('SELECT count(*) FROM done').pluck().get()).toBe(0);
    // The connection is usable, outside any transaction.
    expect(db.inTransaction).toBe(false);
    db.transaction(() => add.run(1)).immediate();
    expect(db.prepare('SELECT cash FROM box WHERE id = 1').pluck().get()).toBe(1);
  });

  it('throws a queued write’s error at the read after it, not a later one’s, and a refusal after it gives way', () => {
    const db = open();
    const insert = db.prepare('INSERT INTO box (name) VALUES (?)');
    expect(() =>
      db.transaction(() => {
        insert.run('main');
        db.prepare('SELECT count(*) FROM box').pluck().get();
      })(),
    ).toThrow(expect.objectContaining({ code: '23505' }));
    // The rules threw their own error after the failed write: the write's error is what they see,
    // as when it was thrown by run() itself.
    expect(() =>
      db.transaction(() => {
        insert.run('main');
        throw new Error('refused');
      })(),
    ).toThrow(expect.objectContaining({ code: '23505' }));
  });

  it('gives a caller that catches an inner transaction its queued error, the savepoint rolled back', () => {
    const db = open();
    const add = db.prepare('UPDATE box SET cash = cash + ? WHERE id = 1');
    const insert = db.prepare('INSERT INTO box (name) VALUES (?)');
    let caught: unknown;
    db.transaction(() => {
      add.run(1);
      try {
        db.transaction(() => {
          add.run(1000);
          insert.run('main');
        })();
      } catch (err) {
        caught = err;
      }
      add.run(10);
    }).immediate();
    expect(caught).toEqual(expect.objectContaining({ code: '23505' }));
    expect(db.prepare('SELECT cash FROM box WHERE id = 1').pluck().get()).toBe(11);
  });

  it('runs the transaction again when its queued write loses a race (40001): its record is written once', () => {
    const schema = `queue_${++schemas}`;
    const a = open(schema);
    const b = PgDb.connect(pg.connection, schema, ROWIDS);
    opened.push(b);
    let runs = 0;
    a.transaction(() => {
      runs++;
      const seen = a.prepare('SELECT cash FROM box WHERE id = 1').pluck().get() as number;
      if (runs === 1) b.transaction(() => b.prepare('UPDATE box SET cash = cash + 7 WHERE id = 1').run()).immediate();
      // Both queued: the UPDATE fails at the COMMIT's round trip, and the record with it.
      a.prepare('UPDATE box SET cash = ? WHERE id = 1').run(seen + 3);
      a.prepare('INSERT INTO done (key) VALUES (?)').run('key-1');
    }).immediate();
    expect(runs).toBe(2);
    expect(a.prepare('SELECT cash FROM box WHERE id = 1').pluck().get()).toBe(10);
    expect(a.prepare('SELECT count(*) FROM done').pluck().get()).toBe(1);
  });

  it('sends each write at once with ?pipeline=off, and unnamed statements with ?prepared=off', () => {
    const db = PgDb.connect({ ...pg.connection, pipeline: false, prepared: false }, `queue_${++schemas}`, ROWIDS);
    opened.push(db);
    migratePg(db, MIGRATIONS);
    const add = db.prepare('UPDATE box SET cash = cash + ? WHERE id = 1');
    expect(roundTrips(() => db.transaction(() => [add.run(1), add.run(2)]).immediate())).toBe(4);
    expect(db.query("SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'retail_%'")[0]?.n).toBe(0);
    const named = open();
    named.prepare('SELECT cash FROM box WHERE id = ?').get(1);
    expect(named.query("SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'retail_%'")[0]?.n).toBe(1);
  });
});
