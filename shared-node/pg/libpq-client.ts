/**
 * SyncPg's client where the optional package `libpq` loads (brianc's binding of PostgreSQL's C
 * client, compiled by npm where libpq's headers are: Debian's libpq-dev). The statements go from
 * this thread to the server through libpq, which blocks this thread until the answer comes: no
 * I/O thread, no hand-over. Measured here (a one-off micro run on a quiet machine): a round trip
 * costs ~0.02 ms of this process's CPU against ~0.18 ms through the I/O thread, and a pipeline of
 * 8 reads 0.09 ms against 0.32 ms.
 *
 * It answers as the I/O thread's node-postgres does: the same value parsers (types.mjs), the same
 * parameter conversion (node-postgres's prepareValue), a statement without parameters sent as a
 * simple query (it may hold several statements: the migrations), a pipeline in PostgreSQL's
 * pipeline mode with one Sync, so nothing after a failed statement runs.
 *
 * A native add-on written for one thread: it loads in the first thread that asks (the service's
 * main thread, or one back office thread); every other thread uses the I/O thread's client.
 */
import { createRequire } from 'node:module';
import { PgError } from './pg-error.js';
import type { PgClient, PgConnection, PipelinedStatement, SyncPgResult } from './sync-pg.js';
import { types } from './types.mjs';

/** The part of node-libpq's PQ this client uses. */
interface PQ {
  connectSync(conninfo: string): void;
  finish(): void;
  errorMessage(): string;
  exec(sql: string): void;
  execParams(sql: string, params: (string | null)[]): void;
  sendQueryParams(sql: string, params: (string | null)[]): boolean;
  sendPrepare(name: string, sql: string, nParams: number): boolean;
  sendQueryPrepared(name: string, params: (string | null)[]): boolean;
  enterPipelineMode(): boolean;
  exitPipelineMode(): boolean;
  pipelineSync(): boolean;
  getResult(): boolean;
  resultStatus(): string;
  resultErrorFields(): { sqlState?: string; messagePrimary?: string; messageDetail?: string } | null;
  resultErrorMessage(): string;
  ntuples(): number;
  nfields(): number;
  fname(field: number): string;
  ftype(field: number): number;
  getvalue(row: number, field: number): string;
  getisnull(row: number, field: number): boolean;
  cmdTuples(): string;
}

/** node-postgres's conversion of a parameter to text, loaded with libpq (not when this module loads: the desk's bundle has it too, and no import.meta). */
let prepareValue: (value: unknown) => unknown = () => {
  throw new Error('libpq is not loaded');
};

/** The longest a statement may run, as the I/O thread's client waits for one (thread-client.ts). */
const ANSWER_MS = 60_000;

/** Connections closed, held until libuv has closed their handles (LibpqClient.close). */
const closing = new Set<PQ>();

let loaded: { PQ?: new () => PQ; why?: string } | undefined;

/** libpq's binding in this thread, or why not (not installed, or already loaded by another thread). */
export function libpq(): { PQ?: new () => PQ; why?: string } {
  if (!loaded) {
    try {
      const require = createRequire(import.meta.url);
      const PQ = require('libpq') as new () => PQ;
      ({ prepareValue } = require('pg/lib/utils.js') as { prepareValue(value: unknown): unknown });
      loaded = { PQ };
    } catch (err) {
      loaded = { why: err instanceof Error ? err.message.split('\n')[0] : String(err) };
    }
  }
  return loaded;
}

