/**
 * The back office's Db (shared-node/sql/db.ts) on PostgreSQL: one connection (SyncPg, synchronous),
 * one schema (the client's, first on the search_path), statements rewritten once by dialect.ts.
 * Transactions behave as better-sqlite3's do: the outermost is BEGIN … COMMIT, an inner one is a
 * SAVEPOINT, and a throw rolls back to where it began. IMMEDIATE (every write of the back office) is
 * SERIALIZABLE: two writers that race on the same stock, card or cash box — two tills, or two
 * service processes — are not both let through; the loser (40001) runs again from the start.
 *
 * Round trips (issue 24): inside a transaction, writes whose answer nobody reads yet wait and go
 * with the next statement whose answer is needed (write-queue.ts); statements the code prepares
 * are named, so PostgreSQL parses and plans each once per connection (`?prepared=off` in the
 * address turns that off: a PgBouncer before 1.21, or one without max_prepared_statements).
 */
import type { Db, Read, RunResult, Statement, Transaction } from '../sql/db.js';
import { type PgStatement, type RowidColumns, translateStatement } from './dialect.js';
import { Catalogue, DATABASE_CATALOGUE_SQL, type Reach, SCHEMA_CATALOGUE_SQL } from './reach.js';
import { type PgConnection, PgError, type PipelinedStatement, SyncPg, type SyncPgResult } from './sync-pg.js';
import { deferredRun, type Pending, WriteQueue } from './write-queue.js';

/** Serialization failure and deadlock: the transaction lost a race and may simply run again. */
const RETRY = new Set(['40001', '40P01']);
const MOST_ATTEMPTS = 30;
const pauseCell = new Int32Array(new SharedArrayBuffer(4));
/** Waits synchronously: the back office's transaction is synchronous code. */
const pause = (ms: number) => Atomics.wait(pauseCell, 0, 0, ms);

/**
 * The most statements a connection keeps prepared: the back office's own are a few hundred; a
 * statement built anew each time (a list of n `?`) would otherwise fill the server's memory.
 */
const MOST_NAMED = 2000;

/**
 * A connection plans its named statements again (new names, the old ones deallocated) after this
 * many transactions, then after four times as many each time: a plan made while a new shop's
 * tables were nearly empty (a sequential scan is cheapest over one page) is otherwise kept for the
 * connection's life, and PostgreSQL plans again only when autovacuum analyses the table. Seen in a
 * profile: the idempotency look and the fiscal dispatch's read went from 0.06 and 0.2 ms to 1.2 and
 * 1.5 ms over 3,000 closes of a new shop. Geometric, so a plan serves at most four times the rows
 * it was made for, at one round trip and ~40 parses per replan.
 */
const REPLAN_FIRST = 1000;
const REPLAN_GROWTH = 4;

/**
 * The database's part of a catalogue (reach.ts: PostgreSQL's own functions and relations, and
 * whether an operator or a cast calls another function), by database, for this thread: the same
 * for every schema, and a third of what reading a catalogue costs PostgreSQL (~5 of 14 ms with 30
 * shops in the database), which each connection's first read-ahead paid. It changes only with
 * an extension, an operator or a cast, which no migration of ours creates.
 */
const databaseParts = new Map<string, Record<string, unknown>>();

/**
 * Statements translated to PostgreSQL's dialect, by the migrations' rowid columns and the source:
 * every connection of a thread prepares the same few hundred, and translating them took 13 % of
 * the service's CPU while 30 shops were opened one after another (2 % since; a scratch profile).
 * Bounded, since a statement may be built anew each time.
 */
const translations = new WeakMap<RowidColumns, Map<string, PgStatement>>();
const MOST_TRANSLATIONS = 5000;

function translationOf(source: string, rowids: RowidColumns): PgStatement {
  let known = translations.get(rowids);
  if (!known) {
    known = new Map();
    translations.set(rowids, known);
  }
  let statement = known.get(source);
  if (!statement) {
    statement = translateStatement(source, rowids);
    if (known.size >= MOST_TRANSLATIONS) known.clear();
    known.set(source, statement);
  }
  return statement;
}

