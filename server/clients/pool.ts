/**
 * The back offices of a data folder's clients, opened when a request first needs one and closed
 * when none has needed it for `idleMs`. A back office in use is never closed under a request:
 * each request holds it (acquire) until its answer is made (release). Past `maxOpen` the least
 * recently used idle ones are closed at once; one in use stays open, so that limit is soft.
 *
 * On PostgreSQL each open back office holds a connection, and the server's max_connections is
 * shared by every process of the service (and by whatever else uses the database), so there the
 * pool also has a hard `bound` (clients/pg-connections.ts derives it): a request for a client not
 * open when the bound is reached closes the least recently used idle client first; when every one
 * is in use it waits up to `waitMs` for one to be released, then is refused (PoolFull: the gateway
 * answers UPSTREAM_FAILURE, nothing was performed, the same Idempotency-Key may be sent again).
 */
import type { Logger } from '../../shared-node/log/logger.js';
import { BackOfficesBusy } from '../gateway/types.js';
import type { BackOffice } from './back-office.js';

export interface PoolOptions {
  /** Opens the back office of a client id; throws when it cannot. */
  readonly open: (clientId: string) => BackOffice;
  readonly idleMs: number;
  readonly maxOpen: number;
  readonly logger: Logger;
  /** At most `most` open at once, in use or not; a request waits `waitMs` for room, no longer. */
  readonly bound?: { readonly most: number; readonly waitMs: number };
  /** Told the clients open after one was opened or closed (a back office thread tells the main thread). */
  readonly changed?: (open: string[]) => void;
}

/** Every back office the bound allows is in use by a request: none could be opened for this one. */
export class PoolFull extends BackOfficesBusy {
  constructor(most: number) {
    super(`all ${most} back offices this process may hold open are in use`);
    this.name = 'PoolFull';
  }
}

interface Entry {
  readonly office: BackOffice;
  users: number;
  lastUsed: number;
}

interface Waiter {
  readonly clientId: string;
  readonly resolve: (office: BackOffice) => void;
  readonly reject: (err: unknown) => void;
  readonly timer: NodeJS.Timeout;
}

export class BackOfficePool {
  // A Map keeps insertion order: re-inserting on use makes its first entries the least recently used.
  private readonly open = new Map<string, Entry>();
  /** Requests waiting for room under the bound, first come first served. */
  private waiters: Waiter[] = [];
  /** Back offices being closed: their connections count against the bound until they are gone. */
  private closingNow = 0;
  private readonly sweeper: NodeJS.Timeout;
  private closing = false;

  constructor(private readonly opts: PoolOptions) {
    this.sweeper = setInterval(() => this.closeIdle(Date.now() - this.opts.idleMs), Math.max(50, opts.idleMs / 4)).unref();
  }

  /**
   * The client's back office, opened if need be; give it back with release(). Throws PoolFull at
   * once when the bound leaves no room (see acquireWithin for a request that may wait).
   */
  acquire(clientId: string): BackOffice {
    if (this.closing) throw new Error('the service is stopping');
    let entry = this.open.get(clientId);
    if (entry) this.open.delete(clientId);
    else {
      const bound = this.opts.bound;
      if (bound && this.held() >= bound.most) {
        // Room is made by closing the least recently used idle client; its connection counts until
        // it is closed, and the close then hands the room to the waiters.
        this.closeIdle(Number.POSITIVE_INFINITY, this.held() - bound.most + 1);
        if (this.held() >= bound.most) throw new PoolFull(bound.most);
      }
      entry = { office: this.opts.open(clientId), users: 0, lastUsed: 0 };
      this.opts.logger.log('info', 'client opened', { client: clientId, open: this.open.size + 1 });
    }
    const opened = entry.users === 0 && entry.lastUsed === 0;
    entry.users++;
    entry.lastUsed = Date.now();
    this.open.set(clientId, entry);
    if (this.open.size > this.opts.maxOpen) this.closeIdle(Number.POSITIVE_INFINITY, this.open.size - this.opts.maxOpen);
    if (opened) this.opts.changed?.(this.openClients());
    return entry.office;
  }

  /** As acquire, but when the bound leaves no room, waits up to the bound's waitMs for a release first. */
  acquireWithin(clientId: string): Promise<BackOffice> {
    try {
      return Promise.resolve(this.acquire(clientId));
    } catch (err) {
      const waitMs = this.opts.bound?.waitMs ?? 0;
      if (!(err instanceof PoolFull) || waitMs <= 0) return Promise.reject(err);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          this.opts.logger.log('warn', 'no back office free', { client: clientId, waitedMs: waitMs, open: this.open.size });
          reject(err);
        }, waitMs);
        const waiter: Waiter = { clientId, resolve, reject, timer };
        this.waiters.push(waiter);
      });
    }
  }

  release(clientId: string): void {
    const entry = this.open.get(clientId);
    if (!entry) return;
    entry.users--;
    entry.lastUsed = Date.now();
    if (entry.users === 0 && this.waiters.length > 0) this.serveWaiters();
  }

  /** The client ids open now, least recently used first (for health and tests). */
  openClients(): string[] {
    return [...this.open.keys()];
  }

  /** Back offices holding a connection: open, or still closing. */
  private held(): number {
    return this.open.size + this.closingNow;
  }

  /**
   * Gives the room a release or a close made to the waiters, in order; those whose client is open
   * first, as they need no room (and closing their client for an earlier waiter would only reopen it).
   */
  private serveWaiters(): void {
    const isOpen = (w: Waiter) => this.open.has(w.clientId);
    for (const waiter of [...this.waiters.filter(isOpen), ...this.waiters.filter((w) => !isOpen(w))]) {
      let office: BackOffice;
      try {
        office = this.acquire(waiter.clientId);
      } catch (err) {
        if (err instanceof PoolFull) continue;
        this.settle(waiter);
        waiter.reject(err);
        continue;
      }
      this.settle(waiter);
      waiter.resolve(office);
    }
  }

  private settle(waiter: Waiter): void {
    clearTimeout(waiter.timer);
    this.waiters = this.waiters.filter((w) => w !== waiter);
  }

  /** Closes idle back offices last used before `before`, at most `limit` of them, oldest first. */
  private closeIdle(before: number, limit = Number.POSITIVE_INFINITY): void {
    let n = 0;
    for (const [id, entry] of this.open) {
      if (n >= limit) break;
      if (entry.users > 0 || entry.lastUsed >= before) continue;
      this.open.delete(id);
      n++;
      this.closingNow++;
      entry.office
        .close()
        .catch((err: unknown) => this.opts.logger.log('warn', 'client close failed', { client: id, error: String(err) }))
        .finally(() => {
          this.closingNow--;
          if (this.waiters.length > 0) this.serveWaiters();
        });
      this.opts.logger.log('info', 'client closed', { client: id, open: this.open.size });
    }
    if (n > 0) this.opts.changed?.(this.openClients());
  }

  /** Closes every back office (the service stops; requests have been drained by then). */
  async closeAll(): Promise<void> {
    this.closing = true;
    clearInterval(this.sweeper);
    for (const waiter of this.waiters.splice(0)) {
      clearTimeout(waiter.timer);
      waiter.reject(new Error('the service is stopping'));
    }
    const entries = [...this.open.values()];
    this.open.clear();
    await Promise.all(entries.map((e) => e.office.close()));
  }
}
