/**
 * The back offices of a data folder's clients, opened when a request first needs one and closed
 * when none has needed it for `idleMs`. A back office in use is never closed under a request:
 * each request holds it (acquire) until its answer is made (release). Past `maxOpen` the least
 * recently used idle ones are closed at once; one in use stays open, so the limit is soft.
 */
import type { Logger } from '../../shared-node/log/logger.js';
import type { BackOffice } from './back-office.js';

export interface PoolOptions {
  /** Opens the back office of a client id; throws when it cannot. */
  readonly open: (clientId: string) => BackOffice;
  readonly idleMs: number;
  readonly maxOpen: number;
  readonly logger: Logger;
}

interface Entry {
  readonly office: BackOffice;
  users: number;
  lastUsed: number;
}

export class BackOfficePool {
  // A Map keeps insertion order: re-inserting on use makes its first entries the least recently used.
  private readonly open = new Map<string, Entry>();
  private readonly sweeper: NodeJS.Timeout;
  private closing = false;

  constructor(private readonly opts: PoolOptions) {
    this.sweeper = setInterval(() => this.closeIdle(Date.now() - this.opts.idleMs), Math.max(50, opts.idleMs / 4)).unref();
  }

  /** The client's back office, opened if need be; give it back with release(). */
  acquire(clientId: string): BackOffice {
    if (this.closing) throw new Error('the service is stopping');
    let entry = this.open.get(clientId);
    if (entry) this.open.delete(clientId);
    else {
      entry = { office: this.opts.open(clientId), users: 0, lastUsed: 0 };
      this.opts.logger.log('info', 'client opened', { client: clientId, open: this.open.size + 1 });
    }
    entry.users++;
    entry.lastUsed = Date.now();
    this.open.set(clientId, entry);
    if (this.open.size > this.opts.maxOpen) this.closeIdle(Number.POSITIVE_INFINITY, this.open.size - this.opts.maxOpen);
    return entry.office;
  }

  release(clientId: string): void {
    const entry = this.open.get(clientId);
    if (!entry) return;
    entry.users--;
    entry.lastUsed = Date.now();
  }

  /** The client ids open now, least recently used first (for health and tests). */
  openClients(): string[] {
    return [...this.open.keys()];
  }

  /** Closes idle back offices last used before `before`, at most `limit` of them, oldest first. */
  private closeIdle(before: number, limit = Number.POSITIVE_INFINITY): void {
    let n = 0;
    for (const [id, entry] of this.open) {
      if (n >= limit) break;
      if (entry.users > 0 || entry.lastUsed >= before) continue;
      this.open.delete(id);
      n++;
      entry.office
        .close()
        .catch((err: unknown) => this.opts.logger.log('warn', 'client close failed', { client: id, error: String(err) }));
      this.opts.logger.log('info', 'client closed', { client: id, open: this.open.size });
    }
  }

  /** Closes every back office (the service stops; requests have been drained by then). */
  async closeAll(): Promise<void> {
    this.closing = true;
    clearInterval(this.sweeper);
    const entries = [...this.open.values()];
    this.open.clear();
    await Promise.all(entries.map((e) => e.office.close()));
  }
}
