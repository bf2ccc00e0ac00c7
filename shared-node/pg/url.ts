/**
 * `postgres://user[:password]@host[:port]/database` as node-postgres's connection settings. A host
 * that is a folder (percent-encoded, `%2Fvar%2Frun%2Fpostgresql`) means a Unix socket there.
 */
import type { PgConnection } from './sync-pg.js';

export function isPostgresUrl(text: string): boolean {
  return /^postgres(ql)?:\/\//i.test(text);
}

export function parsePgUrl(text: string): PgConnection {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error('the PostgreSQL address is not a URL: postgres://user@host:port/database');
  }
  if (!isPostgresUrl(text)) throw new Error('the PostgreSQL address must start with postgres://');
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  const user = decodeURIComponent(url.username);
  if (!database || !user) throw new Error('the PostgreSQL address names no user or database: postgres://user@host:port/database');
  return {
    host: decodeURIComponent(url.hostname) || 'localhost',
    port: url.port ? Number(url.port) : 5432,
    user,
    database,
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
    // `?prepared=off`: no named statements (a PgBouncer in transaction mode older than 1.21, or
    // with max_prepared_statements = 0); `?pipeline=off`: each write waits for its answer.
    ...(url.searchParams.get('prepared') === 'off' ? { prepared: false } : {}),
    ...(url.searchParams.get('pipeline') === 'off' ? { pipeline: false } : {}),
    // `?client=thread`: node-postgres in an I/O thread per connection even where libpq loads (sync-pg.ts).
    ...(url.searchParams.get('client') === 'thread' ? { client: 'thread' as const } : {}),
  };
}

/** The application_name of a brief session (PgConnection.brief: the main thread's reads), as pg_stat_activity shows it. */
export const BRIEF_APPLICATION = 'cashdesk main-thread reads';
