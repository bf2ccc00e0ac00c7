/**
 * Sends the outbox to the service, in id order as far as order matters. Writes depend on each
 * other across groups (the service refuses a sale after its shift closed; a return must find its
 * sale; a sale paid with a card's bonus must find the sale that earned it), so which writes may
 * overtake others is declared from the method and its params (dependencies.ts), conservatively:
 *  - a plain sale's writes (a line, a cash or bank-card close, its payment split, naming no
 *    customer card, bonus, debt, certificate or excise stamp) are independent: sales go side by
 *    side, up to `concurrency` sends in flight, and each waits for every earlier item of its
 *    group (and of its sale document) to be answered, so a sale's writes keep their order;
 *  - every other write is a barrier: shift open and close, X and Z reports, cash in and out,
 *    returns, certificates, anything naming a card's bonus or debt, settings and catalogue
 *    changes, stamps, sign-ins, and whatever the contract adds. It is sent once every earlier item
 *    of the batch was answered (or given up, below), and no later item starts before it is.
 * With `concurrency` 1 this is exactly one send at a time in id order.
 *
 * A transient failure keeps the line and backs off: nothing more starts, what is in flight is
 * answered and stored, and the line waits for the head. A refusal or an unknown outcome sets the
 * item aside and only its own group waits with it, a barrier's as any other's: what it would have
 * held back goes on, as it did when everything went one at a time (a refused shift close leaves
 * the shift open, and the sales after it are sent to it). A missing or rejected API key pauses
 * the whole line until kick(), because refusing sales for good over a key someone is about to
 * replace would lose them.
 *
 * While the service answers, the line goes in batches: one commit marks up to `batchSize` items
 * sending, they are sent as above, and one commit stores their outcomes, which are told
 * (onChange, waitFor) only then; a batch is a barrier to the next. An outcome lost to a crash
 * before its commit leaves the item sending, so it is sent again under its key: the service
 * answers a done write with its stored result, and an unknown one as unknown; a refusal is not
 * stored there and is decided again, as if the first send had not arrived. The first send after
 * the line was empty or a send was not answered goes alone, so an outage shows one item sending,
 * not a batch.
 */

import type { QueueItem, QueueState } from '../../../shared/bridge/api.js';
import { op } from '../../../shared/contract/op.js';
import { failedBeforeAnswer } from '../rpc/classify.js';
import type { RpcClient } from '../rpc/client.js';
import { type CallOutcome, needsKey, unreachable } from '../rpc/outcome.js';
import { type Backoff, backoffDelay } from './backoff.js';
import { type Dependency, dependencyOf } from './dependencies.js';
import { QueueItemError } from './errors.js';
import type { OutboxStore, Pending } from './store.js';

export type DrainerConnection = 'online' | 'offline' | 'unauthorized';

export interface DrainerOptions {
  clock?: () => number;
  random?: () => number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** The most items sent between two commits of the outbox while the service answers (default 16). */
  batchSize?: number;
  /** The most sends in flight at once, within a batch (default 4; 1 sends one after another in id order). */
  concurrency?: number;
  /** Every change the drainer makes to an item (sending, and each outcome). */
  onChange?: (item: QueueItem) => void;
  /** Called when what the last send says about the service changes. */
  onConnection?: (state: DrainerConnection) => void;
  /** Faults of the desk itself (the local database, a listener): the drainer backs off and goes on. */
  onError?: (err: unknown) => void;
  /** The service the till works with now: only writes made for it are sent (all when absent). */
  service?: () => string;
}

export const DEFAULT_BASE_DELAY_MS = 1000;
export const DEFAULT_MAX_DELAY_MS = 30_000;
export const DEFAULT_BATCH_SIZE = 16;
export const DEFAULT_CONCURRENCY = 4;
/**
 * After this many sends that the service answered with its own failure (502, 500), an item whose
 * failure is not the service's — the service answers a ping meanwhile — is set aside for a person:
 * one bad item must not hold the till's line for ever. An outage fails the ping too and waits.
 */
export const POISON_ATTEMPTS = 8;

/** The service answered, and the answer was its own failure rather than "later" or "not you". */
const serviceFault = (o: CallOutcome): o is Extract<CallOutcome, { kind: 'retry' }> =>
  o.kind === 'retry' && o.status !== null && (o.error.code === 'UPSTREAM_FAILURE' || o.error.code === 'INTERNAL');

interface BatchOutcome {
  readonly outcomes: Array<{ item: QueueItem; outcome: CallOutcome }>;
  readonly unsent: QueueItem[];
  /** A send was answered "later": the line waits. */
  readonly halted: boolean;
}

