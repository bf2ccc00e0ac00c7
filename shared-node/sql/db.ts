/**
 * The database the back office's code is written against: the part of better-sqlite3's
 * synchronous API it uses (prepared statements, `pluck`, transactions that nest as savepoints).
 * A better-sqlite3 database is one as it is; `shared-node/pg/pg-db.ts` is the same API over
 * PostgreSQL. Business rules therefore run unchanged on either engine.
 */

export type Dialect = 'sqlite' | 'postgres';

export interface RunResult {
  changes: number;
  lastInsertRowid: number | bigint;
}

export interface Statement<BindParameters extends unknown[] = unknown[], Result = unknown> {
  run(...params: BindParameters): RunResult;
  get(...params: BindParameters): Result | undefined;
  all(...params: BindParameters): Result[];
  pluck(toggleState?: boolean): this;
}

// biome-ignore lint/suspicious/noExplicitAny: the transaction passes any function's arguments through.
type AnyFunction = (...args: any[]) => unknown;
// Spelled as better-sqlite3 spells it, so that its databases are a Db as they are.
type ArgumentTypes<F extends AnyFunction> = F extends (...args: infer A) => unknown ? A : never;

export interface Transaction<F extends AnyFunction> {
  (...params: ArgumentTypes<F>): ReturnType<F>;
  deferred(...params: ArgumentTypes<F>): ReturnType<F>;
  immediate(...params: ArgumentTypes<F>): ReturnType<F>;
}

export interface Db {
  prepare<BindParameters extends unknown[] | object = unknown[], Result = unknown>(
    source: string,
  ): BindParameters extends unknown[] ? Statement<BindParameters, Result> : Statement<[BindParameters], Result>;
  transaction<F extends AnyFunction>(fn: F): Transaction<F>;
  exec(source: string): this;
  close(): void;
}

/** A read to make with others (allTogether): a statement of this database and its arguments. */
export interface Read<Result = unknown> {
  // biome-ignore lint/suspicious/noExplicitAny: any statement's parameters; `args` are checked when it runs.
  readonly statement: Statement<any, Result>;
  readonly args: readonly unknown[];
}

type RowsOf<R> = R extends Read<infer Result> ? Result[] : never;

/** A database that can send several reads at once (PostgreSQL's PgDb: one round trip). */
interface ReadsTogether {
  allTogether(reads: readonly Read[]): unknown[][];
  prefetch(reads: readonly Read[]): void;
}

/**
 * Reads whose answers do not depend on one another, each answered as `all` answers it: on
 * PostgreSQL sent together in one round trip (pg-db.ts), on SQLite run one after another, where a
 * statement costs no wait. A lookup that needs eight small reads waits for one round trip, not eight.
 */
export function allTogether<const R extends readonly Read[]>(db: Db, reads: R): { -readonly [K in keyof R]: RowsOf<R[K]> } {
  const together = (db as Partial<ReadsTogether>).allTogether;
  const rows = together ? together.call(db, reads) : reads.map((r) => r.statement.all(...r.args));
  return rows as { -readonly [K in keyof R]: RowsOf<R[K]> };
}

/**
 * Reads the code is about to make, each in its own place and in its own order, sent ahead
 * together: on PostgreSQL in one round trip (pg-db.ts), each answer kept for the first `get` or
 * `all` of the same statement with the same arguments (a read listed twice, for two), and
 * forgotten at a write that may change what it read (shared-node/pg/reach.ts), a savepoint, or the
 * transaction's end, so a kept answer is always what the read would have answered. A read listed
 * but not made costs nothing more; one made but not listed makes its own round trip; one kept
 * already is not sent again, so a caller may send ahead what it guesses a later prefetch lists.
 * On SQLite nothing is done: its reads cost no wait.
 */
export function prefetch(db: Db, reads: readonly Read[]): void {
  (db as Partial<ReadsTogether>).prefetch?.call(db, reads);
}

/** Which engine a database is: PostgreSQL's says so; anything else is SQLite. */
export const dialectOf = (db: Db): Dialect => ((db as { dialect?: Dialect }).dialect === 'postgres' ? 'postgres' : 'sqlite');

/** A constraint a write broke, named the same for both engines (SQLite's codes, PostgreSQL's SQLSTATEs). */
export type Violation = 'foreign_key' | 'unique' | 'check' | 'not_null';

export function violationOf(err: unknown): Violation | undefined {
  const code = (err as { code?: unknown })?.code;
  switch (code) {
    case 'SQLITE_CONSTRAINT_FOREIGNKEY':
    case '23503':
      return 'foreign_key';
    case 'SQLITE_CONSTRAINT_UNIQUE':
    case 'SQLITE_CONSTRAINT_PRIMARYKEY':
    case '23505':
      return 'unique';
    case 'SQLITE_CONSTRAINT_CHECK':
    case '23514':
      return 'check';
    case 'SQLITE_CONSTRAINT_NOTNULL':
    case '23502':
      return 'not_null';
    default:
      return undefined;
  }
}
