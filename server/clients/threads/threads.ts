/**
 * Many transactions in flight in one service process on PostgreSQL (issue 24, item 2). The back
 * office's code is synchronous and waits for each statement's answer, so a process that ran it in
 * its main thread performed one call at a time: a lookup waited behind every close. Instead the
 * main thread keeps HTTP, admission, the key, the contract's checks and the rate limit, and hands
 * each checked call to one of N back office threads (thread.ts), each holding back offices — and so
 * PostgreSQL connections — of its own within an equal share of the process's budget.
 *
 * - A call goes to a free thread that holds its client open, else to the free thread holding the
 *   fewest; a thread takes one call at a time, so a slow call stops only its own thread. A client
 *   open in a busy thread is opened again in a free one (a copy) only when that thread has room
 *   and either the client's own calls keep more threads busy than hold it (its share of the recent
 *   calls, CallShares: one busy shop's lookups beside its close), or every thread holding it is
 *   stuck (STUCK_MS) in a call. A call that merely waits behind another shop's call waits for it:
 *   opening a back office (an I/O thread, a connection, the schema's check, its fiscal link) blocks
 *   its thread for 50 ms to over a second on a loaded machine. Copying any call that had waited
 *   500 ms fed itself with many shops: each copy's open kept the shops of its thread waiting past
 *   the delay, so they were copied in turn, and the opens grew longer as they piled up (bench:pg's
 *   100 clients over 4 threads: 2–30 requests/s against 42–76 with none, 19 opens in 6 s, each
 *   100–1,258 ms). Nor is a client copied into a thread with no room: that would close another
 *   client there. Calls that find no thread wait in a
 *   bounded queue here, first come first served among those a freed thread may take, at most
 *   `waitMs` (5 s): then, or with the queue full, they are refused as a back office pool at its
 *   bound is (BackOfficesBusy: UPSTREAM_FAILURE, Retry-After, nothing performed). A write that
 *   waits for its shop's write under way (writesPerClient) waits without that bound, as it did
 *   when a process ran one call at a time.
 * - Two threads may hold the same client; its reads run in any, its writes one at a time by
 *   default (writesPerClient, below), as one process did before. With more, two threads may hold
 *   even the same Idempotency-Key at once (two sends of one write): PostgreSQL decides, as between
 *   two processes — the write and its record commit in one SERIALIZABLE transaction, the loser
 *   runs again and answers from the record.
 * - A thread that dies is replaced (after 1 s, doubling while replacements die young, as
 *   server/workers.ts does for processes); the call it was performing is answered
 *   UPSTREAM_FAILURE (retryable with the same key). Its transaction commits whole or not at all:
 *   PostgreSQL rolls back a transaction whose connection ends before its COMMIT.
 *
 * What crosses is plain data, checked on both sides (protocol.ts).
 */
import { Worker } from 'node:worker_threads';
import type { RpcResult } from '../../../shared/contract/index.js';
import type { Level, Logger } from '../../../shared-node/log/logger.js';
import { busyRefusal, type CallPerformer, type GatewayCall } from '../../gateway/perform-call.js';
import { BackOfficesBusy, type RequestFacts } from '../../gateway/types.js';
import { UpstreamError } from '../../upstream/upstream.js';
import { nextRestartDelay } from '../../workers.js';
import { CallShares } from './call-shares.js';
import {
  type ClientHealth,
  fromThreadOf,
  type Outcome,
  outcomeOf,
  ProtocolBreach,
  rpcErrorOf,
  type ToThread,
  toCallData,
} from './protocol.js';
import type { ThreadSetup } from './thread.js';

/** Beside this module from the sources (a tsx bootstrap), beside cli.mjs in the bundle (the compiled thread). */
const THREAD_FILE = new URL('./back-office-thread.mjs', import.meta.url);

/**
 * Calls waiting for a thread, at most, per thread: past it a call is refused at once rather than
 * held (the HTTP layer admits 512 connections; a queue that long would only time out).
 */
const QUEUED_PER_THREAD = 64;

/** How long a closing thread may take to close its back offices before it is stopped. */
const CLOSE_MS = 10_000;

const LEVELS: readonly Level[] = ['debug', 'info', 'warn', 'error'];