type Step = { kind: 'sent' } | { kind: 'idle' } | { kind: 'paused' } | { kind: 'wait'; until: number };

const isPending = (state: QueueState) => state === 'queued' || state === 'sending';

/** When an item may be sent again by its own backoff (0: now). */
const dueAt = (p: Pending) => (p.item.nextAttemptAt === null ? 0 : Date.parse(p.item.nextAttemptAt));

export class OutboxDrainer {
  private readonly clock: () => number;
  private readonly backoff: Backoff;
  private readonly batchSize: number;
  private readonly concurrency: number;
  private running = false;
  private stopping = false;
  private paused = false;
  /** The last batch was answered without a retry and more followed: the next may be whole, else one item. */
  private flowing = false;
  /** Set by kick(): the head is tried without waiting out our own backoff. */
  private kicked = false;
  /** The service's own Retry-After, which a kick does not override. */
  private serviceWaitUntil = 0;
  private connection: DrainerConnection | undefined;
  private errorStreak = 0;
  /**
   * Items are left sending, which no step picks, until they are put back in line: by a process that
   * died (at start), or by a batch whose outcomes the disk would not store (full or failing) and
   * which it would not put back either. The next step does it first, and backs off while it fails.
   */
  private unrecorded = false;
  /** Serialises the batches: one at a time, whoever asks (the loop or drainOnce). */
  private chain: Promise<unknown> = Promise.resolve();
  private loopDone: Promise<void> = Promise.resolve();
  private wake: (() => void) | undefined;
  private woken = false;
  private readonly waiters = new Map<number, Set<(item: QueueItem) => void>>();

  constructor(
    private readonly store: OutboxStore,
    private readonly client: Pick<RpcClient, 'call'>,
    private readonly opts: DrainerOptions = {},
  ) {
    this.clock = opts.clock ?? Date.now;
    this.batchSize = Math.max(1, opts.batchSize ?? DEFAULT_BATCH_SIZE);
    this.concurrency = Math.max(1, opts.concurrency ?? DEFAULT_CONCURRENCY);
    this.backoff = {
      baseMs: opts.baseDelayMs ?? DEFAULT_BASE_DELAY_MS,
      maxMs: opts.maxDelayMs ?? DEFAULT_MAX_DELAY_MS,
      random: opts.random ?? Math.random,
    };
  }

