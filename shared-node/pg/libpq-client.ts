/**
 * SyncPg's client where the add-on `libpq-sync` loads (native/libpq-sync: PostgreSQL's C client
 * for a thread that waits, compiled by npm where libpq's headers are: Debian's libpq-dev). The
 * statements go from this thread to the server through libpq, which blocks this thread until the
 * answer comes, and the whole answer comes back in one call: no I/O thread, no hand-over. Every
 * thread of a process may load it, each with connections of its own (the back office threads).
 *
 * It answers as the I/O thread's node-postgres does: the same value parsers (types.mjs), the same
 * parameter conversion (node-postgres's prepareValue), a statement without parameters sent as a
 * simple query (it may hold several statements: the migrations), a pipeline in PostgreSQL's
 * pipeline mode with one Sync, so nothing after a failed statement runs.
 */
import { createRequire } from 'node:module';
import { PgError } from './pg-error.js';
import type { PgClient, PgConnection, PipelinedStatement, SyncPgResult } from './sync-pg.js';
import { types } from './types.mjs';
import { BRIEF_APPLICATION } from './url.js';

/** A connection of the add-on (an opaque handle). */
type Handle = { readonly __brand: 'libpq-sync connection' };

/** A result as the add-on gives it: rows as text, or PostgreSQL's error (no sqlState: libpq's own). */
type Answer =
  | { fields: string[]; types: number[]; rows: (string | null)[][]; command: string }
  | { sqlState?: string; primary?: string; detail?: string; message: string };

/** An op of the add-on's pipeline: an unnamed statement, a named statement's parse, or its run. */
type Op = [0, string, (string | null)[]] | [1, string, string, number] | [2, string, (string | null)[]];

/** native/libpq-sync's exports (its source's header says what each does). */
interface Addon {
  connect(conninfo: string): Handle;
  close(connection: Handle): void;
  exec(connection: Handle, sql: string, params: (string | null)[] | null): Answer;
  /** One entry an op; null where PostgreSQL skipped it after an earlier error. Throws an Error with `lost` when the connection breaks. */
  pipeline(connection: Handle, ops: Op[]): (Answer | null)[];
}

/** node-postgres's conversion of a parameter to text, loaded with libpq (not when this module loads: the desk's bundle has it too, and no import.meta). */
let prepareValue: (value: unknown) => unknown = () => {
  throw new Error('libpq is not loaded');
};

/** The longest a statement may run, as the I/O thread's client waits for one (thread-client.ts). */
const ANSWER_MS = 60_000;

let loaded: { addon?: Addon; why?: string } | undefined;