/**
 * A write whose answer may wait (write-queue.ts): not a read, nor a statement with a RETURNING a
 * caller reads. A LOCK TABLE too: it answers nothing, and the statement it goes with runs after it.
 */
const WRITE = /^\s*(INSERT|UPDATE|DELETE|LOCK)\b/i;

/** A statement that only reads, whose answer a prefetch may keep. */
const READ = /^\s*SELECT\b/i;

/** A statement that changes rows and nothing else: what leaves the catalogue as it was (reach.ts). */
const ROWS_ONLY = /^\s*(SELECT|WITH|VALUES|INSERT|UPDATE|DELETE|LOCK)\b/i;

/** Answers of reads sent ahead, each for one read, and the tables they read (reach.ts). */
interface Kept {
  readonly answers: SyncPgResult[];
  readonly reach: Reach;
}

/** A statement as PgDb sends it: translated, with its name once it has one. */
interface Translated extends PgStatement {
  readonly name?: string;
  readonly write: boolean;
  readonly read: boolean;
}

export class PgDb implements Db {
  readonly dialect = 'postgres' as const;
  private readonly statements = new Map<string, Translated>();
  private readonly queue = new WriteQueue();
  /**
   * Answers of reads sent ahead (prefetch), by statement and arguments, until a write that may
   * change what they read (reach.ts), a savepoint, or the transaction's end.
   */
  private readonly kept = new Map<string, Kept>();
  /** What tells which tables a statement reads or writes; read with the first prefetch of a connection. */
  private catalogue: Catalogue | undefined;
  private depth = 0;
  private savepoints = 0;
  private open = true;
  /**
   * Transactions that lost a race (40001, 40P01) and ran again, on this connection: what a bench
   * or a test of contention counts (a refusal also rolls back, but is not run again, nor counted).
   */
  retries = 0;
  /** Outermost transactions on this connection; at `replanAt` its named statements get new names (REPLAN_FIRST). */
  private transactions = 0;
  private replanAt = REPLAN_FIRST;
  private generation = 0;

  private constructor(
    private pg: SyncPg,
    private readonly connection: PgConnection,
    readonly schema: string,
    readonly rowids: RowidColumns,
  ) {}

  /** Connects and puts `schema` first on the search_path (it need not exist yet: see migratePg). */
  static connect(connection: PgConnection, schema: string, rowids: RowidColumns): PgDb {
    return new PgDb(PgDb.session(connection, schema), connection, schema, rowids);
  }

  private static session(connection: PgConnection, schema: string): SyncPg {
    const pg = new SyncPg(connection);
    try {
      // A named statement is planned once for any arguments (a generic plan), as PostgreSQL does
      // for most of them after five runs anyway: its own choice kept planning a close's FIFO read
      // anew at every close (0.55 ms of PostgreSQL's 5.3 ms a 20-line close). The back office's
      // statements look their rows up by key whatever the arguments (dialect-sql.ts inKeysByIndex
      // for a list in a JSON parameter). Unnamed statements (`?prepared=off`, PgBouncer) are
      // planned for their arguments each time, as before.
      const generic = connection.prepared === false ? '' : '; SET plan_cache_mode TO force_generic_plan';
      const { brief } = connection;
      const limits = brief
        ? `; SET default_transaction_read_only TO on; SET statement_timeout TO ${Math.round(brief.statementMs)}; SET lock_timeout TO ${Math.round(brief.statementMs)}`
        : '';
      pg.query(`SET search_path TO ${quoteIdent(schema)}${generic}${limits}`);
    } catch (err) {
      pg.close();
      throw err;
    }
    return pg;
  }

