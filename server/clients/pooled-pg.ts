/**
 * The service behind a pooler in transaction mode (Debian's PgBouncer, `pool_mode = transaction`),
 * asked for by the address: `postgres://…/DATABASE?pool_mode=transaction`.
 *
 * Behind such a pooler a server connection serves one client's transaction and then any other
 * client's, so nothing set on a session holds. PgDb (shared-node/pg/pg-db.ts) names its schema once
 * per session (`SET search_path` when it connects); behind the pooler that lands on whichever server
 * connection was free and stays there, and a shop's next statement runs on another connection,
 * with the registry's or another shop's search_path: a key not found, or another shop's rows. So
 * here each schema's Db pins its schema inside every transaction (`SET LOCAL search_path`, undone at
 * the transaction's end), and runs a statement made outside a transaction in a transaction of its
 * own, pinned alike. Nothing else of the engine needs a session: advisory locks are per transaction
 * (pg_advisory_xact_lock), there are no temporary tables or LISTEN, and node-postgres sends a
 * statement with parameters unnamed (named prepared statements need PgBouncer ≥ 1.21 and its
 * max_prepared_statements; Debian 12 ships 1.18).
 *
 * The price is a round trip per transaction, and three more per statement outside one (a read's
 * statements). Folding `SET LOCAL` into PgDb's BEGIN (one message) would make it free and let every
 * PgDb drop its session SET; until then this is only used behind a pooler.
 */
import { migratePg } from '../../shared-node/pg/migrate.js';
import { PgDb, quoteIdent } from '../../shared-node/pg/pg-db.js';
import type { PgConnection } from '../../shared-node/pg/sync-pg.js';
import type { Db, RunResult, Statement, Transaction } from '../../shared-node/sql/db.js';
import type { Migration } from '../../shared-node/sqlite/migrate.js';

/** Whether a postgres:// address says a pooler in transaction mode is in front (`?pool_mode=transaction`). */
export function behindTransactionPooler(url: string): boolean {
  const mode = new URL(url).searchParams.get('pool_mode');
  if (mode === null || mode === 'session') return false;
  if (mode === 'transaction') return true;
  throw new Error(
    `pool_mode=${mode} in the PostgreSQL address: transaction or session (PgBouncer's statement mode breaks transactions)`,
  );
}

/** A schema's database behind the pooler, created or brought to the migrations' version through it. */
export function openPinned(
  connection: PgConnection,
  schema: string,
  migrations: readonly Migration[],
  rowids: ReadonlyMap<string, string>,
): SchemaPinnedDb {
  const db = new SchemaPinnedDb(PgDb.connect(connection, schema, rowids));
  try {
    migratePg(db, migrations);
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: the transaction passes any function's arguments through.
type AnyFunction = (...args: any[]) => unknown;

export class SchemaPinnedDb implements Db {
  readonly dialect = 'postgres' as const;
  readonly schema: string;
  private readonly pin: string;
  /** Transactions of this Db open now: only the outermost pins (a savepoint inherits it). */
  private depth = 0;

  constructor(private readonly pg: PgDb) {
    this.schema = pg.schema;
    this.pin = `SET LOCAL search_path TO ${quoteIdent(pg.schema)}`;
  }

  prepare<BindParameters extends unknown[] | object = unknown[], Result = unknown>(
    source: string,
  ): BindParameters extends unknown[] ? Statement<BindParameters, Result> : Statement<[BindParameters], Result> {
    return new PinnedStatement(this, this.pg.prepare(source)) as never;
  }

  /**
   * PgDb's transaction (its SERIALIZABLE retries as they are), pinned as its first statement; a
   * retry runs the function again from the start, pin and all.
   */
  transaction<F extends AnyFunction>(fn: F): Transaction<F> {
    const pinned = (...args: Parameters<F>): ReturnType<F> => {
      if (this.depth === 0) this.pg.query(this.pin);
      this.depth++;
      try {
        return fn(...args) as ReturnType<F>;
      } finally {
        this.depth--;
      }
    };
    return this.pg.transaction(pinned as unknown as F);
  }

  /** Raw PostgreSQL (migrations), in a pinned transaction when none is open. */
  query(sql: string, params: readonly unknown[] = []): Record<string, unknown>[] {
    return this.alone(() => this.pg.query(sql, params));
  }

  exec(source: string): this {
    this.alone(() => this.pg.exec(source));
    return this;
  }

  close(): void {
    this.pg.close();
  }

  /** Work that PostgreSQL would run as a transaction of its own, run in one that is pinned. */
  alone<T>(work: () => T): T {
    if (this.pg.inTransaction) return work();
    return this.transaction(work)();
  }
}

class PinnedStatement implements Statement<unknown[], unknown> {
  constructor(
    private readonly db: SchemaPinnedDb,
    private readonly statement: Statement<unknown[], unknown>,
  ) {}

  run(...args: unknown[]): RunResult {
    return this.db.alone(() => this.statement.run(...args));
  }

  get(...args: unknown[]): unknown {
    return this.db.alone(() => this.statement.get(...args));
  }

  all(...args: unknown[]): unknown[] {
    return this.db.alone(() => this.statement.all(...args));
  }

  pluck(toggleState = true): this {
    this.statement.pluck(toggleState);
    return this;
  }
}