export interface ThreadsOptions {
  readonly threads: number;
  /**
   * Writes of one client performed at once in this process (default 1). Every close of a shop
   * touches its tills' cash box and shift rows, so two at once mostly make one lose a SERIALIZABLE
   * race and run again (bench:pg: 84 of 138 with 4 threads): one at a time costs a wait of one
   * write, and its reads still go to other threads. Raise it once those rows stop conflicting.
   */
  readonly writesPerClient?: number;
  /** Each thread's setup; `most` is its own share of connections. */
  readonly setup: Omit<ThreadSetup, 'levels'>;
  readonly logger: Logger;
}

type Message = Exclude<ToThread, { kind: 'close' }> extends infer M ? (M extends { n: number } ? Omit<M, 'n'> : never) : never;

/**
 * A call that has run this long in the thread holding a client, on a back office that was open
 * already, is stuck (a lock, a slow statement) rather than busy: the client's waiting calls may
 * then have a copy opened in a free thread. Far longer than a close takes on a loaded machine
 * (bench:pg's p99 ~200 ms); a thread opening a back office is never counted as stuck (mayOpen).
 */
const STUCK_MS = 2000;

interface Job {
  readonly n: number;
  readonly client: string;
  readonly message: Message;
  /** A write (it carries an Idempotency-Key): counted against writesPerClient. */
  readonly write: boolean;
  readonly resolve: (outcome: Outcome) => void;
  readonly reject: (err: unknown) => void;
  timer?: NodeJS.Timeout;
}

interface Slot {
  readonly index: number;
  worker: Worker | undefined;
  ready: boolean;
  job: Job | undefined;
  /** When its call started (performance.now()), and whether it opened the call's client. */
  started: number;
  opening: boolean;
  /** The clients whose back office the thread holds, as it last said. */
  open: ReadonlySet<string>;
  born: number;
  restartDelay: number | undefined;
  /** Told when the thread has closed its back offices (or exited). */
  closed: (() => void) | undefined;
}

export class BackOfficeThreads implements CallPerformer {
  private readonly slots: Slot[];
  private queue: Job[] = [];
  private calls = 0;
  private readonly shares = new CallShares();
  /** Writes being performed now, per client. */
  private readonly writing = new Map<string, number>();
  private closing = false;
  private readonly setup: ThreadSetup;

  private constructor(private readonly opts: ThreadsOptions) {
    const { logger } = opts;
    this.setup = { ...opts.setup, levels: LEVELS.filter((l) => logger.enabled?.(l) ?? true) };
    this.slots = Array.from({ length: opts.threads }, (_, index) => ({
      index,
      worker: undefined,
      ready: false,
      job: undefined,
      started: 0,
      opening: false,
      open: new Set<string>(),
      born: 0,
      restartDelay: undefined,
      closed: undefined,
    }));
  }

  /** Starts the threads and resolves once every one is ready to take calls. */
  static async start(opts: ThreadsOptions): Promise<BackOfficeThreads> {
    if (!Number.isInteger(opts.threads) || opts.threads < 1) throw new RangeError('back office threads: at least 1');
    const threads = new BackOfficeThreads(opts);
    try {
      await Promise.all(threads.slots.map((slot) => threads.spawn(slot)));
    } catch (err) {
      await threads.close();
      throw err;
    }
    return threads;
  }

  get size(): number {
    return this.slots.length;
  }

  async perform(call: GatewayCall, facts: RequestFacts): Promise<RpcResult> {
    let outcome: Outcome;
    try {
      outcome = await this.submit(call.key.client, { kind: 'call', call: toCallData(call) }, call.idempotencyKey !== undefined);
    } catch (err) {
      if (err instanceof BackOfficesBusy) throw busyRefusal(err, facts);
      throw err;
    }
    if ('health' in outcome) throw new UpstreamError(new ProtocolBreach('a health for a call').message, true);
    if (outcome.facts.replayed) facts.replayed = true;
    if (outcome.facts.cause !== undefined) facts.cause = outcome.facts.cause;
    if (!outcome.ok) throw rpcErrorOf(outcome.error);
    return outcome.result;
  }

  /** A client's health, from a thread that opens its back office (GET /healthz/clients/<id>). */
  async health(client: string): Promise<ClientHealth> {
    try {
      const outcome = await this.submit(client, { kind: 'health', client }, false);
      return 'health' in outcome ? outcome.health : { ok: false };
    } catch {
      return { ok: false };
    }
  }

