/**
 * A till's lookups on PostgreSQL performed in the service's main thread rather than handed to a
 * back office thread (issue 24: a lookup's p50 under a till's mixed load). A call to a thread and
 * back costs two wake-ups of the six a lookup makes and ~0.45 ms of its ~1.9 under bench:pg's load,
 * more than PostgreSQL's own work on it; and in a shop's busy minute the scans queue behind the
 * closes for the two cores. Here the main thread makes the read itself, on a connection of its
 * own, and waits for its one round trip (0.6 ms on average under that load on this two-core
 * machine, PostgreSQL's turn for the CPU included): the cashier's scan is answered first, the
 * closes, in their threads, take the CPU around it.
 *
 * Waiting in the main thread is bounded, since no other request is served meanwhile:
 * - only the reads of MAIN_THREAD_READS (server/back-office/main-thread-reads.ts), each one round
 *   trip of index lookups, on a read-only session whose statements and lock waits are cut at
 *   STATEMENT_MS and whose network is given up after NETWORK_MS (PgConnection.brief);
 * - ReadPace (pace.ts): when the average wait passes MOST_AVERAGE_MS (a database far away, a
 *   machine out of CPU) the reads go to the threads for PAUSE_MS, and are then tried here again;
 * - a read that fails here for any reason but the code's own refusal (a timeout, a lost
 *   connection, a statement this session refuses) is made again by a thread, which answers as it
 *   always did: a read changes nothing, so nothing is lost or done twice. But for a timeout, the
 *   connection is closed, and another opened after RETRY_OPEN_MS.
 *
 * A client's reads are made here once a thread holds its back office (so this process has checked
 * its schema's migrations). The main thread holds at most `most` connections, one per client,
 * within the process's budget (pg-connections.ts threadShares: it counts as one more thread); past
 * it a client's reads go to the threads, and a connection unused for `idleMs` is closed.
 */
import type { OperationName, RpcResult } from '../../../shared/contract/index.js';
import type { Logger } from '../../../shared-node/log/logger.js';
import type { RowidColumns } from '../../../shared-node/pg/dialect.js';
import { PgDb } from '../../../shared-node/pg/pg-db.js';
import { PgError } from '../../../shared-node/pg/pg-error.js';
import type { PgConnection } from '../../../shared-node/pg/sync-pg.js';
import { createBackOffice } from '../../back-office/back-office.js';
import { MAIN_THREAD_READS } from '../../back-office/main-thread-reads.js';
import { callUpstream } from '../../gateway/call-upstream.js';
import { normalizeResult } from '../../gateway/normalize.js';
import type { CallPerformer, GatewayCall } from '../../gateway/perform-call.js';
import type { RequestFacts } from '../../gateway/types.js';
import { BusinessRefusal, type RawResult, type Upstream } from '../../upstream/upstream.js';
import { ReadPace } from './pace.js';

/** A statement (or a wait for a lock) of the main thread's longer than this fails, and a thread makes the read. */
const STATEMENT_MS = 100;
/** The main thread's connection gives up on an unanswered network after this (libpq's tcp_user_timeout; connecting: 2 s). */
const NETWORK_MS = 2000;
/** The average wait for a read past which reads leave the main thread for PAUSE_MS. */
const MOST_AVERAGE_MS = 2;
const PAUSE_MS = 30_000;
/** After a connection failed (to open, or was lost), the client's reads go to the threads this long. */
const RETRY_OPEN_MS = 5000;

export interface MainReadsOptions {
  /** The performer of everything else (the back office threads). */
  readonly threads: CallPerformer;
  /** Clients whose back office a thread holds open now. */
  readonly held: () => readonly string[];
  readonly connection: PgConnection;
  readonly rowids: RowidColumns;
  /** Connections the main thread may hold, one per client. */
  readonly most: number;
  readonly idleMs: number;
  readonly upstreamTimeoutMs: number;
  readonly timeZone?: string;
  readonly logger: Logger;
}

interface Reader {
  readonly db: PgDb;
  readonly upstream: Upstream;
  lastUsed: number;
}

export class MainThreadReads implements CallPerformer {
  private readonly readers = new Map<string, Reader>();
  private readonly failedAt = new Map<string, number>();
  private readonly pace = new ReadPace({ mostMs: MOST_AVERAGE_MS, pauseMs: PAUSE_MS });
  private readonly connection: PgConnection;
  private readonly sweeper: NodeJS.Timeout;
  /** Reads made here, and reads that went to a thread after failing here, since the start (for the tests). */
  readonly count = { here: 0, failed: 0 };

