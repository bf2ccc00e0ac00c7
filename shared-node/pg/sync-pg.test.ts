import { spawnSync } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type PgConnection, PgError, pgClientKind, SyncPg } from './sync-pg.js';
import { startTestPostgres, type TestPostgres } from './test-cluster.js';
import { parsePgUrl } from './url.js';

// CI installs libpq's headers (libpq-dev), so the optional native client builds there; a machine
// without them runs the I/O thread's client alone, and says so here.
const libpq = pgClientKind();

describe.each([
  { client: 'libpq', settings: {}, skip: libpq.kind !== 'libpq' },
  { client: 'thread', settings: { client: 'thread' } as const, skip: false },
])('a synchronous PostgreSQL connection ($client)', ({ client, settings, skip }) => {
  let pg: TestPostgres;
  let connection: PgConnection;
  beforeAll(async () => {
    if (skip) return console.warn(`libpq does not load here (${libpq.why}): its client is not tested`);
    pg = await startTestPostgres();
    connection = { ...pg.connection, ...settings };
  }, 60_000);
  afterAll(() => pg?.stop());
  beforeEach(({ skip: skipTest }) => {
    if (skip) skipTest();
  });

  it('is the client asked for', () => {
    const db = new SyncPg(connection);
    try {
      expect(db.kind).toBe(client);
    } finally {
      db.close();
    }
  });

  it('answers statements with parameters synchronously, BIGINT as numbers', () => {
    const db = new SyncPg(connection);
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

  it('sends parameters and reads values as node-postgres does', () => {
    const db = new SyncPg(connection);
    try {
      // Several statements in one text without parameters: a simple query, as a migration sends.
      db.query(`CREATE TABLE kinds (id bigint PRIMARY KEY, t text, n numeric, at timestamptz, j jsonb, ok boolean, a int[], b bytea);
                CREATE INDEX kinds_t ON kinds (t)`);
      const at = new Date('2026-11-29T10:15:00.000Z');
      db.query('INSERT INTO kinds VALUES ($1, $2, $3, $4, $5, $6, $7, $8)', [
        7,
        "it's",
        '12.50',
        at,
        { sum: '1.00' },
        true,
        [1, 2],
        Buffer.from('hi'),
      ]);
      db.query('INSERT INTO kinds (id, t) VALUES ($1, $2)', [8, null]);
      const [row, empty] = db.query('SELECT * FROM kinds ORDER BY id').rows;
      expect({ ...row, b: Buffer.from(row?.b as Uint8Array).toString() }).toEqual({
        id: 7,
        t: "it's",
        n: '12.50',
        at,
        j: { sum: '1.00' },
        ok: true,
        a: [1, 2],
        b: 'hi',
      });
      expect(empty).toMatchObject({ id: 8, t: null, n: null, j: null });
      expect(() => db.query('SELECT 9007199254740993::bigint AS big')).toThrow(expect.objectContaining({ code: 'XX000' }));
    } finally {
      db.close();
    }
  });

  it('runs a pipeline in order, parses a named statement once, and runs nothing after a failed statement', () => {
    const db = new SyncPg(connection);
    try {
      db.query('CREATE TABLE lines (n int PRIMARY KEY)');
      const insert = (n: number) => ({ sql: 'INSERT INTO lines VALUES ($1)', params: [n], name: 'insert_line' });
      expect(db.pipeline([insert(1), insert(2), { sql: 'SELECT count(*)::int AS c FROM lines', params: [] }])).toEqual([
        { rows: [], rowCount: 1 },
        { rows: [], rowCount: 1 },
        { rows: [{ c: 2 }], rowCount: 1 },
      ]);
      db.pipeline([insert(3)]);
      expect(db.query('SELECT count(*)::int AS c FROM pg_prepared_statements').rows).toEqual([{ c: 1 }]);
      // One Sync: the pipeline is one implicit transaction, so the row before the failure goes too.
      let failed: unknown;
      try {
        db.pipeline([insert(4), insert(1), insert(5)]);
      } catch (err) {
        failed = err;
      }
      expect(failed).toMatchObject({ code: '23505', index: 1 });
      expect(db.query('SELECT array_agg(n ORDER BY n) AS ns FROM lines').rows).toEqual([{ ns: [1, 2, 3] }]);
      // A statement that fails to parse fails as itself; the connection goes on.
      expect(() => db.pipeline([{ sql: 'SELECT * FROM nowhere', params: [], name: 'nowhere' }])).toThrow(
        expect.objectContaining({ code: '42P01', index: 0 }),
      );
      expect(db.pipeline([insert(6)])).toEqual([{ rows: [], rowCount: 1 }]);
    } finally {
      db.close();
    }
  });

  it('refuses a NUL in a text parameter (22021) rather than cut the text there', () => {
    const db = new SyncPg(connection);
    try {
      db.query('CREATE TABLE names (name text NOT NULL)');
      expect(() => db.query('INSERT INTO names VALUES ($1)', ['a\u0000b'])).toThrow(
        expect.objectContaining({ code: '22021', message: 'invalid byte sequence for encoding "UTF8": 0x00' }),
      );
      const insert = (name: string) => ({ sql: 'INSERT INTO names VALUES ($1)', params: [name], name: 'insert_name' });
      db.query('BEGIN');
      expect(() => db.pipeline([insert('first'), insert('a\u0000b'), insert('third')])).toThrow(
        expect.objectContaining({ code: '22021', index: 1 }),
      );
      // The statement before it ran, in the transaction the failure aborted.
      expect(() => db.query('SELECT 1')).toThrow(expect.objectContaining({ code: '25P02' }));
      db.query('ROLLBACK');
      expect(db.query('SELECT count(*)::int AS n FROM names').rows).toEqual([{ n: 0 }]);
    } finally {
      db.close();
    }
  });

  it('tells a serializable transaction that lost to another to be retried (40001)', () => {
    const a = new SyncPg(connection);
    const b = new SyncPg(connection);
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

  it.skipIf(client !== 'thread')('takes each answer for its own statement when a wake-up comes early', async () => {
    // The I/O thread signals an answer by storing 1 and then notifying. On a busy machine it can
    // be preempted in between: the caller sees the 1, takes the answer, sends the next statement
    // and waits, and only then the late notify arrives. That wake-up is not the next answer.
    // Another thread notifying all the time stands in for such late notifies.
    const db = new SyncPg(connection);
    const signal = (db as unknown as { client: { signal: Int32Array } }).client.signal;
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

  it('ends a statement that does not answer in time (57014), and goes on', () => {
    const db = new SyncPg(connection);
    try {
      // The I/O thread's client stops waiting after 60 s; libpq's asks the server to end it then.
      if (client === 'libpq') expect(db.query('SHOW statement_timeout').rows).toEqual([{ statement_timeout: '1min' }]);
      db.query("SET statement_timeout TO '50ms'");
      expect(() => db.query('SELECT pg_sleep(1)')).toThrow(expect.objectContaining({ code: '57014' }));
      expect(db.query('SELECT 1 AS one').rows).toEqual([{ one: 1 }]);
    } finally {
      db.close();
    }
  });

  it('says why it cannot connect', () => {
    expect(() => new SyncPg({ ...connection, database: 'no_such_shop' })).toThrow(expect.objectContaining({ code: '3D000' }));
  });
});

describe.skipIf(libpq.kind !== 'libpq')('libpq in this thread', () => {
  let pg: TestPostgres;
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());

  /** Runs `script` (an ES module, through tsx) with the connection as its argument; its status and output. */
  const run = (script: string) => {
    const child = spawnSync(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', script, JSON.stringify(pg.connection)],
      { encoding: 'utf8', timeout: 60_000 },
    );
    return { status: child.status, out: child.stdout.trim(), err: child.stderr };
  };
  const syncPg = JSON.stringify(new URL('./sync-pg.ts', import.meta.url).href);

  it('frees connections when they are collected, closed or left open', () => {
    const got = run(`
      import { SyncPg } from ${syncPg};
      const connection = JSON.parse(process.argv[1]);
      for (let i = 0; i < 50; i++) {
        const db = new SyncPg(connection);
        db.query('SELECT 1');
        if (i % 2 === 0) db.close();
        globalThis.gc();
        if (i % 10 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      globalThis.gc();
      const left = new SyncPg(connection);
      const open = left.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'client backend'").rows[0].n;
      console.log('open after 50', open <= 26 ? 'at most the unclosed ones' : open);`);
    expect({ status: got.status, out: got.out }, got.err).toEqual({ status: 0, out: 'open after 50 at most the unclosed ones' });
  }, 90_000);

  it('loads in several threads of one process, each with connections of its own at once', () => {
    // The back office threads of a service on PostgreSQL each load it. Each thread takes a lock
    // of its own in an open transaction, then waits until every thread holds one: all hold their
    // connections at once, and each sees the others' locks from its own before any commits.
    const got = run(`
      import { Worker } from 'node:worker_threads';
      import { SyncPg } from ${syncPg};
      const connection = JSON.parse(process.argv[1]);
      const setup = new SyncPg(connection);
      setup.query('CREATE TABLE IF NOT EXISTS seen (thread int PRIMARY KEY)');
      const threads = 3;
      const gate = new Int32Array(new SharedArrayBuffer(4));
      const body = \`
        const { workerData, parentPort } = await import('node:worker_threads');
        const { SyncPg } = await import(\${JSON.stringify(${syncPg})});
        const db = new SyncPg(workerData.connection);
        db.query('BEGIN');
        db.query('INSERT INTO seen VALUES ($1)', [workerData.thread]);
        db.query('SELECT pg_advisory_xact_lock(1000 + $1::int)', [workerData.thread]);
        parentPort.postMessage('holding');
        Atomics.wait(workerData.gate, 0, 0, 60000);
        const held = db.query("SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND granted").rows[0].n;
        parentPort.postMessage('counted');
        Atomics.wait(workerData.gate, 0, 1, 60000);
        db.query('COMMIT');
        parentPort.postMessage({ kind: db.kind, held });
        db.close();\`;
      const arrived = { holding: 0, counted: 0 };
      const open = (phase) => {
        Atomics.store(gate, 0, phase);
        Atomics.notify(gate, 0);
      };
      const answers = await Promise.all(
        Array.from({ length: threads }, (_, thread) =>
          new Promise((resolve, reject) => {
            const worker = new Worker(body, { eval: true, workerData: { connection, thread, gate } });
            worker.on('message', (m) => {
              if (typeof m !== 'string') return resolve(m);
              if (++arrived[m] === threads) open(m === 'holding' ? 1 : 2);
            });
            worker.once('error', reject);
          }),
        ),
      );
      const rows = setup.query('SELECT count(*)::int AS n FROM seen').rows[0].n;
      console.log(JSON.stringify({ answers, rows }));`);
    expect(got.status, got.err).toBe(0);
    expect(JSON.parse(got.out)).toEqual({
      answers: [0, 1, 2].map(() => ({ kind: 'libpq', held: 3 })),
      rows: 3,
    });
  }, 90_000);
});

describe('the address', () => {
  it('asks for the I/O thread client with ?client=thread', () => {
    expect(parsePgUrl('postgres://shop@db:5432/shops?client=thread').client).toBe('thread');
    expect(parsePgUrl('postgres://shop@db:5432/shops').client).toBeUndefined();
  });
});
