import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allTogether, prefetch } from '../sql/db.js';
import { migratePg, rowidColumnsOf } from './migrate.js';
import { PgDb } from './pg-db.js';
import { roundTripsOf, sentBy } from './round-trips.js';
import { startTestPostgres, type TestPostgres } from './test-cluster.js';

const MIGRATIONS = [
  {
    id: '0001_box',
    up: `CREATE TABLE box (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, cash INTEGER NOT NULL DEFAULT 0, user TEXT) STRICT;
INSERT OR IGNORE INTO box (name) VALUES ('main');`,
  },
];
const ROWIDS = rowidColumnsOf(MIGRATIONS);

describe('the back office’s database on PostgreSQL (PgDb)', () => {
  let pg: TestPostgres;
  let schemas = 0;
  const open = () => {
    const db = PgDb.connect(pg.connection, `box_${++schemas}`, ROWIDS);
    migratePg(db, MIGRATIONS);
    return db;
  };
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());

  it('takes SQLite’s statements: ? and @name, the column user, INSERT OR IGNORE, lastInsertRowid, pluck, 1 and 0 for booleans', () => {
    const db = open();
    try {
      const insert = db.prepare('INSERT INTO box (name, cash, user) VALUES (@name, @cash, @user)');
      expect(insert.run({ name: 'till 1', cash: 500, user: 'olena' })).toEqual({ changes: 1, lastInsertRowid: 2 });
      expect(db.prepare('INSERT OR IGNORE INTO box (name) VALUES (?)').run('till 1').changes).toBe(0);
      expect(db.prepare('SELECT name, cash = 500 AS full, user FROM box WHERE id = ?').get(2)).toEqual({
        name: 'till 1',
        full: 1,
        user: 'olena',
      });
      expect(db.prepare("SELECT name FROM box WHERE name GLOB 't*' ORDER BY name").pluck().all()).toEqual(['till 1']);
      // An explicit rowid moves the identity past it, as SQLite's next rowid would be.
      db.prepare('INSERT INTO box (id, name) VALUES (?, ?)').run(10, 'safe');
      expect(db.prepare('INSERT INTO box (name) VALUES (?)').run('till 2').lastInsertRowid).toBe(11);
      expect(() => db.prepare('SELECT * FROM box WHERE id = ?').get()).toThrow(/parameter/);
      expect(() => db.prepare('INSERT INTO box (name) VALUES (@name)').run({})).toThrow(/Missing named parameter "name"/);
    } finally {
      db.close();
    }
  });

  it('sends reads made together in one round trip, after the writes queued before them, each answered as all() answers it', () => {
    const db = open();
    try {
      const byName = db.prepare<[string], { id: number; full: number }>('SELECT id, cash > 0 AS full FROM box WHERE name = ?');
      const names = db.prepare<[], string>('SELECT name FROM box ORDER BY name').pluck();
      const add = db.prepare('INSERT INTO box (name, cash) VALUES (?, ?)');
      db.transaction(() => {
        add.run('till 1', 5);
        let answers: unknown[][] = [];
        const trips = roundTripsOf(() => {
          answers = allTogether(db, [
            { statement: byName, args: ['till 1'] },
            { statement: byName, args: ['nobody'] },
            { statement: names, args: [] },
          ]);
        });
        expect(trips).toBe(1);
        expect(answers).toEqual([[{ id: 2, full: 1 }], [], ['main', 'till 1']]);
      })();
      const other = open();
      try {
        const elsewhere = other.prepare('SELECT 1');
        expect(() => allTogether(db, [{ statement: elsewhere, args: [] }])).toThrow(/another database/);
      } finally {
        other.close();
      }
      expect(() => allTogether(db, [{ statement: byName, args: [] }])).toThrow(/parameter/);
    } finally {
      db.close();
    }
  });

  it('keeps what was read ahead for the first read of the same statement and arguments, until a write to its table or the end of the transaction', () => {
    const db = open();
    try {
      const cash = db.prepare<[string], number>('SELECT cash FROM box WHERE name = ?').pluck();
      const add = db.prepare('UPDATE box SET cash = cash + ? WHERE name = ?');
      db.transaction(() => {
        prefetch(db, [
          { statement: cash, args: ['main'] },
          { statement: cash, args: ['nobody'] },
        ]);
        expect(
          roundTripsOf(() => {
            expect(cash.get('main')).toBe(0);
            expect(cash.get('nobody')).toBeUndefined();
          }),
        ).toBe(0);
        // Kept for one read: the next one asks again.
        expect(roundTripsOf(() => expect(cash.get('main')).toBe(0))).toBe(1);
        prefetch(db, [{ statement: cash, args: ['main'] }]);
        add.run(7, 'main');
        // The write came after the read ahead: the read asks again and sees it.
        expect(roundTripsOf(() => expect(cash.get('main')).toBe(7))).toBe(1);
        prefetch(db, [{ statement: cash, args: ['main'] }]);
      })();
      db.prepare('UPDATE box SET cash = 100 WHERE id = 1').run();
      // Nothing read ahead outlives its transaction.
      expect(cash.get('main')).toBe(100);
    } finally {
      db.close();
    }
  });

  describe('keeps what was read ahead across a write only when the write cannot change it', () => {
    const TABLES = [
      {
        id: '0001_tables',
        up: `CREATE TABLE box (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, cash INTEGER NOT NULL DEFAULT 0) STRICT;
CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT NOT NULL) STRICT;
CREATE TABLE tally (id INTEGER PRIMARY KEY, n INTEGER NOT NULL) STRICT;
CREATE TABLE counted (id INTEGER PRIMARY KEY, text TEXT NOT NULL) STRICT;
CREATE TRIGGER counted_tally AFTER INSERT ON counted BEGIN UPDATE tally SET n = n + 1 WHERE id = 1; END;
CREATE TABLE owner (id INTEGER PRIMARY KEY) STRICT;
CREATE TABLE owned (id INTEGER PRIMARY KEY, owner_id INTEGER NOT NULL REFERENCES owner(id) ON UPDATE CASCADE ON DELETE CASCADE) STRICT;
INSERT INTO box (name) VALUES ('main');
INSERT INTO tally (id, n) VALUES (1, 0);
INSERT INTO owner (id) VALUES (1);
INSERT INTO owned (id, owner_id) VALUES (1, 1);`,
      },
      {
        id: '0002_postgres',
        up: '',
        // The table a trigger writes named nowhere in its text, a view and a function that read box.
        postgres: `CREATE TABLE hidden (id BIGINT PRIMARY KEY);
CREATE FUNCTION hidden_tally() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN EXECUTE 'UPDATE ' || 'tal' || 'ly SET n = n + 1'; RETURN NULL; END
$f$;
CREATE TRIGGER hidden_tally AFTER INSERT ON hidden FOR EACH ROW EXECUTE FUNCTION hidden_tally();
CREATE TABLE quiet (id BIGINT PRIMARY KEY);
CREATE FUNCTION bump() RETURNS boolean LANGUAGE plpgsql AS $f$ BEGIN UPDATE tally SET n = n + 10; RETURN false; END $f$;
CREATE FUNCTION nothing() RETURNS trigger LANGUAGE plpgsql AS $f$ BEGIN RETURN NULL; END $f$;
CREATE TRIGGER quiet_bump AFTER INSERT ON quiet FOR EACH ROW WHEN (bump()) EXECUTE FUNCTION nothing();
CREATE VIEW box_cash AS SELECT name, cash FROM box;
CREATE FUNCTION box_total() RETURNS BIGINT LANGUAGE sql STABLE AS $f$ SELECT sum(cash) FROM box $f$;`,
      },
    ];
    const openTables = () => {
      const db = PgDb.connect(pg.connection, `kept_${++schemas}`, rowidColumnsOf(TABLES));
      migratePg(db, TABLES);
      return db;
    };

    /** Reads `read` ahead, runs `write`, then reads it: what it answered and the round trips that took. */
    function readAfter(db: PgDb, read: string, write: string): { answer: unknown; trips: number } {
      const statement = db.prepare(read).pluck();
      return db.transaction(() => {
        prefetch(db, [{ statement, args: [] }]);
        db.prepare(write).run();
        let answer: unknown;
        const trips = roundTripsOf(() => {
          answer = statement.get();
        });
        return { answer, trips };
      })();
    }

    it('across a write to another table; not across one to the table it read', () => {
      const db = openTables();
      try {
        expect(readAfter(db, "SELECT cash FROM box WHERE name = 'main'", "INSERT INTO note (text) VALUES ('x')")).toEqual({
          answer: 0,
          trips: 0,
        });
        expect(readAfter(db, "SELECT cash FROM box WHERE name = 'main'", 'UPDATE box SET cash = cash + 5')).toEqual({
          answer: 5,
          trips: 1,
        });
        expect(readAfter(db, 'SELECT count(*) FROM note n JOIN box b ON b.id = n.id', 'DELETE FROM note')).toEqual({
          answer: 0,
          trips: 1,
        });
      } finally {
        db.close();
      }
    });

    it('not across a write whose trigger writes the table it read, nor one whose trigger runs dynamic SQL or a function of the schema', () => {
      const db = openTables();
      try {
        expect(readAfter(db, 'SELECT n FROM tally WHERE id = 1', "INSERT INTO counted (text) VALUES ('x')")).toEqual({
          answer: 1,
          trips: 1,
        });
        // That trigger names tally alone: box's answer stays.
        expect(readAfter(db, 'SELECT cash FROM box WHERE id = 1', "INSERT INTO counted (text) VALUES ('y')").trips).toBe(0);
        expect(readAfter(db, 'SELECT n FROM tally WHERE id = 1', 'INSERT INTO hidden (id) VALUES (1)')).toEqual({
          answer: 3,
          trips: 1,
        });
        expect(readAfter(db, 'SELECT cash FROM box WHERE id = 1', 'INSERT INTO hidden (id) VALUES (2)').trips).toBe(1);
        // A trigger's condition runs too.
        expect(readAfter(db, 'SELECT n FROM tally WHERE id = 1', 'INSERT INTO quiet (id) VALUES (1)')).toEqual({
          answer: 14,
          trips: 1,
        });
      } finally {
        db.close();
      }
    });

    it('not across an UPDATE (a DELETE) of a table another references with ON UPDATE (ON DELETE) CASCADE', () => {
      const db = openTables();
      try {
        expect(readAfter(db, 'SELECT owner_id FROM owned WHERE id = 1', 'UPDATE owner SET id = 2 WHERE id = 1')).toEqual({
          answer: 2,
          trips: 1,
        });
        expect(readAfter(db, 'SELECT count(*) FROM owned', 'DELETE FROM owner WHERE id = 2')).toEqual({ answer: 0, trips: 1 });
      } finally {
        db.close();
      }
    });

    it('not across any write when the read names a view or calls a function of the schema', () => {
      const db = openTables();
      try {
        expect(readAfter(db, "SELECT cash FROM box_cash WHERE name = 'main'", 'UPDATE box SET cash = cash + 1')).toEqual({
          answer: 1,
          trips: 1,
        });
        expect(readAfter(db, 'SELECT box_total()', 'UPDATE box SET cash = cash + 1')).toEqual({ answer: 2, trips: 1 });
        expect(readAfter(db, 'SELECT box_total()', "INSERT INTO note (text) VALUES ('x')").trips).toBe(1);
      } finally {
        db.close();
      }
    });

    it('answers a read listed twice for two reads, and does not send again one kept already', () => {
      const db = openTables();
      try {
        const cash = db.prepare('SELECT cash FROM box WHERE id = ?').pluck();
        db.transaction(() => {
          prefetch(db, [
            { statement: cash, args: [1] },
            { statement: cash, args: [1] },
          ]);
          expect(roundTripsOf(() => expect([cash.get(1), cash.get(1)]).toEqual([0, 0]))).toBe(0);
          expect(roundTripsOf(() => cash.get(1))).toBe(1);
          // Kept already: not sent again; listed once more than kept: sent once.
          prefetch(db, [{ statement: cash, args: [1] }]);
          expect(roundTripsOf(() => prefetch(db, [{ statement: cash, args: [1] }]))).toBe(0);
          expect(
            roundTripsOf(() =>
              prefetch(db, [
                { statement: cash, args: [1] },
                { statement: cash, args: [1] },
              ]),
            ),
          ).toBe(1);
          expect(roundTripsOf(() => expect([cash.get(1), cash.get(1)]).toEqual([0, 0]))).toBe(0);
          expect(roundTripsOf(() => cash.get(1))).toBe(1);
        })();
      } finally {
        db.close();
      }
    });
  });

  it('nests transactions as savepoints and rolls back to where a throw began', () => {
    const db = open();
    try {
      const add = db.prepare('UPDATE box SET cash = cash + ? WHERE id = 1');
      const cash = () => db.prepare('SELECT cash FROM box WHERE id = 1').pluck().get();
      db.transaction(() => {
        add.run(100);
        expect(() =>
          db.transaction(() => {
            add.run(5);
            throw new Error('refused');
          })(),
        ).toThrow('refused');
        add.run(1);
      }).immediate();
      expect(cash()).toBe(101);
      expect(() =>
        db
          .transaction(() => {
            add.run(1000);
            throw new Error('refused');
          })
          .immediate(),
      ).toThrow('refused');
      expect(cash()).toBe(101);
    } finally {
      db.close();
    }
  });

  it('runs a write again when a concurrent one wins its rows (40001), so both take effect', () => {
    const a = open();
    const b = PgDb.connect(pg.connection, a.schema, ROWIDS);
    try {
      let runs = 0;
      a.transaction(() => {
        runs++;
        const seen = a.prepare('SELECT cash FROM box WHERE id = 1').pluck().get() as number;
        if (runs === 1) {
          // Another till adds to the same box and commits while this one is under way.
          b.transaction(() => b.prepare('UPDATE box SET cash = cash + 7 WHERE id = 1').run()).immediate();
        }
        a.prepare('UPDATE box SET cash = ? WHERE id = 1').run(seen + 3);
      }).immediate();
      expect(runs).toBe(2);
      expect(a.prepare('SELECT cash FROM box WHERE id = 1').pluck().get()).toBe(10);
    } finally {
      a.close();
      b.close();
    }
  });

  it('migrates a schema once: opening one up to date runs nothing and leaves the catalogue alone', () => {
    const db = open();
    try {
      const glob = () =>
        db.query(
          "SELECT p.xmin::text AS x FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE p.proname = 'sqlite_glob' AND n.nspname = $1",
          [db.schema],
        )[0]?.x;
      const before = glob();
      expect(before).toBeDefined();
      expect(migratePg(db, MIGRATIONS)).toEqual([]);
      // CREATE OR REPLACE FUNCTION would have written a new version of the function's row.
      expect(glob()).toBe(before);
      expect(db.prepare('SELECT count(*) FROM box').pluck().get()).toBe(1);
    } finally {
      db.close();
    }
  });

  it('reads the database’s part of the catalogue once for the connections of this thread, and each schema’s part per connection', () => {
    const a = open();
    const b = open();
    const again = PgDb.connect(pg.connection, a.schema, ROWIDS);
    /** Statements sent by a transaction that reads ahead: BEGIN, the read, the catalogue's parts it reads; then COMMIT. */
    const readAhead = (db: PgDb) =>
      sentBy(() =>
        db.transaction(() => prefetch(db, [{ statement: db.prepare('SELECT name FROM box ORDER BY name').pluck(), args: [] }]))(),
      ).statements;
    try {
      // The first of this file's connections to read ahead reads the database's part too.
      expect(readAhead(a)).toBeGreaterThanOrEqual(4);
      expect(readAhead(b)).toBe(4);
      expect(readAhead(again)).toBe(4);
      // Read once, each connection keeps its catalogue; a raw statement drops it.
      expect(readAhead(again)).toBe(3);
      again.query('SELECT 1');
      expect(readAhead(again)).toBe(4);
    } finally {
      a.close();
      b.close();
      again.close();
    }
  });

  it('plans its named statements again as the data grows: at its 1,000th transaction, then at its 4,000th, the old plans deallocated', () => {
    const db = open();
    try {
      db.query('CREATE INDEX box_cash ON box (cash)');
      const cashOf = db.prepare('SELECT name FROM box WHERE cash = ?').pluck();
      const grow = db.prepare(
        "INSERT INTO box (name, cash) SELECT 'till ' || g, g FROM generate_series(CAST(? AS INTEGER), CAST(? AS INTEGER)) AS g",
      );
      const prepared = () => db.query('SELECT name FROM pg_prepared_statements ORDER BY name').map((r) => r.name);
      const planOf = (name: string) =>
        db
          .query(`EXPLAIN EXECUTE "${name}"(0)`)
          .map((r) => r['QUERY PLAN'])
          .join('\n');
      // Planned while the table has one row: a sequential scan is cheapest over one page.
      expect(cashOf.get(0)).toBe('main');
      const first = prepared();
      expect(planOf(first[0] as string)).toMatch(/Seq Scan on box/);
      db.transaction(() => grow.run(1, 20_000))();
      // Kept for the connection's life otherwise: the plan made for one row now reads 20,000.
      expect(planOf(first[0] as string)).toMatch(/Seq Scan on box/);
      /** Runs transactions until the prepared names change; how many it took. */
      const untilReplanned = () => {
        const before = prepared().join();
        for (let n = 1; n <= 5000; n++) {
          db.transaction(() => cashOf.get(0))();
          if (prepared().join() !== before) return n;
        }
        return Number.POSITIVE_INFINITY;
      };
      // The migration's and the growth's transactions count too: a few before these.
      expect(untilReplanned()).toBeGreaterThan(990);
      const second = prepared();
      expect(second).toEqual(['retail_1/1']);
      expect(planOf('retail_1/1')).toMatch(/Index Scan using box_cash|Bitmap Index Scan on box_cash/);
      expect(untilReplanned()).toBe(3000);
      expect(prepared()).toEqual(['retail_1/2']);
    } finally {
      db.close();
    }
  }, 60_000);

  it('opens its connection again when PostgreSQL ended the session', () => {
    const db = open();
    const admin = PgDb.connect(pg.connection, 'public', ROWIDS);
    try {
      const pid = db.query('SELECT pg_backend_pid() AS pid')[0]?.pid;
      admin.query('SELECT pg_terminate_backend($1)', [pid]);
      // The first statement learns that the session is gone; the next runs on a new one.
      expect(() => db.prepare('SELECT count(*) FROM box').pluck().get()).toThrow(
        expect.objectContaining({ code: expect.stringMatching(/^(08|57P01)/) }),
      );
      expect(db.prepare('SELECT count(*) FROM box').pluck().get()).toBe(1);
      expect(db.query('SELECT pg_backend_pid() AS pid')[0]?.pid).not.toBe(pid);
    } finally {
      db.close();
      admin.close();
    }
  });

  it.each([
    ['libpq', {}],
    ['node-postgres in an I/O thread', { client: 'thread' as const }],
  ])('keeps a brief session (the main thread’s reads) to reading, within its time, under its own name: %s', (_, client) => {
    const db = open();
    const brief = PgDb.connect({ ...pg.connection, ...client, brief: { statementMs: 100, networkMs: 2000 } }, db.schema, ROWIDS);
    try {
      expect(brief.prepare('SELECT name FROM box WHERE id = ?').pluck().get(1)).toBe('main');
      // Read ahead without the catalogue (it changes nothing a kept answer could miss).
      prefetch(brief, [{ statement: brief.prepare('SELECT cash FROM box WHERE id = ?'), args: [1] }]);
      expect(brief.prepare('SELECT cash FROM box WHERE id = ?').pluck().get(1)).toBe(0);
      expect(() => brief.prepare('UPDATE box SET cash = 1 WHERE id = ?').run(1)).toThrow(
        expect.objectContaining({ code: '25006' }),
      );
      expect(() => brief.query('SELECT pg_sleep(0.5)')).toThrow(expect.objectContaining({ code: '57014' }));
      expect(brief.query('SHOW application_name')).toEqual([{ application_name: 'cashdesk main-thread reads' }]);
      expect(db.prepare('SELECT cash FROM box WHERE id = ?').pluck().get(1)).toBe(0);
    } finally {
      brief.close();
      db.close();
    }
  });
});