  /**
   * The connection, opened again if it was lost (PostgreSQL restarted, a failover, the session
   * ended) and no transaction is open on it. A transaction cut by a lost connection fails as a
   * whole: nothing of it stays, or — when the COMMIT itself was cut — all of it, with its
   * idempotency record, so a retry of the same Idempotency-Key is answered either way.
   */
  private get live(): SyncPg {
    if (this.pg.broken && this.depth === 0 && this.open) {
      this.pg.close();
      this.pg = PgDb.session(this.connection, this.schema);
      this.catalogue = undefined;
      this.transactions = 0;
      this.replanAt = REPLAN_FIRST;
    }
    return this.pg;
  }

  /** Raw PostgreSQL, untranslated: for this engine's own code (schemas, locks, catalogs). */
  query(sql: string, params: readonly unknown[] = []): Record<string, unknown>[] {
    this.forgetAll();
    this.send();
    return this.live.query(sql, params).rows;
  }

  /**
   * Sends the queued statements and `then` in one round trip and returns `then`'s answers. An
   * error of a queued statement is thrown here; the statements after it did not run.
   */
  private send(then: readonly PipelinedStatement[] = []): SyncPgResult[] {
    if (this.queue.size === 0) return then.length === 0 ? [] : this.live.pipeline(then);
    const pending = this.queue.take();
    const statements = [...pending.map((p) => p.statement), ...then];
    let results: SyncPgResult[];
    try {
      results = this.pg.pipeline(statements);
    } catch (err) {
      // The transaction failed: a queued write's answer read now is that failure, whether the
      // write ran before the failing statement (it is rolled back) or was skipped after it.
      const failed = err instanceof PgError && err.index !== undefined ? err.index : 0;
      pending.forEach((p, i) => {
        p.failure = err;
        if (i < failed) p.ran = true;
      });
      throw err;
    }
    for (const p of pending) p.ran = true;
    pending.forEach((p, i) => {
      p.result = results[i];
    });
    return results.slice(pending.length);
  }

  /** Reads sent together with the queued writes, in one round trip (allTogether, shared-node/sql/db.ts). */
  allTogether(reads: readonly Read[]): unknown[][] {
    const { statements, sendables } = this.readsToSend(reads);
    return this.send(sendables).map((answer, i) => (statements[i] as PgPrepared).rowsOf(answer));
  }

  /** Reads sent ahead in one round trip, each answer kept for one get or all (prefetch, shared-node/sql/db.ts). */
  prefetch(reads: readonly Read[]): void {
    // A read listed twice is kept for two reads; one kept already, as often as listed, is not sent
    // again (nor is a round trip made when every read is): a kept answer is what it would answer.
    const listed = new Map<string, number>();
    const sendables = this.readsToSend(reads).sendables.filter(({ sql, params }) => {
      const key = keptKey(sql, params);
      const times = (listed.get(key) ?? 0) + 1;
      listed.set(key, times);
      return times > (this.kept.get(key)?.answers.length ?? 0);
    });
    // A read-only session (brief) writes nothing that could change a kept answer: no catalogue.
    if (this.catalogue || this.connection.brief) {
      if (sendables.length > 0) this.keep(sendables, this.send(sendables));
      return;
    }
    // The catalogue goes with the first reads of a connection, in their round trip.
    const database = JSON.stringify([this.connection.host, this.connection.port, this.connection.database]);
    const known = databaseParts.get(database);
    const parts = [
      ...(known ? [] : [{ sql: DATABASE_CATALOGUE_SQL, params: [] }]),
      { sql: SCHEMA_CATALOGUE_SQL, params: [this.schema] },
    ];
    const answers = this.send([...sendables, ...parts]);
    const rows = answers.splice(sendables.length).map((a) => a.rows[0] as Record<string, unknown>);
    const schemaPart = rows.pop();
    const databasePart = known ?? (rows[0] as Record<string, unknown>);
    if (!known) databaseParts.set(database, databasePart);
    this.catalogue = new Catalogue({ ...databasePart, ...schemaPart });
    this.keep(sendables, answers);
  }