/** A libpq connection string's value, quoted: 'it''s' is written 'it\'s'. */
const quoted = (value: string | number) => `'${String(value).replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

export function conninfo(c: PgConnection): string {
  const parts: [string, string | number | undefined][] = [
    ['host', c.host],
    ['port', c.port],
    ['user', c.user],
    ['dbname', c.database],
    ['password', c.password],
    ['connect_timeout', 10],
    // A peer gone silent over TCP (a cable, a crashed machine) is noticed within about a minute
    // rather than when the kernel gives up: the I/O thread's client tells its caller after 60 s.
    ['keepalives', 1],
    ['keepalives_idle', 30],
    ['keepalives_interval', 10],
    ['keepalives_count', 3],
    ['tcp_user_timeout', 60_000],
  ];
  return parts
    .filter((p): p is [string, string | number] => p[1] !== undefined)
    .map(([k, v]) => `${k}=${quoted(v)}`)
    .join(' ');
}

/**
 * libpq tells why a connection failed only in words; the SQLSTATE the server sent is not kept.
 * The few a caller may act on are recognised, everything else is 08001 (cannot connect).
 */
function connectFailure(message: string): PgError {
  const text = message.trim();
  const code = /database ".*" does not exist/.test(text)
    ? '3D000'
    : /password authentication failed/.test(text)
      ? '28P01'
      : /no pg_hba\.conf entry|role ".*" does not exist/.test(text)
        ? '28000'
        : /the database system is (starting up|shutting down|in recovery mode)/.test(text)
          ? '57P03'
          : /too many clients|remaining connection slots/.test(text)
            ? '53300'
            : '08001';
  return new PgError(code, text.replace(/^connection to server .*? failed: (FATAL:\s+)?/s, ''));
}

/** A parameter as text, as node-postgres would send it (a Buffer: bytea's hex form). */
function asText(value: unknown): string | null {
  const v = prepareValue(value);
  if (v === null || v === undefined) return null;
  if (Buffer.isBuffer(v)) return `\\x${v.toString('hex')}`;
  return String(v);
}

/**
 * A statement as libpq sends it. libpq takes each parameter as a C string, which ends at a NUL:
 * 'a\u0000b' would be stored as 'a', silently. PostgreSQL's text holds no NUL and refuses one sent
 * whole (22021), as it does through node-postgres, so a statement with such a parameter is sent as
 * one that fails with that very error at the server, in its place: the statements before it run,
 * those after it do not, as they would have.
 */
const NUL_REFUSED = { sql: "SELECT convert_from('\\x00'::bytea, 'UTF8')", values: [] as (string | null)[] };
function sendable(sql: string, params: readonly unknown[]): { sql: string; values: (string | null)[]; refused?: true } {
  const values = params.map(asText);
  return values.some((v) => v?.includes('\u0000')) ? { ...NUL_REFUSED, refused: true } : { sql, values };
}

export class LibpqClient implements PgClient {
  readonly kind = 'libpq' as const;
  private readonly pq: PQ;
  /** Named statements this connection has parsed, by name: a name is parsed once. */
  private readonly parsed = new Map<string, string>();

  constructor(connection: PgConnection, PQ: new () => PQ) {
    this.pq = new PQ();
    try {
      this.pq.connectSync(conninfo(connection));
    } catch (err) {
      throw connectFailure(err instanceof Error ? err.message : String(err));
    }
    // libpq prints the server's notices on stderr ("schema … already exists, skipping"), where
    // node-postgres drops them; warnings and errors still come. And libpq waits for an answer as
    // long as it takes, where the I/O thread's client gives up after 60 s: the server ends such a
    // statement itself (57014, as that client says), its transaction rolled back. Behind PgBouncer
    // in transaction mode these reach one server connection of the pool.
    try {
      this.query(`SET client_min_messages TO warning; SET statement_timeout TO ${ANSWER_MS}`, []);
    } catch (err) {
      this.close();
      throw err;
    }
  }

  query(sql: string, params: readonly unknown[]): SyncPgResult {
    const s = sendable(sql, params);
    // Without parameters a simple query, as node-postgres sends it: the text may hold several
    // statements (a migration); the answer is the last one's.
    if (params.length === 0) this.pq.exec(sql);
    else this.pq.execParams(s.sql, s.values);
    const got = this.result();
    if (got instanceof PgError) throw got;
    if (got === 'aborted') throw this.lost();
    return got;
  }

  pipeline(statements: readonly PipelinedStatement[]): SyncPgResult[] {
    // Every value is converted before anything is sent: a value that cannot be sent must not
    // leave half a pipeline on the connection.
    const outgoing = statements.map((s) => sendable(s.sql, s.params));
    const pq = this.pq;
    if (!pq.enterPipelineMode()) throw this.lost();
    /** What each answer is for: a statement's index, or a name being parsed. */
    const expected: ({ index: number } | { parse: string; sql: string })[] = [];
    const parsing = new Set<string>();
    let sent = true;
    statements.forEach((s, i) => {
      const { sql, values: vals, refused } = outgoing[i] as ReturnType<typeof sendable>;
      const name = refused ? '' : (s.name ?? '');
      if (!name) {
        sent &&= pq.sendQueryParams(sql, vals);
        expected.push({ index: i });
        return;
      }
      if (this.parsed.get(name) !== s.sql && !parsing.has(name)) {
        sent &&= pq.sendPrepare(name, s.sql, s.params.length);
        parsing.add(name);
        expected.push({ parse: name, sql: s.sql });
      }
      sent &&= pq.sendQueryPrepared(name, vals);
      expected.push({ index: i });
    });
    if (!sent || !pq.pipelineSync()) throw this.lost();
    const results: SyncPgResult[] = [];
    let failure: PgError | undefined;
    for (const what of expected) {
      if (!pq.getResult()) throw this.lost();
      const got = this.result();
      // A result is followed by no more for its statement; then the next statement's.
      pq.getResult();
      if (got === 'aborted') continue;
      if (got instanceof PgError) {
        // A failed parse fails the statement that needed it; those after were not run.
        failure ??= new PgError(got.code, got.message, got.detail, 'index' in what ? what.index : results.length);
        continue;
      }
      if ('parse' in what) this.parsed.set(what.parse, what.sql);
      else if (!failure) results.push(got);
    }
    if (!pq.getResult() || pq.resultStatus() !== 'PGRES_PIPELINE_SYNC') throw this.lost();
    pq.exitPipelineMode();
    if (failure) throw failure;
    return results;
  }

  close(): void {
    this.pq.finish();
    // finish() closes the connection's libuv handle, which lives inside the binding's object, and
    // lets the object go: collected before the event loop has finished closing the handle, it
    // aborts the process (uv__finish_close). So it is held until two turns of the loop have passed.
    const pq = this.pq;
    closing.add(pq);
    setTimeout(() => setImmediate(() => closing.delete(pq)), 0).unref();
  }

  /** The current result: rows and count, PostgreSQL's error, or 'aborted' (skipped after an error in a pipeline). */
  private result(): SyncPgResult | PgError | 'aborted' {
    const pq = this.pq;
    const status = pq.resultStatus();
    if (status === 'PGRES_TUPLES_OK' || status === 'PGRES_COMMAND_OK' || status === 'PGRES_EMPTY_QUERY') {
      const fields = pq.nfields();
      const names: string[] = [];
      const parsers: ((text: string) => unknown)[] = [];
      for (let f = 0; f < fields; f++) {
        names.push(pq.fname(f));
        parsers.push(types.getTypeParser(pq.ftype(f)));
      }
      const rows: Record<string, unknown>[] = [];
      const count = pq.ntuples();
      try {
        for (let r = 0; r < count; r++) {
          const row: Record<string, unknown> = {};
          for (let f = 0; f < fields; f++)
            row[names[f] as string] = pq.getisnull(r, f) ? null : (parsers[f] as (t: string) => unknown)(pq.getvalue(r, f));
          rows.push(row);
        }
      } catch (err) {
        // A value this process cannot hold (a BIGINT beyond 2^53), as the I/O thread's client says.
        return new PgError('XX000', err instanceof Error ? err.message : String(err));
      }
      // "INSERT 0 3", "UPDATE 2", "SELECT 5": the count, where the command has one.
      const tuples = pq.cmdTuples();
      return { rows, rowCount: tuples ? Number(tuples) : 0 };
    }
    if (status === 'PGRES_PIPELINE_ABORTED') return 'aborted';
    const fields = pq.resultErrorFields();
    // No SQLSTATE: libpq's own failure, the connection lost (08006, as the I/O thread's client says).
    if (!fields?.sqlState)
      return new PgError('08006', `the PostgreSQL connection is lost: ${pq.resultErrorMessage().trim() || status}`);
    return new PgError(fields.sqlState, fields.messagePrimary ?? pq.resultErrorMessage(), fields.messageDetail);
  }

  private lost(): PgError {
    return new PgError('08006', `the PostgreSQL connection is lost: ${this.pq.errorMessage().trim()}`);
  }
}
