/**
 * Model-based test of the outbox: random sequences of enqueues, sends answered in every way the
 * service can answer, crashes in the middle of a send, clean restarts, kicks, purges and a
 * person's retries and reconciliations, checked after every step against a model of what the
 * queue and an idempotent service must hold. A crash keeps only what SQLite committed: the
 * database is serialised and reopened, and the drainer's memory is dropped. Groups a and b are
 * plain sales, which go side by side (dependencies.ts); c's writes are barriers.
 */
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QUEUE_STATES, type QueueState } from '../../../shared/bridge/api.js';
import type { Db } from '../../../shared-node/sqlite/open.js';
import { openDatabase } from '../../../shared-node/sqlite/open.js';
import { OutboxDrainer } from './drainer.js';
import { OutboxStore } from './store.js';
import { BEHAVIOURS, type Behaviour, type Crash, FakeService } from './testing/fake-service.js';
import { CLEAR_STAMPS, lineParams, SALE_LINE } from './testing/scripted-client.js';

const GROUPS = ['a', 'b', 'c'] as const;
/** The groups whose writes are a plain sale's: independent of the others. */
const SALES = new Set<string>(['a', 'b']);
const barrier = (group: string) => !SALES.has(group);
const OPEN: readonly QueueState[] = ['queued', 'sending', 'refused', 'reconcile'];
const HOUR = 3_600_000;
/** A small batch, so that histories fill it, break it off and crash in it often. */
const BATCH = 3;
/** Fewer than a batch, so that the bound holds sends back too. */
const CONCURRENCY = 2;

interface ModelItem {
  readonly id: number;
  readonly group: string;
  state: QueueState;
  attempts: number;
}

interface Model {
  items: ModelItem[];
  purged: Set<number>;
  paused: boolean;
  /** The drainer's last batch was answered without a retry: the next one may hold BATCH items. */
  flowing: boolean;
  /** What the service holds for each item (by id): the model of its idempotency records. */
  service: Map<number, 'done' | 'unknown'>;
  performed: Map<number, number>;
}

interface Real {
  now: number;
  db: Db;
  store: OutboxStore;
  drainer: OutboxDrainer;
  readonly service: FakeService;
  /** The key each item got when it was enqueued: it must never change. */
  readonly keys: Map<number, string>;
  readonly violations: string[];
  /** The items that reached the service during the current command, in order. */
  sent: number[];
  /** Their keys: the fake service answers as a call reaches it. */
  readonly reached: Set<string>;
}

type Cmd = fc.AsyncCommand<Model, Real>;

function newReal(): Real {
  const real: Real = {
    now: Date.parse('2026-03-01T09:00:00.000Z'),
    db: openDatabase(':memory:'),
    store: undefined as unknown as OutboxStore,
    drainer: undefined as unknown as OutboxDrainer,
    service: new FakeService(),
    keys: new Map(),
    violations: [],
    sent: [],
    reached: new Set(),
  };
  attach(real, real.db);
  // Every send is checked when it reaches the service: nothing of its group may still be open before it,
  // but an item of the same batch the service answered as done (its done-mark is in the batch's commit).
  real.service.onCall = (key) => {
    const item = real.store.list({ limit: 100_000 }).find((i) => i.idempotencyKey === key);
    if (!item) return void real.violations.push(`key ${key} belongs to no item`);
    real.sent.push(item.id);
    if (real.keys.get(item.id) !== key) real.violations.push(`item ${item.id} was sent under a key it was not given`);
    if (item.state !== 'sending') real.violations.push(`item ${item.id} was sent while ${item.state}`);
    const before = real.store
      .list({ states: OPEN, limit: 100_000 })
      .filter((i) => i.group === item.group && i.id < item.id)
      .filter((b) => !(b.state === 'sending' && real.service.recordOf(b.idempotencyKey) === 'done'));
    for (const b of before) real.violations.push(`item ${item.id} was sent while ${b.id} of its group was ${b.state}`);
    // Side by side only when neither is a barrier: an earlier item of the batch not answered yet may not be passed,
    // unless it stays unsent behind an item of its group the service did not perform (set aside).
    const batch = real.store.list({ states: ['sending'], limit: 100_000 });
    const setAsideBefore = (b: { id: number; group: string }) =>
      batch.some(
        (e) =>
          e.group === b.group &&
          e.id < b.id &&
          real.reached.has(e.idempotencyKey) &&
          real.service.recordOf(e.idempotencyKey) !== 'done',
      );
    const unanswered = batch.filter((b) => b.id < item.id && !real.reached.has(b.idempotencyKey) && !setAsideBefore(b));
    for (const b of unanswered)
      if (barrier(item.group) || barrier(b.group) || b.group === item.group)
        real.violations.push(`item ${item.id} was sent while ${b.id} was not answered yet`);
    real.reached.add(key);
  };
  return real;
}