  /** Keeps each answer read ahead for the first read of its statement and arguments. */
  private keep(sendables: readonly PipelinedStatement[], answers: readonly SyncPgResult[]): void {
    answers.forEach((answer, i) => {
      const { sql, params } = sendables[i] as PipelinedStatement;
      const key = keptKey(sql, params);
      const kept = this.kept.get(key);
      if (kept) kept.answers.push(answer);
      else this.kept.set(key, { answers: [answer], reach: this.catalogue ? this.catalogue.readsOf(sql) : 'anything' });
    });
  }

  /**
   * Before a statement that is not a read: forgets the kept answers it may change (every one,
   * unless it is a write whose reach is known), and the catalogue when it may change that.
   */
  private forget(statement: Translated): void {
    if (!ROWS_ONLY.test(statement.text)) this.catalogue = undefined;
    if (this.kept.size === 0) return;
    const changes = statement.write && this.catalogue ? this.catalogue.changesOf(statement.text) : 'anything';
    if (changes === 'anything') {
      this.kept.clear();
      return;
    }
    for (const [key, { reach }] of this.kept) {
      if (reach === 'anything' || [...reach].some((table) => changes.has(table))) this.kept.delete(key);
    }
  }

  /** Before a statement this class cannot see into (raw SQL, a script): nothing kept, the catalogue read again. */
  private forgetAll(): void {
    this.kept.clear();
    this.catalogue = undefined;
  }

  /** Reads of this database, each as a pipeline sends it. */
  private readsToSend(reads: readonly Read[]): { statements: PgPrepared[]; sendables: PipelinedStatement[] } {
    const statements = reads.map(({ statement }) => {
      if (!(statement instanceof PgPrepared) || !statement.of(this)) throw new TypeError('a read of another database');
      return statement;
    });
    return { statements, sendables: statements.map((s, i) => s.sendable((reads[i] as Read).args as unknown[])) };
  }

  /** Queues a write whose answer may wait (PgPrepared.run in a transaction). */
  enqueue(statement: Translated, args: unknown[]): RunResult | undefined {
    if (this.depth === 0 || !statement.write || this.connection.pipeline === false) return undefined;
    // What was read ahead may not be what this write leaves.
    this.forget(statement);
    const p = this.queue.add(this.sendable(statement, args));
    return deferredRun(p, () => this.send());
  }

  sendable(statement: Translated, args: unknown[]): PipelinedStatement {
    const params = bind(statement, args);
    if (!statement.name) return { sql: statement.text, params };
    return { sql: statement.text, params, name: this.generation ? `${statement.name}/${this.generation}` : statement.name };
  }

  /** Every REPLAN_FIRST × REPLAN_GROWTH^n transactions, before one begins: the named statements are parsed and planned again under new names. */
  private replanWhenDue(): void {
    if (++this.transactions < this.replanAt || this.connection.prepared === false) return;
    this.replanAt *= REPLAN_GROWTH;
    // The clients remember which names they have parsed; new names are parsed afresh, and the
    // old ones are never sent again.
    this.live.query('DEALLOCATE ALL');
    this.generation++;
  }

  get inTransaction(): boolean {
    return this.depth > 0;
  }

  prepare<BindParameters extends unknown[] | object = unknown[], Result = unknown>(
    source: string,
  ): BindParameters extends unknown[] ? Statement<BindParameters, Result> : Statement<[BindParameters], Result> {
    let translated = this.statements.get(source);
    if (!translated) {
      const statement = translationOf(source, this.rowids);
      const named = this.connection.prepared !== false && this.statements.size < MOST_NAMED;
      translated = {
        ...statement,
        // Unique in this PgDb, and so on its connection (a new connection parses them again).
        ...(named ? { name: `retail_${this.statements.size + 1}` } : {}),
        // An INSERT that chooses its own rowid moves the identity at once (execute).
        write: WRITE.test(statement.text) && !statement.insertInto?.explicitRowid,
        read: READ.test(statement.text),
      };
      this.statements.set(source, translated);
    }
    return new PgPrepared(this, translated) as never;
  }

