/**
 * PostgreSQL for code written against a synchronous database (the back office's code calls
 * SQLite synchronously inside one transaction). Each SyncPg is one connection: `query` and
 * `pipeline` block this thread until PostgreSQL has answered.
 *
 * Two clients stand behind it, with the same answers: libpq in this thread (libpq-client.ts),
 * where the optional native package loads, else node-postgres in an I/O thread of the connection's
 * own (thread-client.ts). `?client=thread` in the address asks for the second.
 *
 * So this thread waits while PostgreSQL works: concurrency comes from several such threads,
 * each with its own connection and transaction, never from a lock in the process.
 */
import { LibpqClient, libpq } from './libpq-client.js';
import { LOST, PgError } from './pg-error.js';
import { ThreadClient } from './thread-client.js';

export { PgError } from './pg-error.js';

export interface PgConnection {
  readonly host: string;
  readonly port: number;
  readonly user: string;
  readonly database: string;
  readonly password?: string;
  /** Statements the code prepares are named, parsed once per connection (PgDb); false: never. */
  readonly prepared?: boolean;
  /** Writes in a transaction wait and go with the next read or the COMMIT (PgDb); false: each at once. */
  readonly pipeline?: boolean;
  /** 'thread': node-postgres in an I/O thread even where libpq loads. */
  readonly client?: 'thread';
  /**
   * For a thread that must not wait long (the main thread's reads, server/clients/main-reads/):
   * the session only reads, a statement or a lock wait past `statementMs` fails (57014, 55P03),
   * and the network (connecting, unacknowledged data) is given up after `networkMs` rather than
   * the default 10 s and 60 s.
   */
  readonly brief?: { readonly statementMs: number; readonly networkMs: number };
}

export interface SyncPgResult {
  readonly rows: Record<string, unknown>[];
  readonly rowCount: number;
}

/** A statement of a pipeline; a named one is parsed once per connection. */
export interface PipelinedStatement {
  readonly sql: string;
  readonly params: readonly unknown[];
  readonly name?: string;
}

/** What answers SyncPg's statements: a connection, blocking this thread for each answer. */
export interface PgClient {
  readonly kind: 'libpq' | 'thread';
  query(sql: string, params: readonly unknown[]): SyncPgResult;
  /** Several statements in one round trip, in order; the first error has the failed statement's `index`, none after it ran. */
  pipeline(statements: readonly PipelinedStatement[]): SyncPgResult[];
  close(): void;
}

/** Which client a connection gets here, and why not libpq when it does not: for the logs and the bench. */
export function pgClientKind(connection?: Pick<PgConnection, 'client'>): { kind: PgClient['kind']; why?: string } {
  if (connection?.client === 'thread') return { kind: 'thread', why: 'asked for (?client=thread)' };
  const { addon, why } = libpq();
  return addon ? { kind: 'libpq' } : { kind: 'thread', ...(why ? { why } : {}) };
}

export class SyncPg {
  private readonly client: PgClient;
  private closed = false;
  /** The connection was lost (SQLSTATE class 08, or the server ended the session): open another. */
  broken = false;

  constructor(connection: PgConnection) {
    const { addon } = connection.client === 'thread' ? {} : libpq();
    this.client = addon ? new LibpqClient(connection, addon) : new ThreadClient(connection);
  }

  /** 'libpq' or 'thread' (the I/O thread's node-postgres). */
  get kind(): PgClient['kind'] {
    return this.client.kind;
  }

  query(sql: string, params: readonly unknown[] = []): SyncPgResult {
    return this.answer(() => this.client.query(sql, params));
  }

  /**
   * Several statements in one round trip, in order, each with its own parameters: their answers,
   * or the first one's error (a PgError whose `index` says which; none after it ran).
   */
  pipeline(statements: readonly PipelinedStatement[]): SyncPgResult[] {
    return this.answer(() => this.client.pipeline(statements));
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.client.close();
  }

  private answer<T>(ask: () => T): T {
    if (this.closed) throw new Error('the PostgreSQL connection is closed');
    try {
      return ask();
    } catch (err) {
      if (err instanceof PgError && LOST.test(err.code)) this.broken = true;
      throw err;
    }
  }
}
