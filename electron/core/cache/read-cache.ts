/**
 * The last answer of each read the sale screen needs, so a sale can be rung up while the service
 * cannot be reached (the caller marks what it serves from here as stale). Keyed by the method and
 * its params as the service would see them: member order does not matter and an omitted default
 * is the same as the default written out. Bounded: beyond `maxEntries` the least recently fetched
 * entries go.
 */
import { createHash } from 'node:crypto';
import { findOperation, type RpcResult, validateParams } from '../../../shared/contract/index.js';
import { canonicalJson } from '../../../shared-node/canonical-json.js';
import { type Migration, migrate } from '../../../shared-node/sqlite/migrate.js';
import type { Db } from '../../../shared-node/sqlite/open.js';
import { isStorageFailure } from '../../../shared-node/storage-failure.js';

export const readCacheMigrations: readonly Migration[] = [
  {
    id: '0001_read_cache',
    up: `
      CREATE TABLE read_cache (
        cache_key TEXT PRIMARY KEY,
        method TEXT NOT NULL,
        result TEXT NOT NULL,
        fetched_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX read_cache_age ON read_cache (fetched_at);
    `,
  },
];

export const DEFAULT_MAX_ENTRIES = 50_000;

export interface CachedRead {
  readonly result: RpcResult;
  readonly fetchedAt: string;
}

export class ReadCache {
  /** Kept in memory: counting a 50,000-row table on every put would cost more than the put. */
  private size: number;
  private readonly stmt;
  private readonly store: (key: string, method: string, result: string, at: number) => number;

  constructor(
    db: Db,
    private readonly maxEntries = DEFAULT_MAX_ENTRIES,
  ) {
    migrate(db, readCacheMigrations);
    this.stmt = {
      has: db.prepare<[string], number>('SELECT 1 FROM read_cache WHERE cache_key = ?').pluck(),
      upsert: db.prepare<[string, string, string, number]>(
        `INSERT INTO read_cache (cache_key, method, result, fetched_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (cache_key) DO UPDATE SET result = excluded.result, fetched_at = excluded.fetched_at`,
      ),
      get: db.prepare<[string], { result: string; fetched_at: number }>(
        'SELECT result, fetched_at FROM read_cache WHERE cache_key = ?',
      ),
      evict: db.prepare<[number]>(
        'DELETE FROM read_cache WHERE cache_key IN (SELECT cache_key FROM read_cache ORDER BY fetched_at, rowid LIMIT ?)',
      ),
      count: db.prepare<[], number>('SELECT count(*) FROM read_cache').pluck(),
      clear: db.prepare('DELETE FROM read_cache'),
    };
    this.size = this.stmt.count.get()!;
    // Returns the new size, adopted only once the transaction committed.
    this.store = db.transaction((key: string, method: string, result: string, at: number) => {
      let size = this.stmt.has.get(key) === undefined ? this.size + 1 : this.size;
      this.stmt.upsert.run(key, method, result, at);
      if (size > this.maxEntries) size -= this.stmt.evict.run(size - this.maxEntries).changes;
      return size;
    });
  }

  /**
   * False when the disk could not take it (full or failing): the answer is good all the same, it is
   * only not kept for selling offline, and what is kept stays as it was.
   */
  put(method: string, params: unknown, result: RpcResult, at: Date): boolean {
    try {
      this.size = this.store(cacheKey(method, params), method, JSON.stringify(result), at.getTime());
      return true;
    } catch (err) {
      if (isStorageFailure(err)) return false;
      throw err;
    }
  }

  /** Forgets every answer: they were another service's. */
  clear(): void {
    this.stmt.clear.run();
    this.size = 0;
  }

  get(method: string, params: unknown): CachedRead | undefined {
    const row = this.stmt.get.get(cacheKey(method, params));
    return row && { result: JSON.parse(row.result) as RpcResult, fetchedAt: new Date(row.fetched_at).toISOString() };
  }
}

/** The method and the params with defaults applied, as canonical JSON (members sorted), hashed to a short key. */
export function cacheKey(method: string, params: unknown): string {
  const op = findOperation(method);
  const checked = op ? validateParams(op.params, params) : undefined;
  const normal = checked?.ok ? checked.value : params;
  return createHash('sha256').update(method).update('\n').update(canonicalJson(normal)).digest('hex');
}