  /** Runs a translated statement: what PgPrepared calls. */
  execute(statement: Translated, args: unknown[]): SyncPgResult {
    const sendable = this.sendable(statement, args);
    if (!statement.read) this.forget(statement);
    else if (this.kept.size > 0) {
      const key = keptKey(sendable.sql, sendable.params);
      const kept = this.kept.get(key)?.answers;
      const answer = kept?.shift();
      if (kept?.length === 0) this.kept.delete(key);
      if (answer) return answer;
    }
    const [r] = this.send([sendable]) as [SyncPgResult];
    const insert = statement.insertInto;
    if (insert?.rowid && insert.explicitRowid && r.rowCount > 0) {
      // An INSERT that chose its own rowid: move the identity past it, as SQLite's next rowid would.
      this.pg.query(
        `SELECT setval(pg_get_serial_sequence($1, $2), GREATEST((SELECT max(${quoteIdent(insert.rowid)}) FROM ${quoteIdent(insert.table)}), 1))`,
        [insert.table, insert.rowid],
      );
    }
    return r;
  }

  transaction<F extends (...args: never[]) => unknown>(fn: F): Transaction<F> {
    const run =
      (begin: string) =>
      (...args: Parameters<F>): ReturnType<F> => {
        if (this.depth > 0) return this.savepoint(() => fn(...args) as ReturnType<F>);
        // The connection is opened again here, between transactions, if it was lost.
        this.kept.clear();
        this.replanWhenDue();
        const begun = this.opening(this.live, begin);
        this.depth++;
        try {
          const result = fn(...args) as ReturnType<F>;
          this.send([plainStatement('COMMIT')]);
          return result;
        } catch (err) {
          // Nothing was sent (a refusal before the first statement): there is nothing to roll back.
          if (begun && this.queue.holdsOnly(begun)) {
            this.queue.take();
            throw err;
          }
          const error = this.queuedFailure(err);
          try {
            this.pg.query('ROLLBACK');
          } catch {
            // The connection is gone; the server rolls back what it held.
          }
          throw error;
        } finally {
          this.depth--;
          this.kept.clear();
        }
      };
    const plain = run('BEGIN');
    const serializable = run('BEGIN ISOLATION LEVEL SERIALIZABLE');
    const immediate = (...args: Parameters<F>): ReturnType<F> => {
      if (this.depth > 0) return serializable(...args);
      for (let attempt = 1; ; attempt++) {
        try {
          return serializable(...args);
        } catch (err) {
          if (!(err instanceof PgError && RETRY.has(err.code)) || attempt >= MOST_ATTEMPTS) throw err;
          this.retries++;
          // Another transaction won the same rows: everything this one did is rolled back, so it
          // runs again from the start on what that one committed, after a short random pause.
          pause(Math.random() * Math.min(50, 2 ** attempt));
        }
      }
    };
    return Object.assign(plain, { deferred: plain, immediate }) as unknown as Transaction<F>;
  }

  private savepoint<T>(fn: () => T): T {
    // A savepoint rolled back undoes writes a kept answer may not show: none is kept across one.
    this.kept.clear();
    const name = `sp${++this.savepoints}`;
    const mark = this.opening(this.pg, `SAVEPOINT ${name}`);
    this.depth++;
    try {
      const result = fn();
      // Sent now, with the writes queued inside: a caller that catches the inner transaction's
      // error must get it here, with the savepoint rolled back, as it did.
      this.send([plainStatement(`RELEASE SAVEPOINT ${name}`)]);
      return result;
    } catch (err) {
      const error = this.queuedFailure(err);
      // A failure queued before the SAVEPOINT stopped it: the outer transaction rolls back.
      if (mark === undefined || mark.ran) {
        this.pg.query(`ROLLBACK TO SAVEPOINT ${name}`);
        this.pg.query(`RELEASE SAVEPOINT ${name}`);
      }
      throw error;
    } finally {
      this.depth--;
      this.kept.clear();
    }
  }