/** The add-on in this thread, or why not (it did not build here: no libpq headers, no compiler). */
export function libpq(): { addon?: Addon; why?: string } {
  if (!loaded) {
    try {
      const require = createRequire(import.meta.url);
      const addon = require('libpq-sync') as Addon;
      ({ prepareValue } = require('pg/lib/utils.js') as { prepareValue(value: unknown): unknown });
      loaded = { addon };
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
    // libpq counts whole seconds, at least 2.
    ['connect_timeout', c.brief ? Math.max(2, Math.ceil(c.brief.networkMs / 1000)) : 10],
    // A peer gone silent over TCP (a cable, a crashed machine) is noticed within about a minute
    // rather than when the kernel gives up: the I/O thread's client tells its caller after 60 s.
    ['keepalives', 1],
    ['keepalives_idle', 30],
    ['keepalives_interval', 10],
    ['keepalives_count', 3],
    ['tcp_user_timeout', c.brief?.networkMs ?? 60_000],
    // So an operator (and a test) tells them apart in pg_stat_activity.
    ['application_name', c.brief ? BRIEF_APPLICATION : undefined],
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
  private readonly connection: Handle;
  /** Named statements this connection has parsed, by name: a name is parsed once. */
  private readonly parsed = new Map<string, string>();

  constructor(
    connection: PgConnection,
    private readonly addon: Addon,
  ) {
    try {
      this.connection = addon.connect(conninfo(connection));
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
    const answer = this.ask(() => this.addon.exec(this.connection, s.sql, params.length === 0 ? null : s.values));
    const got = this.result(answer);
    if (got instanceof PgError) throw got;
    return got;
  }

  pipeline(statements: readonly PipelinedStatement[]): SyncPgResult[] {
    // Every value is converted before anything is sent: a value that cannot be sent must not
    // leave half a pipeline on the connection.
    const ops: Op[] = [];
    /** What each answer is for: a statement's index, or a name being parsed. */
    const expected: ({ index: number } | { parse: string; sql: string })[] = [];
    const parsing = new Set<string>();
    statements.forEach((statement, index) => {
      const { sql, values, refused } = sendable(statement.sql, statement.params);
      const name = refused ? '' : (statement.name ?? '');
      if (!name) {
        ops.push([0, sql, values]);
        expected.push({ index });
        return;
      }
      if (this.parsed.get(name) !== statement.sql && !parsing.has(name)) {
        ops.push([1, name, statement.sql, statement.params.length]);
        parsing.add(name);
        expected.push({ parse: name, sql: statement.sql });
      }
      ops.push([2, name, values]);
      expected.push({ index });
    });
    const answers = this.ask(() => this.addon.pipeline(this.connection, ops));
    const results: SyncPgResult[] = [];
    let failure: PgError | undefined;
    answers.forEach((answer, i) => {
      // null: skipped after an earlier error.
      if (answer === null) return;
      const what = expected[i] as (typeof expected)[number];
      const got = this.result(answer);
      if (got instanceof PgError) {
        // A failed parse fails the statement that needed it; those after were not run.
        failure ??= new PgError(got.code, got.message, got.detail, 'index' in what ? what.index : results.length);
        return;
      }
      if ('parse' in what) this.parsed.set(what.parse, what.sql);
      else if (!failure) results.push(got);
    });
    if (failure) throw failure;
    return results;
  }

  close(): void {
    this.addon.close(this.connection);
  }

  /** The add-on's call; a connection that broke under it is PostgreSQL's 08006, as the I/O thread's client says. */
  private ask<T>(call: () => T): T {
    try {
      return call();
    } catch (err) {
      if (err instanceof Error && (err as Error & { lost?: boolean }).lost)
        throw new PgError('08006', `the PostgreSQL connection is lost: ${err.message.trim()}`);
      throw err;
    }
  }

  /** An answer as rows and count, or PostgreSQL's error. */
  private result(answer: Answer): SyncPgResult | PgError {
    if (!('rows' in answer)) {
      // No SQLSTATE: libpq's own failure, the connection lost (08006, as the I/O thread's client says).
      if (!answer.sqlState) return new PgError('08006', `the PostgreSQL connection is lost: ${answer.message.trim()}`);
      return new PgError(answer.sqlState, answer.primary ?? answer.message, answer.detail);
    }
    const { fields, rows: cells } = answer;
    const parsers = answer.types.map((oid) => types.getTypeParser(oid));
    const rows: Record<string, unknown>[] = [];
    try {
      for (const cell of cells) {
        const row: Record<string, unknown> = {};
        for (let f = 0; f < fields.length; f++) {
          const value = cell[f];
          row[fields[f] as string] = value === null ? null : (parsers[f] as (t: string) => unknown)(value as string);
        }
        rows.push(row);
      }
    } catch (err) {
      // A value this process cannot hold (a BIGINT beyond 2^53), as the I/O thread's client says.
      return new PgError('XX000', err instanceof Error ? err.message : String(err));
    }
    // "INSERT 0 3", "UPDATE 2", "SELECT 5": the count, where the command has one.
    return { rows, rowCount: answer.command ? Number(answer.command) : 0 };
  }
}