  /** Client ids whose back office some thread holds open, as the threads last said. */
  openClients(): string[] {
    return [...new Set(this.slots.flatMap((s) => [...s.open]))];
  }

  /**
   * Stops a thread at once, as a crash would (its call is answered UPSTREAM_FAILURE, a replacement
   * starts): what the tests of a dying thread do.
   */
  async terminate(index: number): Promise<void> {
    await this.slots[index]?.worker?.terminate();
  }

  /** Closes every thread's back offices and stops the threads (the service stops; requests were drained). */
  async close(): Promise<void> {
    this.closing = true;
    for (const job of this.queue.splice(0)) {
      clearTimeout(job.timer);
      job.reject(new Error('the service is stopping'));
    }
    await Promise.all(this.slots.map((slot) => this.closeSlot(slot)));
  }

  private submit(client: string, message: Message, write: boolean): Promise<Outcome> {
    return new Promise((resolve, reject) => {
      if (this.closing) {
        reject(new Error('the service is stopping'));
        return;
      }
      const job: Job = { n: ++this.calls, client, message, write, resolve, reject };
      this.shares.note(client);
      const startable = this.mayStart(job);
      const slot = startable ? this.freeSlotFor(job) : undefined;
      if (slot) {
        this.run(slot, job);
        return;
      }
      const most = QUEUED_PER_THREAD * this.slots.length;
      if (this.queue.length >= most) {
        reject(new BackOfficesBusy(`all ${this.slots.length} back office threads are busy and ${most} calls wait for them`));
        return;
      }
      this.queue.push(job);
      // Offered again once its client's busy threads count as stuck, even if none frees meanwhile.
      if (startable) setTimeout(() => this.drain(), STUCK_MS + 1).unref();
      // A write behind its shop's write under way waits as it did in one thread, bounded by the
      // request's own limits: only a call that finds every thread busy is refused after waitMs.
      if (!startable) return;
      const { waitMs } = this.setup;
      job.timer = setTimeout(() => {
        this.queue = this.queue.filter((j) => j !== job);
        this.opts.logger.log('warn', 'no back office thread free', { client, waitedMs: waitMs, queued: this.queue.length });
        reject(new BackOfficesBusy(`all ${this.slots.length} back office threads were busy for ${waitMs} ms`));
      }, waitMs);
    });
  }

  /**
   * A free thread holding the call's client; else the free thread holding the fewest, if it may
   * open the client (mayOpen); else none: the call waits for a thread that holds it.
   */
  private freeSlotFor(job: Job): Slot | undefined {
    let best: Slot | undefined;
    for (const slot of this.slots) {
      if (!slot.ready || slot.job) continue;
      if (slot.open.has(job.client)) return slot;
      if (!best || slot.open.size < best.open.size) best = slot;
    }
    return best && this.mayOpen(best, job) ? best : undefined;
  }

  /**
   * Whether `slot` may open the call's client: when no thread holds it (someone must); or as a copy
   * when the slot has room and either the client's share of the recent calls needs more threads
   * than hold it (one busy shop), or every thread holding it is stuck (STUCK_MS) in a call on a
   * back office it had open. Never because a holder is opening a back office: an open blocks its
   * thread, and copying every client waiting behind one opened more, each blocking another thread.
   */
  private mayOpen(slot: Slot, job: Job): boolean {
    const holders = this.slots.filter((s) => s.open.has(job.client));
    if (holders.length === 0) return true;
    if (slot.open.size >= this.setup.most) return false;
    if (this.shares.of(job.client) * this.slots.length > holders.length) return true;
    const now = performance.now();
    return holders.every((s) => s.job !== undefined && !s.opening && now - s.started >= STUCK_MS);
  }

  /** Whether the job may start now: a read always, a write while its client has fewer under way than allowed. */
  private mayStart(job: Job): boolean {
    return !job.write || (this.writing.get(job.client) ?? 0) < (this.opts.writesPerClient ?? 1);
  }

  /** A job ended (answered, or its thread died): its client may start another write. */
  private ended(job: Job): void {
    if (!job.write) return;
    const n = (this.writing.get(job.client) ?? 1) - 1;
    if (n > 0) this.writing.set(job.client, n);
    else this.writing.delete(job.client);
  }

