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