  /**
   * Starts draining. Items left `sending` are put back in line first: this drainer is the only
   * sender (the app holds a single-instance lock), so any such item belongs to a process that died.
   */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.unrecorded = true;
    this.loopDone = this.loop();
  }

  /** Something was enqueued, retried or reconciled, or the network or key changed: try now. */
  kick(): void {
    this.paused = false;
    this.kicked = true;
    this.woken = true;
    this.wake?.();
  }

  /** Lets an in-flight send finish and record its outcome, then stops. */
  async stop(): Promise<void> {
    this.running = false;
    this.stopping = true;
    this.wake?.();
    try {
      await this.loopDone;
      await this.chain;
    } finally {
      this.stopping = false;
    }
    // Whoever still waits for an answer is told the item as it stands now: after stop the store
    // may close, and a waiter's timer must not read it then.
    for (const [id, set] of [...this.waiters]) {
      const item = this.store.get(id);
      if (item) for (const settle of [...set]) settle(item);
    }
  }

  /** Resolves with the item once it leaves queued/sending, or as it is after `ms`. */
  /**
   * The item as the outbox has it now, or as it was when the wait began if the outbox cannot be read
   * (a failing disk): it was stored, so "still on its way" is true either way, and a timer's throw
   * would end the process.
   */
  private lastKnown(id: number, before: QueueItem): QueueItem {
    try {
      return this.store.get(id) ?? before;
    } catch (err) {
      this.report(err);
      return before;
    }
  }

  waitFor(id: number, ms: number): Promise<QueueItem> {
    const item = this.store.get(id);
    if (!item) return Promise.reject(new QueueItemError('not_found', `queue item ${id} does not exist`));
    if (!isPending(item.state)) return Promise.resolve(item);
    return new Promise((resolve) => {
      const set = this.waiters.get(id) ?? new Set();
      this.waiters.set(id, set);
      const settle = (it: QueueItem) => {
        clearTimeout(timer);
        set.delete(settle);
        if (set.size === 0) this.waiters.delete(id);
        resolve(it);
      };
      const timer = setTimeout(() => settle(this.lastKnown(id, item)), ms);
      set.add(settle);
    });
  }

  /** Sends the next eligible item, or batch of items (see above), if due; true when something was sent. */
  async drainOnce(): Promise<boolean> {
    return (await this.exclusive(() => this.step())).kind === 'sent';
  }

  private async loop(): Promise<void> {
    while (this.running) {
      this.woken = false;
      let step: Step;
      try {
        step = await this.exclusive(() => this.step());
        this.errorStreak = 0;
      } catch (err) {
        this.report(err);
        this.errorStreak += 1;
        step = {
          kind: 'wait',
          until: this.clock() + Math.max(this.backoff.baseMs, backoffDelay(this.errorStreak, this.backoff)),
        };
      }
      if (!this.running) break;
      if (step.kind === 'sent' || this.woken) continue;
      // Idle, the loop still looks now and then: a kick the core forgot must not leave a sale unsent.
      if (step.kind === 'idle') await this.sleep(this.backoff.maxMs);
      else await this.sleep(step.kind === 'wait' ? step.until - this.clock() : null);
    }
  }

  private sleep(ms: number | null): Promise<void> {
    return new Promise((resolve) => {
      const timer = ms === null ? undefined : setTimeout(() => done(), Math.max(0, ms));
      const done = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      this.wake = done;
    });
  }

  private async step(): Promise<Step> {
    if (this.paused) return { kind: 'paused' };
    if (this.unrecorded) {
      this.store.recoverAfterCrash();
      this.unrecorded = false;
    }
    const service = this.opts.service?.();
    const line = this.store.nextInLine(service, this.flowing ? this.batchSize : 1);
    const head = line[0];
    if (!head) {
      this.kicked = false;
      // Whatever comes next may find the service gone: it goes alone first.
      this.flowing = false;
      return { kind: 'idle' };
    }
    const now = this.clock();
    const due = Math.max(this.kicked ? 0 : dueAt(head), this.serviceWaitUntil);
    if (due > now) return { kind: 'wait', until: due };
    this.kicked = false;
    // Behind the head, the batch ends at the first item still backing off: the line waits for it.
    const stop = line.findIndex((p, i) => i > 0 && dueAt(p) > now);
    const batch = stop === -1 ? line : line.slice(0, stop);

    const sending = this.store.inOneCommit(() => batch.map((p) => this.store.markSending(p.item.id)));
    for (const item of sending) this.changed(item);
    const { outcomes, unsent, halted } = await this.sendBatch(sending, batch, service);
    this.flowing = !halted;
    // What the answers say about the service, a retry last: it decides the wait, as when it ended the
    // line. Answers of a service the till left meanwhile say nothing of the one it works with now.
    const current = this.opts.service === undefined || this.opts.service() === service;
    if (current)
      for (const { outcome } of [...outcomes].sort(
        (a, b) => Number(a.outcome.kind === 'retry') - Number(b.outcome.kind === 'retry'),
      ))
        this.observe(outcome);
    let recorded: QueueItem[];
    try {
      recorded = this.store.inOneCommit(() => [
        ...outcomes.map(({ item, outcome }) => this.record(item, outcome)),
        ...unsent.map((item) => this.store.unsend(item.id)),
      ]);
    } catch (err) {
      // The outcomes could not be stored: back in line under their keys, where the service's stored answers will decide.
      this.flowing = false;
      this.unrecorded = true;
      try {
        this.store.recoverAfterCrash();
        this.unrecorded = false;
      } catch {}
      throw err;
    }
    for (const item of recorded) this.changed(item);
    return { kind: 'sent' };
  }

  /**
   * Sends a batch marked sending: up to `concurrency` at a time, each item once no earlier item
   * it depends on (dependencies.ts) is still unanswered or unsent, a barrier once every earlier
   * item is. Nothing new starts after a retry, or once stopping or the service changed; what was
   * not started is unsent. Outcomes come back in id order.
   */
  private async sendBatch(sending: QueueItem[], batch: Pending[], service: string | undefined): Promise<BatchOutcome> {
    const deps = batch.map(dependencyOf);
    const answers: Array<CallOutcome | undefined> = [];
    /** Not answered yet and not given up: what later items may have to wait for. */
    const open = new Set(sending.map((_, i) => i));
    const started = new Set<number>();
    /** Groups that wait behind an item of this batch set aside. */
    const held = new Set<string>();
    const unsent = new Set<number>();
    let halted = false;
    let inFlight = 0;
    let wake: (() => void) | undefined;

    const blocked = (i: number): boolean => {
      const dep = deps[i] as Dependency;
      for (const j of open) {
        if (j >= i) break;
        if (dep.barrier) return true;
        const earlier = deps[j] as Dependency;
        if (earlier.barrier || earlier.keys.some((k) => dep.keys.includes(k))) return true;
      }
      return false;
    };
    const start = (i: number) => {
      const item = sending[i] as QueueItem;
      started.add(i);
      inFlight += 1;
      const sent = this.send(item, batch[i] as Pending).catch(() =>
        failedBeforeAnswer('network', 'the call failed inside the desk; it is sent again under the same key'),
      );
      void sent.then((outcome) => {
        answers[i] = outcome;
        inFlight -= 1;
        open.delete(i);
        if (outcome.kind === 'retry') halted = true;
        else if (outcome.kind !== 'ok') held.add(item.group);
        wake?.();
      });
    };
    for (;;) {
      // Stopping, or the till now works with another service: what has not started waits for later.
      const cut = halted || (started.size > 0 && (this.stopping || this.opts.service?.() !== service));
      for (const i of [...open]) {
        if (started.has(i)) continue;
        // Behind an item of its group set aside in this batch (answered, so nothing of the group is in flight).
        if (cut || held.has((sending[i] as QueueItem).group)) {
          open.delete(i);
          unsent.add(i);
          continue;
        }
        if (inFlight >= this.concurrency) break;
        if (!blocked(i)) start(i);
        else if ((deps[i] as Dependency).barrier) break;
      }
      if (inFlight === 0) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
    const outcomes: BatchOutcome['outcomes'] = [];
    for (const [i, item] of sending.entries()) {
      const outcome = answers[i];
      if (outcome) outcomes.push({ item, outcome });
    }
    return { outcomes, unsent: sending.filter((_, i) => unsent.has(i)), halted };
  }

  private async send(sending: QueueItem, next: Pending): Promise<CallOutcome> {
    let outcome: CallOutcome;
    try {
      outcome = await this.client.call(sending.method, next.params, {
        idempotencyKey: sending.idempotencyKey,
        ...(sending.cashier ? { cashier: sending.cashier.id } : {}),
        ...(next.confirmation === null ? {} : { confirmation: next.confirmation }),
      });
    } catch (err) {
      this.report(err);
      outcome = failedBeforeAnswer('network', 'the call failed inside the desk; it is sent again under the same key');
    }
    if (serviceFault(outcome) && sending.attempts >= POISON_ATTEMPTS && (await this.serviceAnswers())) {
      // Whether a remote back office performed it is unknown: a person checks, then retries under the same key.
      outcome = {
        kind: 'unknown',
        status: outcome.status ?? 502,
        error: {
          ...outcome.error,
          message: `${outcome.error.message} (set aside after ${sending.attempts} attempts: the service answers other calls but keeps failing on this one)`,
        },
      };
    }
    return outcome;
  }

  /** What an answer says about the service: its Retry-After, the connection, a key to replace. */
  private observe(outcome: CallOutcome): void {
    this.serviceWaitUntil = outcome.kind === 'retry' && outcome.retryAfterMs !== null ? this.clock() + outcome.retryAfterMs : 0;
    if (outcome.kind === 'ok' || outcome.kind === 'unknown') this.connected('online');
    // Refused locally (status null) says nothing about the service.
    else if (outcome.kind === 'refused') {
      if (outcome.status !== null) this.connected('online');
    } else if (needsKey(outcome)) {
      this.paused = true;
      this.connected('unauthorized');
    } else this.connected(unreachable(outcome) ? 'offline' : 'online');
  }

  private record(item: QueueItem, outcome: CallOutcome): QueueItem {
    switch (outcome.kind) {
      case 'ok':
        return this.store.markDone(item.id, outcome.result);
      case 'refused':
        return this.store.setAside(item.id, 'refused', outcome.error);
      case 'unknown':
        return this.store.setAside(item.id, 'reconcile', outcome.error);
      case 'retry': {
        if (needsKey(outcome)) return this.store.requeue(item.id, outcome.error, null);
        const wait = Math.max(outcome.retryAfterMs ?? 0, backoffDelay(item.attempts, this.backoff));
        return this.store.requeue(item.id, outcome.error, this.clock() + wait);
      }
    }
  }

  private async serviceAnswers(): Promise<boolean> {
    try {
      return (await this.client.call(op.service.ping, {})).kind === 'ok';
    } catch {
      return false;
    }
  }

  private changed(item: QueueItem): void {
    try {
      this.opts.onChange?.(item);
    } catch (err) {
      this.report(err);
    }
    if (isPending(item.state)) return;
    for (const settle of [...(this.waiters.get(item.id) ?? [])]) settle(item);
  }

  private connected(state: DrainerConnection): void {
    if (state === this.connection) return;
    this.connection = state;
    try {
      this.opts.onConnection?.(state);
    } catch (err) {
      this.report(err);
    }
  }

  private report(err: unknown): void {
    this.opts.onError?.(err);
  }

  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.chain.then(fn);
    this.chain = run.catch(() => undefined);
    return run;
  }
}