function attach(real: Real, db: Db) {
  real.db = db;
  real.store = new OutboxStore(db, () => real.now);
  real.drainer = new OutboxDrainer(real.store, real.service, {
    clock: () => real.now,
    random: () => 0.5,
    baseDelayMs: 1000,
    maxDelayMs: 30_000,
    batchSize: BATCH,
    concurrency: CONCURRENCY,
  });
}

/** Only what SQLite committed survives: the file is copied as it is, and everything in memory is dropped. */
function reopen(real: Real) {
  const image = real.db.serialize();
  real.db.close();
  attach(real, new Database(image));
}

/**
 * The items the drainer must mark sending next, in the order it sends them: strict id order,
 * skipping groups behind an open earlier item that is not itself in the line; BATCH of them while
 * the service answers, else one.
 */
function line(m: Model): ModelItem[] {
  const inLine = new Set<number>();
  for (const i of m.items) {
    const before = m.items.filter((b) => b.group === i.group && b.id < i.id && OPEN.includes(b.state));
    if (i.state === 'queued' && before.every((b) => inLine.has(b.id))) inLine.add(i.id);
  }
  return m.items.filter((i) => inLine.has(i.id)).slice(0, m.flowing ? BATCH : 1);
}

const settled = (m: Model, item: ModelItem): 'done' | 'unknown' | undefined => m.service.get(item.id);

function perform(m: Model, item: ModelItem, record: 'done' | 'unknown', performed: boolean) {
  m.service.set(item.id, record);
  if (performed) m.performed.set(item.id, (m.performed.get(item.id) ?? 0) + 1);
}

/** The model's side of one send: what the service does and what the item becomes (queued: a retry). */
function send(m: Model, item: ModelItem, b: Behaviour): QueueState {
  item.attempts += 1;
  if (b === 'unauthorized') {
    m.paused = true;
    return item.state;
  }
  if (b === 'down') return item.state;
  const stored = settled(m, item);
  if (b === 'lost') {
    if (!stored) perform(m, item, 'done', true);
    return item.state;
  }
  if (stored === 'done') item.state = 'done';
  else if (stored === 'unknown') item.state = 'reconcile';
  else if (b === 'ok') {
    perform(m, item, 'done', true);
    item.state = 'done';
  } else if (b === 'unknown-performed' || b === 'unknown-not-performed') {
    perform(m, item, 'unknown', b === 'unknown-performed');
    item.state = 'reconcile';
  } else if (b === 'refused') item.state = 'refused';
  return item.state;
}

/**
 * The items of a batch the drainer starts at once: in line order, at most CONCURRENCY, each once
 * no earlier open item is a barrier or of its group (a barrier: once none is), skipping the groups
 * of items set aside; none after a retry. The fake service answers as a call reaches it, so every
 * send started together is answered before the drainer looks again.
 */
function nextRound(open: ModelItem[], held: ReadonlySet<string>, halted: boolean): ModelItem[] {
  const round: ModelItem[] = [];
  for (const item of [...open]) {
    if (halted || held.has(item.group)) {
      open.splice(open.indexOf(item), 1);
      continue;
    }
    if (round.length >= CONCURRENCY) break;
    const earlier = open.slice(0, open.indexOf(item));
    const blocked = earlier.some((b) => barrier(item.group) || barrier(b.group) || b.group === item.group);
    if (!blocked) round.push(item);
    else if (barrier(item.group)) break;
  }
  return round;
}