  private run(slot: Slot, job: Job): void {
    clearTimeout(job.timer);
    if (job.write) this.writing.set(job.client, (this.writing.get(job.client) ?? 0) + 1);
    slot.job = job;
    slot.started = performance.now();
    slot.opening = !slot.open.has(job.client);
    slot.worker?.postMessage({ ...job.message, n: job.n } satisfies ToThread);
  }

  /** The oldest waiting call a thread that just became free may take: one of its clients, or one it may open. */
  private next(slot: Slot): void {
    const i = this.queue.findIndex((j) => this.mayStart(j) && (slot.open.has(j.client) || this.mayOpen(slot, j)));
    if (i < 0) return;
    const [job] = this.queue.splice(i, 1);
    if (job) this.run(slot, job);
  }

  /** Offers the waiting calls to every free thread: what one may take changes as threads open, close or die. */
  private drain(): void {
    for (const slot of this.slots) if (slot.ready && !slot.job && this.queue.length > 0) this.next(slot);
  }

  private spawn(slot: Slot): Promise<void> {
    return new Promise((resolve, reject) => {
      const { logger } = this.opts;
      const worker = new Worker(THREAD_FILE, { workerData: this.setup });
      // The service's HTTP server keeps the process alive; a thread alone never does.
      worker.unref();
      slot.worker = worker;
      slot.born = Date.now();
      worker.on('message', (raw: unknown) => {
        let m: ReturnType<typeof fromThreadOf>;
        try {
          m = fromThreadOf(raw);
        } catch (err) {
          logger.log('error', 'back office thread', { thread: slot.index, error: String(err) });
          return;
        }
        if (m.kind === 'ready') {
          slot.ready = true;
          resolve();
          if (!this.closing) this.next(slot);
        } else if (m.kind === 'log') logger.log(m.level, m.msg, { ...m.fields, thread: slot.index });
        else if (m.kind === 'closed') slot.closed?.();
        else if (m.kind === 'open') {
          slot.open = new Set(m.open);
          if (!this.closing) this.drain();
        } else this.answered(slot, m.n, m.outcome);
      });
      worker.on('error', (err) => logger.log('error', 'back office thread failed', { thread: slot.index, error: String(err) }));
      worker.on('exit', (code) => {
        const job = slot.job;
        slot.worker = undefined;
        slot.ready = false;
        slot.job = undefined;
        slot.open = new Set();
        slot.closed?.();
        if (job) this.ended(job);
        reject(new Error(`back office thread ${slot.index} exited (code ${code}) before it was ready`));
        job?.reject(
          new UpstreamError(
            `the back office thread ${slot.index} stopped (exit code ${code}) while it performed this call`,
            true,
          ),
        );
        if (this.closing) return;
        // Its clients are held nowhere now: a waiting call for one may go to any free thread.
        this.drain();
        const delay = nextRestartDelay(slot.restartDelay, Date.now() - slot.born);
        slot.restartDelay = delay;
        logger.log('warn', 'back office thread exited', { thread: slot.index, code, restartInMs: delay });
        setTimeout(() => {
          if (!this.closing) this.spawn(slot).catch(() => undefined);
        }, delay).unref();
      });
    });
  }

  private answered(slot: Slot, n: number, raw: unknown): void {
    const job = slot.job;
    if (!job || job.n !== n) {
      this.opts.logger.log('error', 'back office thread', { thread: slot.index, error: `an answer to call ${n}, not asked` });
      return;
    }
    slot.job = undefined;
    this.ended(job);
    try {
      job.resolve(outcomeOf(raw));
    } catch (err) {
      job.reject(new UpstreamError(String((err as Error).message), true));
    }
    // Every free thread, not this one alone: a write that waited for this one may go to any.
    if (!this.closing) this.drain();
  }

  private closeSlot(slot: Slot): Promise<void> {
    const worker = slot.worker;
    if (!worker) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => void worker.terminate(), CLOSE_MS);
      slot.closed = () => {
        clearTimeout(timer);
        resolve();
      };
      worker.postMessage({ kind: 'close' } satisfies ToThread);
    }).then(() => worker.terminate().then(() => undefined));
  }
}