  constructor(private readonly opts: MainReadsOptions) {
    this.connection = { ...opts.connection, brief: { statementMs: STATEMENT_MS, networkMs: NETWORK_MS } };
    this.sweeper = setInterval(() => this.sweep(), Math.max(1000, opts.idleMs / 4)).unref();
  }

  /** Connections the main thread may hold. */
  get most(): number {
    return this.opts.most;
  }

  async perform(call: GatewayCall, facts: RequestFacts): Promise<RpcResult> {
    const reader = this.readerFor(call);
    if (!reader) return this.opts.threads.perform(call, facts);
    const started = performance.now();
    // The back office is in this thread: the call runs to its end before callUpstream returns.
    const answer = callUpstream(reader.upstream, call, this.opts.upstreamTimeoutMs);
    this.waited(performance.now() - started);
    let raw: RawResult;
    try {
      raw = await answer;
    } catch (err) {
      if (err instanceof BusinessRefusal) throw err;
      this.count.failed++;
      this.failed(call.key.client, reader, err);
      return this.opts.threads.perform(call, facts);
    }
    this.count.here++;
    return normalizeResult(call.op, raw, reader.upstream);
  }

  /** Client ids the main thread holds a connection for. */
  openClients(): string[] {
    return [...this.readers.keys()];
  }

  close(): void {
    clearInterval(this.sweeper);
    for (const reader of this.readers.values()) reader.db.close();
    this.readers.clear();
  }

  /** The client's reader when the call may be performed here; opened now when it may be. */
  private readerFor(call: GatewayCall): Reader | undefined {
    if (call.idempotencyKey !== undefined || !MAIN_THREAD_READS.has(call.op.name as OperationName)) return undefined;
    const now = performance.now();
    if (!this.pace.allows(now)) return undefined;
    const client = call.key.client;
    const reader = this.readers.get(client);
    if (reader) {
      reader.lastUsed = now;
      return reader;
    }
    return this.mayOpen(client, now) ? this.open(client) : undefined;
  }

  private mayOpen(client: string, now: number): boolean {
    if (this.readers.size >= this.opts.most) return false;
    if (now - (this.failedAt.get(client) ?? Number.NEGATIVE_INFINITY) < RETRY_OPEN_MS) return false;
    return this.opts.held().includes(client);
  }

  /** Connecting blocks this thread too (a few ms, once a client): not weighed in the pace, which is a read's. */
  private open(client: string): Reader | undefined {
    const started = performance.now();
    try {
      const db = PgDb.connect(this.connection, client, this.opts.rowids);
      const upstream = createBackOffice(db, this.opts.timeZone ? { timeZone: this.opts.timeZone } : {});
      const reader = { db, upstream, lastUsed: started };
      this.readers.set(client, reader);
      return reader;
    } catch (err) {
      this.failedAt.set(client, performance.now());
      this.opts.logger.log('warn', 'main thread reads: cannot connect; the threads make them', { client, error: String(err) });
      return undefined;
    }
  }

  /**
   * A read failed here. Cut by its timeout (57014) or a lock it waited for (55P03): the pace
   * weighs it. Anything else (a lost connection, a shop moved out, a listed read that does more
   * than read) lets the connection go, and the shop's reads go to the threads for a while.
   */
  private failed(client: string, reader: Reader, err: unknown): void {
    const cause = err instanceof Error && err.cause !== undefined ? err.cause : err;
    const code = cause instanceof PgError ? cause.code : undefined;
    if (code === '57014' || code === '55P03') return;
    this.readers.delete(client);
    this.failedAt.set(client, performance.now());
    reader.db.close();
    this.opts.logger.log('warn', 'main thread reads: a read failed; the threads make them for a while', {
      client,
      error: String(cause),
    });
  }

  private waited(ms: number): void {
    const average = this.pace.waited(ms, performance.now());
    if (average === undefined) return;
    this.opts.logger.log('warn', 'main thread reads: PostgreSQL answers slowly; the threads make them for a while', {
      averageMs: Number(average.toFixed(2)),
      pauseMs: PAUSE_MS,
    });
  }

  private sweep(): void {
    const before = performance.now() - this.opts.idleMs;
    for (const [client, reader] of this.readers) {
      if (reader.lastUsed >= before) continue;
      this.readers.delete(client);
      reader.db.close();
    }
  }
}