/** One batch as the drainer sends it: round after round (above), up to a retry, past the groups of items set aside. */
function sendBatch(m: Model, batch: readonly ModelItem[], b: Behaviour): number[] {
  const sent: number[] = [];
  const held = new Set<string>();
  const open = [...batch];
  let halted = false;
  for (let round = nextRound(open, held, halted); round.length > 0; round = nextRound(open, held, halted)) {
    for (const item of round) {
      sent.push(item.id);
      open.splice(open.indexOf(item), 1);
      const state = send(m, item, b);
      if (state === 'queued') halted = true;
      else if (state !== 'done') held.add(item.group);
    }
  }
  m.flowing = !halted;
  return sent;
}

class Enqueue implements Cmd {
  constructor(readonly group: string) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const id = m.items.length + m.purged.size + 1;
    const item = r.store.enqueue({
      method: SALES.has(this.group) ? SALE_LINE : CLEAR_STAMPS,
      params: SALES.has(this.group) ? lineParams(`s-${this.group}`, String(id)) : { kasm: id },
      group: this.group,
      summary: `item ${id}`,
    });
    expect(item.id).toBe(id);
    r.keys.set(id, item.idempotencyKey);
    m.items.push({ id, group: this.group, state: 'queued', attempts: 0 });
    verify(m, r);
  }
  toString = () => `enqueue(${this.group})`;
}

class Drain implements Cmd {
  constructor(readonly behaviour: Behaviour) {}
  check = () => true;
  async run(m: Model, r: Real) {
    r.now += HOUR;
    r.service.behaviour = this.behaviour;
    r.sent = [];
    r.reached.clear();
    const batch = m.paused ? [] : line(m);
    expect(await r.drainer.drainOnce()).toBe(batch.length > 0);
    const sent = batch.length > 0 ? sendBatch(m, batch, this.behaviour) : [];
    if (!m.paused && batch.length === 0) m.flowing = false;
    expect(r.sent).toEqual(sent);
    verify(m, r);
  }
  toString = () => `drain(${this.behaviour})`;
}

class CrashDuringSend implements Cmd {
  constructor(readonly crash: Crash) {}
  check = () => true;
  async run(m: Model, r: Real) {
    r.now += HOUR;
    r.service.behaviour = this.crash;
    r.reached.clear();
    const batch = m.paused ? [] : line(m);
    const next = batch[0];
    // What the drainer starts at once reaches the service before the crash; nothing is ever answered.
    const reaching = nextRound([...batch], new Set(), false);
    let reached!: () => void;
    const called = new Promise<'called'>((resolve) => {
      reached = () => resolve('called');
    });
    const check = r.service.onCall;
    r.service.onCall = (key) => {
      check?.(key);
      reached();
    };
    const sent = r.drainer.drainOnce().then(() => 'finished' as const);
    expect(await Promise.race([called, sent])).toBe(next ? 'called' : 'finished');
    r.service.onCall = check;
    reopen(r);
    // The whole batch was marked sending in one commit; its first round reached the service.
    expect(r.store.recoverAfterCrash()).toBe(batch.length);
    for (const item of batch) item.attempts += 1;
    if (this.crash === 'crash-after-performing')
      for (const item of reaching) if (!settled(m, item)) perform(m, item, 'done', true);
    m.paused = false;
    m.flowing = false;
    verify(m, r);
  }
  toString = () => this.crash;
}

class Restart implements Cmd {
  check = () => true;
  async run(m: Model, r: Real) {
    await r.drainer.stop();
    reopen(r);
    expect(r.store.recoverAfterCrash()).toBe(0);
    m.paused = false;
    m.flowing = false;
    verify(m, r);
  }
  toString = () => 'restart';
}

class Kick implements Cmd {
  check = () => true;
  async run(m: Model, r: Real) {
    r.drainer.kick();
    m.paused = false;
    verify(m, r);
  }
  toString = () => 'kick';
}

class Purge implements Cmd {
  check = () => true;
  async run(m: Model, r: Real) {
    r.now += 1;
    const finished = m.items.filter((i) => i.state === 'done' || i.state === 'reconciled');
    expect(r.store.purgeDone(0)).toBe(finished.length);
    for (const i of finished) m.purged.add(i.id);
    m.items = m.items.filter((i) => !m.purged.has(i.id));
    verify(m, r);
  }
  toString = () => 'purge';
}

