/**
 * Which of the till's own files the disk has lately refused to write (full or failing), for the
 * status bar and the log. Each store is said once when it starts failing and once when it writes
 * again, not at every refused write: a full disk refuses every few seconds for as long as it lasts.
 */
import type { Logger } from '../../shared-node/log/logger.js';

/** The outbox (writes and their keys), the cache of answers, the catalogue copy, the offline sign-ins. */
export type TillStore = 'outbox' | 'cache' | 'catalog' | 'sign-ins';

export class StorageHealth {
  private readonly failing = new Map<TillStore, number>();

  constructor(
    private readonly logger: Logger | undefined,
    private readonly clock: () => number = Date.now,
  ) {}

  failed(store: TillStore, err: unknown): void {
    if (this.failing.has(store)) return;
    this.failing.set(store, this.clock());
    this.logger?.log('error', 'the disk refuses to store', {
      store,
      error: err instanceof Error ? `${(err as { code?: string }).code ?? err.name}: ${err.message}` : String(err),
    });
  }

  wrote(store: TillStore): void {
    const since = this.failing.get(store);
    if (since === undefined) return;
    this.failing.delete(store);
    this.logger?.log('info', 'the disk stores again', { store, failed_ms: this.clock() - since });
  }

  /** Since when the first of the failing stores has failed (ISO 8601), or null when all of them write. */
  since(): string | null {
    const first = Math.min(...this.failing.values());
    return Number.isFinite(first) ? new Date(first).toISOString() : null;
  }
}
