/**
 * The bridge's read: asked of the service the till works with; while it cannot be reached, the
 * catalogue copy answers product lookups and the cache of answers the reads a sale needs, both
 * marked stale. Its own file so it can be tested with a fake client, cache and catalogue.
 */

import type { ReadOutcome } from '../../../shared/bridge/api.js';
import { BridgeError } from '../../../shared/bridge/errors.js';
import { isCachedRead } from '../../../shared/contract/desk-rules.js';
import type { ReadName } from '../../../shared/contract/index.js';
import { op } from '../../../shared/contract/index.js';
import type { ReadCache } from '../cache/read-cache.js';
import type { LocalCatalog } from '../catalog/local-catalog.js';
import type { Connection } from '../desk/connection.js';
import type { RpcClient } from '../rpc/client.js';
import type { StorageHealth } from '../storage-health.js';

export interface ReadDeps {
  readonly client: RpcClient;
  readonly cache: ReadCache;
  readonly catalog: LocalCatalog;
  readonly health: StorageHealth;
  /** The back office the till works with now (its binding). */
  readonly bound: () => string;
  /** What the status bar says of the service: told by every answer of the one the till works with. */
  readonly connection: Pick<Connection, 'set' | 'upstream'>;
}

export function createRead(d: ReadDeps) {
  return async function read<M extends ReadName>(method: M, params: unknown): Promise<ReadOutcome<M>> {
    const asked = d.bound();
    const outcome = await d.client.call(method, params);
    // An answer of the service the till worked with before a switch says nothing about the new one.
    const fresh = d.bound() === asked;
    if (outcome.kind === 'ok') {
      if (fresh) {
        d.connection.set('online');
        d.connection.upstream = { name: outcome.result.upstream.name, version: outcome.result.upstream.version };
      }
      const now = new Date();
      // Nor may it be served later, marked stale, as the new one's.
      if (fresh && isCachedRead(method)) {
        // An answer the disk will not keep is still the answer: only selling offline misses it.
        if (d.cache.put(method, params as Record<string, unknown>, outcome.result, now)) d.health.wrote('cache');
        else d.health.failed('cache', 'an answer could not be kept for selling offline');
      }
      return { method, result: outcome.result, stale: false, fetchedAt: now.toISOString() };
    }
    if (outcome.kind === 'retry') {
      if (fresh)
        d.connection.set(
          outcome.error.code === 'UNAUTHORIZED' || outcome.error.code === 'NO_API_KEY' ? 'unauthorized' : 'offline',
        );
      const copy = method === op.pos.findCode ? d.catalog.findCode(String((params as { code?: unknown }).code ?? '')) : undefined;
      if (copy) return { method, result: copy, stale: true, fetchedAt: d.catalog.state().syncedAt ?? new Date(0).toISOString() };
      const cached = isCachedRead(method) ? d.cache.get(method, params as Record<string, unknown>) : undefined;
      if (cached) return { method, result: cached.result, stale: true, fetchedAt: cached.fetchedAt };
    }
    throw BridgeError.from(outcome.error);
  };
}