/** A person acts on the n-th set-aside item (if there is one). */
class Person implements Cmd {
  constructor(
    readonly action: 'retry' | 'reconcile',
    readonly pick: number,
  ) {}
  check = (m: Readonly<Model>) => m.items.some((i) => i.state === 'refused' || i.state === 'reconcile');
  async run(m: Model, r: Real) {
    const aside = m.items.filter((i) => i.state === 'refused' || i.state === 'reconcile');
    const item = aside[this.pick % aside.length]!;
    if (this.action === 'retry') {
      r.store.retry(item.id);
      item.state = 'queued';
      item.attempts = 0;
    } else {
      r.store.reconcile(item.id, 'checked the receipt');
      item.state = 'reconciled';
    }
    verify(m, r);
  }
  toString = () => `${this.action}(#${this.pick})`;
}

function verify(m: Model, r: Real) {
  expect(r.violations).toEqual([]);
  const all = r.store.list({ limit: 100_000 });
  // Nothing lost, nothing invented: exactly the items enqueued and not purged, each in one known state.
  expect(all.map((i) => i.id).reverse()).toEqual(m.items.map((i) => i.id));
  for (const id of m.purged) expect(r.store.get(id)).toBeUndefined();
  for (const [n, item] of all.reverse().entries()) {
    const want = m.items[n]!;
    expect(QUEUE_STATES).toContain(item.state);
    expect({ id: item.id, group: item.group, state: item.state, attempts: item.attempts }).toEqual({ ...want });
    expect(item.idempotencyKey).toBe(r.keys.get(item.id));
    const blocker = m.items.find(
      (b) => b.group === want.group && b.id < want.id && (b.state === 'refused' || b.state === 'reconcile'),
    );
    expect(item.waitingFor).toBe(want.state === 'queued' ? (blocker?.id ?? null) : null);
    expect(item.result !== null).toBe(want.state === 'done');
  }
  const count = (s: QueueState) => m.items.filter((i) => i.state === s).length;
  expect(r.store.counts()).toEqual({
    queued: count('queued'),
    sending: count('sending'),
    refused: count('refused'),
    reconcile: count('reconcile'),
    elsewhere: 0,
  });
  // The service performed each business operation at most once, and every done item exactly once.
  for (const [id, key] of r.keys) {
    const performed = r.service.performed.get(key) ?? 0;
    expect(performed).toBe(m.performed.get(id) ?? 0);
    expect(performed).toBeLessThanOrEqual(1);
  }
  for (const item of m.items) {
    if (item.state === 'done') expect(r.service.performed.get(r.keys.get(item.id)!)).toBe(1);
    if (item.state === 'refused') expect(r.service.performed.get(r.keys.get(item.id)!) ?? 0).toBe(0);
  }
}

const commands = fc.commands(
  [
    fc.constantFrom(...GROUPS).map((g) => new Enqueue(g)),
    // Sends come more often than anything else, and most of them succeed, so histories get far.
    fc.constantFrom(...BEHAVIOURS).map((b) => new Drain(b)),
    fc.constant(new Drain('ok')),
    fc.constant(new Drain('ok')),
    fc.constantFrom<Crash>('crash-before-reaching', 'crash-after-performing').map((c) => new CrashDuringSend(c)),
    fc.constant(new Restart()),
    fc.constant(new Kick()),
    fc.constant(new Purge()),
    fc.tuple(fc.constantFrom('retry' as const, 'reconcile' as const), fc.nat(5)).map(([a, n]) => new Person(a, n)),
  ],
  { maxCommands: 40, size: 'large' },
);

const RUNS = Number(process.env.OUTBOX_MODEL_RUNS ?? 2000);

describe('the outbox against a model of itself and of an idempotent service', () => {
  it(`keeps every write, in order per group, performed at most once, over ${RUNS} random histories`, {
    timeout: 180_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(commands, async (cmds) => {
        const real = newReal();
        const model: Model = {
          items: [],
          purged: new Set(),
          paused: false,
          flowing: false,
          service: new Map(),
          performed: new Map(),
        };
        try {
          await fc.asyncModelRun(() => ({ model, real }), cmds);
        } finally {
          real.db.close();
        }
      }),
      { numRuns: RUNS },
    );
  });
});