  /**
   * A BEGIN or SAVEPOINT: queued, to go with the first statement inside whose answer is needed;
   * sent at once when pipelining is off.
   */
  private opening(pg: SyncPg, sql: string): Pending | undefined {
    if (this.connection.pipeline !== false) return this.queue.add(plainStatement(sql));
    pg.query(sql);
    return undefined;
  }

  /**
   * On the way out of a failed transaction or savepoint: the queue sent, and its error, if one of
   * its writes failed, in place of `err` — that write came first, and it is what was thrown when
   * every statement was sent at once.
   */
  private queuedFailure(err: unknown): unknown {
    try {
      this.send();
      return err;
    } catch (queued) {
      return queued;
    }
  }

  /** A script in PostgreSQL's own dialect (migrations are translated before they get here). */
  exec(source: string): this {
    this.forgetAll();
    this.send();
    this.live.query(source);
    return this;
  }

  close(): void {
    if (!this.open) return;
    this.open = false;
    this.pg.close();
  }
}

class PgPrepared implements Statement<unknown[], unknown> {
  private plucked = false;

  constructor(
    private readonly db: PgDb,
    private readonly statement: Translated,
  ) {}

  run(...args: unknown[]): RunResult {
    const queued = this.db.enqueue(this.statement, args);
    if (queued) return queued;
    const r = this.db.execute(this.statement, args);
    const rowid = r.rows[0]?.__rowid;
    return { changes: r.rowCount, lastInsertRowid: typeof rowid === 'number' ? rowid : 0 };
  }

  get(...args: unknown[]): unknown {
    const row = this.db.execute(this.statement, args).rows[0];
    return row === undefined ? undefined : this.shape(row);
  }

  all(...args: unknown[]): unknown[] {
    return this.rowsOf(this.db.execute(this.statement, args));
  }

  /** Whether this statement is one of `db`'s: only its own connection has it prepared. */
  of(db: PgDb): boolean {
    return this.db === db;
  }

  /** This statement with its arguments, as a pipeline sends it (PgDb.allTogether). */
  sendable(args: unknown[]): PipelinedStatement {
    return this.db.sendable(this.statement, args);
  }

  /** An answer's rows as `all` gives them. */
  rowsOf(answer: SyncPgResult): unknown[] {
    return answer.rows.map((row) => this.shape(row));
  }

  pluck(toggleState = true): this {
    this.plucked = toggleState;
    return this;
  }

  /** SQLite has no booleans: a comparison in a select list is 1 or 0 there, and here too. */
  private shape(row: Record<string, unknown>): unknown {
    for (const k in row) if (typeof row[k] === 'boolean') row[k] = row[k] ? 1 : 0;
    if (!this.plucked) return row;
    for (const k in row) return row[k];
    return undefined;
  }
}

/** The statement's parameters in $-order, from `?` arguments or one object of `@name`s. */
function bind(statement: PgStatement, args: unknown[]): unknown[] {
  let values: unknown[];
  if (statement.names) {
    const [object] = args;
    if (args.length !== 1 || typeof object !== 'object' || object === null) {
      throw new TypeError('a statement with @names takes one object of values');
    }
    values = statement.names.map((name) => {
      if (!(name in object)) throw new RangeError(`Missing named parameter "${name}"`);
      return (object as Record<string, unknown>)[name];
    });
  } else {
    values = args.length === 1 && Array.isArray(args[0]) ? (args[0] as unknown[]) : args;
    if (values.length !== statement.count) throw new RangeError(`Too few or too many parameter values were provided`);
  }
  return values.map((v) => {
    if (v === undefined) throw new TypeError('undefined is not a value a database holds: pass null');
    if (typeof v === 'boolean') throw new TypeError('SQLite3 can only bind numbers, strings, bigints, buffers, and null');
    return typeof v === 'bigint' ? v.toString() : v;
  });
}

/** A kept answer's key: the statement's text and its parameters as sent. */
const keptKey = (sql: string, params: readonly unknown[]): string => `${sql}\u0000${JSON.stringify(params)}`;

const plainStatement = (sql: string): PipelinedStatement => ({ sql, params: [] });

export const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;

export { PgError };
