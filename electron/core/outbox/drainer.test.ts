import { describe, expect, it } from 'vitest';
import type { QueueItem } from '../../../shared/bridge/api.js';
import { openDatabase } from '../../../shared-node/sqlite/open.js';
import type { CallOutcome } from '../rpc/client.js';
import { type DrainerOptions, OutboxDrainer, POISON_ATTEMPTS } from './drainer.js';
import { OutboxStore } from './store.js';
import { CLEAR_STAMPS, ok, refused, retry, ScriptedClient, unknown } from './testing/scripted-client.js';

const T0 = Date.parse('2026-03-01T09:00:00.000Z');

function setup(opts: DrainerOptions = {}, db = openDatabase(':memory:')) {
  const clock = { now: T0 };
  const store = new OutboxStore(db, () => clock.now);
  const client = new ScriptedClient();
  const changes: QueueItem[] = [];
  const connection: string[] = [];
  const drainer = new OutboxDrainer(store, client, {
    clock: () => clock.now,
    random: () => 0.5,
    baseDelayMs: 1000,
    maxDelayMs: 8000,
    onChange: (item) => changes.push(item),
    onConnection: (state) => connection.push(state),
    ...opts,
  });
  const put = (group = 'sale-1') =>
    store.enqueue({ method: CLEAR_STAMPS, params: { kasm: 1 }, group, summary: `${group}: clear` });
  return { clock, store, client, drainer, changes, connection, put };
}

const deferred = () => {
  let resolve!: (o: CallOutcome) => void;
  const promise = new Promise<CallOutcome>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

describe('OutboxDrainer', () => {
  it('sends the items in id order with their own keys and stores each result', async () => {
    const { store, client, drainer, put } = setup();
    const items = [put('a'), put('b'), put('a')];
    while (await drainer.drainOnce());
    expect(client.sent.map((s) => s.idempotencyKey)).toEqual(items.map((i) => i.idempotencyKey));
    expect(client.sent[0]).toEqual({
      method: 'pos.excise_clear_pending',
      params: { kasm: 1 },
      idempotencyKey: items[0]?.idempotencyKey,
    });
    expect(store.list().map((i) => [i.id, i.state, i.attempts, i.result?.status.affected])).toEqual([
      [3, 'done', 1, '3'],
      [2, 'done', 1, '2'],
      [1, 'done', 1, '1'],
    ]);
  });

  it('reports each item as it goes sending and then done', async () => {
    const { drainer, changes, put } = setup();
    put();
    await drainer.drainOnce();
    expect(changes.map((c) => c.state)).toEqual(['sending', 'done']);
  });

  it('keeps one send in flight however many ask at once', async () => {
    const { client, drainer, put } = setup();
    let inFlight = 0;
    let most = 0;
    const slow = async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight -= 1;
      return ok();
    };
    client.answer(slow, slow, slow);
    put();
    put();
    put();
    await Promise.all([drainer.drainOnce(), drainer.drainOnce(), drainer.drainOnce()]);
    expect(most).toBe(1);
    expect(client.sent).toHaveLength(3);
  });

  it('keeps a transiently failed head in line and backs off exponentially with full jitter', async () => {
    const { clock, store, client, drainer, put } = setup();
    put('a');
    put('b');
    client.answer(retry(), retry(), retry(), retry(), retry());
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(await drainer.drainOnce()).toBe(true);
      const head = store.get(1)!;
      expect(head).toMatchObject({ state: 'queued', attempts: attempt, lastError: { code: 'UPSTREAM_FAILURE' } });
      const wait = Date.parse(head.nextAttemptAt!) - clock.now;
      waits.push(wait);
      // Not due yet: nothing is sent, and the second item does not overtake the head.
      clock.now += wait - 1;
      expect(await drainer.drainOnce()).toBe(false);
      clock.now += 1;
    }
    // random 0.5 of min(8000, 1000 * 2^(attempt-1)).
    expect(waits).toEqual([500, 1000, 2000, 4000, 4000]);
    expect(await drainer.drainOnce()).toBe(true);
    expect(client.sent.map((s) => s.idempotencyKey)).toEqual([...Array(6).fill(store.get(1)!.idempotencyKey)]);
    expect(store.get(1)).toMatchObject({ state: 'done', lastError: null, nextAttemptAt: null });
  });

  it('draws the jitter from the whole interval up to the cap', async () => {
    const draws = [0, 0.999];
    const { clock, store, client, drainer, put } = setup({ random: () => draws.shift() ?? 0 });
    put();
    client.answer(retry(), retry());
    await drainer.drainOnce();
    expect(store.get(1)?.nextAttemptAt).toBe(new Date(clock.now).toISOString());
    await drainer.drainOnce();
    expect(Date.parse(store.get(1)!.nextAttemptAt!) - clock.now).toBe(1998);
  });

  it('waits at least the Retry-After the service asked for', async () => {
    const { clock, store, client, drainer, put } = setup();
    put();
    client.answer(retry('RATE_LIMITED', 5000));
    await drainer.drainOnce();
    expect(Date.parse(store.get(1)!.nextAttemptAt!) - clock.now).toBe(5000);
    clock.now += 4999;
    expect(await drainer.drainOnce()).toBe(false);
  });

  it('a kick tries a backing-off head at once, but not before the service Retry-After', async () => {
    const { clock, client, drainer, put } = setup();
    put();
    client.answer(retry('TIMEOUT'), retry('IDEMPOTENCY_IN_PROGRESS', 1000));
    await drainer.drainOnce();
    expect(await drainer.drainOnce()).toBe(false);
    drainer.kick();
    expect(await drainer.drainOnce()).toBe(true);
    drainer.kick();
    clock.now += 999;
    expect(await drainer.drainOnce()).toBe(false);
    clock.now += 1;
    expect(await drainer.drainOnce()).toBe(true);
    expect(client.sent).toHaveLength(3);
  });

  it('sets a refused item aside with its error; its group waits and the other groups go on', async () => {
    const { store, client, drainer, put } = setup();
    put('a');
    put('a');
    put('b');
    client.answer(refused());
    while (await drainer.drainOnce());
    expect(store.get(1)).toMatchObject({
      state: 'refused',
      lastError: { code: 'INVALID_PARAMETER', message: 'answered INVALID_PARAMETER' },
    });
    expect(store.get(2)).toMatchObject({ state: 'queued', waitingFor: 1, attempts: 0 });
    expect(store.get(3)).toMatchObject({ state: 'done' });
    expect(client.sent).toHaveLength(2);
  });

  it('sets an unknown outcome aside for reconciliation; its group waits', async () => {
    const { store, client, drainer, put } = setup();
    put('a');
    put('a');
    client.answer(unknown());
    while (await drainer.drainOnce());
    expect(store.get(1)).toMatchObject({ state: 'reconcile', lastError: { code: 'IDEMPOTENCY_RESULT_UNKNOWN' } });
    expect(store.get(2)).toMatchObject({ state: 'queued', waitingFor: 1 });
  });

  it('sets aside an item the service keeps failing on while it answers a ping; only its group waits', async () => {
    const { clock, store, client, drainer, put } = setup();
    put('a');
    put('b');
    client.answer(...Array.from({ length: POISON_ATTEMPTS }, () => retry()), ok('ping'));
    for (let attempt = 1; attempt < POISON_ATTEMPTS; attempt++) {
      await drainer.drainOnce();
      expect(store.get(1)).toMatchObject({ state: 'queued', attempts: attempt });
      clock.now = Date.parse(store.get(1)!.nextAttemptAt!);
    }
    await drainer.drainOnce();
    const head = store.get(1)!;
    expect(head.state).toBe('reconcile');
    expect(head.lastError?.code).toBe('UPSTREAM_FAILURE');
    expect(head.lastError?.message).toContain(`set aside after ${POISON_ATTEMPTS} attempts`);
    expect(client.sent.at(-1)?.method).toBe('service.ping');
    expect(await drainer.drainOnce()).toBe(true);
    expect(store.get(2)?.state).toBe('done');
  });

  it('keeps a failing item in line when the ping fails too: an outage, not a bad item', async () => {
    const { clock, store, client, drainer, put } = setup();
    put('a');
    client.answer(...Array.from({ length: POISON_ATTEMPTS }, () => retry()), retry('NETWORK_ERROR'));
    for (let attempt = 1; attempt <= POISON_ATTEMPTS; attempt++) {
      await drainer.drainOnce();
      clock.now = Date.parse(store.get(1)!.nextAttemptAt!);
    }
    expect(store.get(1)).toMatchObject({ state: 'queued', attempts: POISON_ATTEMPTS });
    expect(client.sent.filter((c) => c.method === 'service.ping')).toHaveLength(1);
  });

  it('sends an item a person retried under the key it always had', async () => {
    const { store, client, drainer, put } = setup();
    const first = put('a');
    put('a');
    client.answer(refused('INSUFFICIENT_SCOPE'));
    while (await drainer.drainOnce());
    store.retry(1);
    drainer.kick();
    while (await drainer.drainOnce());
    expect(client.sent.map((s) => s.idempotencyKey)).toEqual([
      first.idempotencyKey,
      first.idempotencyKey,
      store.get(2)?.idempotencyKey,
    ]);
    expect(store.get(1)).toMatchObject({ state: 'done', attempts: 1 });
    expect(store.get(2)).toMatchObject({ state: 'done' });
  });

  it('lets the group go on once a person reconciled the item it waited behind', async () => {
    const { store, client, drainer, put } = setup();
    put('a');
    put('a');
    client.answer(unknown());
    while (await drainer.drainOnce());
    store.reconcile(1, 'receipt found in the back office');
    while (await drainer.drainOnce());
    expect(store.get(2)).toMatchObject({ state: 'done' });
    expect(client.sent).toHaveLength(2);
  });

  it.each(['UNAUTHORIZED', 'NO_API_KEY'] as const)('%s pauses the whole queue until a kick', async (code) => {
    const { store, client, drainer, connection, put } = setup();
    put('a');
    put('b');
    client.answer(retry(code));
    await drainer.drainOnce();
    expect(store.get(1)).toMatchObject({ state: 'queued', nextAttemptAt: null, lastError: { code } });
    expect(await drainer.drainOnce()).toBe(false);
    expect(connection).toEqual(['unauthorized']);
    drainer.kick();
    while (await drainer.drainOnce());
    expect(store.counts()).toEqual({ queued: 0, sending: 0, refused: 0, reconcile: 0, elsewhere: 0 });
    expect(connection).toEqual(['unauthorized', 'online']);
  });

  it('reports the connection offline when the service cannot be reached and online when it answers', async () => {
    const { client, drainer, connection, put } = setup();
    put();
    client.answer(retry('NETWORK_ERROR'), retry('TIMEOUT'), retry('UPSTREAM_FAILURE'));
    for (let i = 0; i < 4; i++) {
      drainer.kick();
      await drainer.drainOnce();
    }
    expect(connection).toEqual(['offline', 'online']);
  });

  it('puts the item back in line when the client itself throws', async () => {
    const errors: unknown[] = [];
    const { store, client, drainer, put } = setup({ onError: (e) => errors.push(e) });
    put();
    client.answer(() => Promise.reject(new Error('boom')));
    await drainer.drainOnce();
    expect(store.get(1)).toMatchObject({ state: 'queued', lastError: { code: 'NETWORK_ERROR' } });
    expect(errors).toHaveLength(1);
  });

  it('waitFor resolves with the outcome as soon as it is stored', async () => {
    const { drainer, client, put } = setup();
    const item = put();
    const gate = deferred();
    client.answer(() => gate.promise);
    const waiting = drainer.waitFor(item.id, 10_000);
    const sending = drainer.drainOnce();
    gate.resolve(refused());
    await sending;
    expect(await waiting).toMatchObject({ id: item.id, state: 'refused' });
    expect(await drainer.waitFor(item.id, 10_000)).toMatchObject({ state: 'refused' });
  });

  it('waitFor gives the item as it is when the time runs out', async () => {
    const { drainer, put } = setup();
    const item = put();
    expect(await drainer.waitFor(item.id, 20)).toMatchObject({ id: item.id, state: 'queued' });
    await expect(drainer.waitFor(999, 20)).rejects.toThrow(/does not exist/);
  });

  it('answers whoever still waits when it stops, so no timer reads the store after it closed', async () => {
    const db = openDatabase(':memory:');
    const { drainer, put } = setup({}, db);
    const item = put();
    const waiting = drainer.waitFor(item.id, 50);
    await drainer.stop();
    db.close();
    expect(await waiting).toMatchObject({ id: item.id, state: 'queued' });
    // Past the waiter's time: its timer, had it been left, would read the closed store and throw.
    await new Promise((r) => setTimeout(r, 80));
  });

  it('drains on its own once started, and stop lets the send in flight finish', async () => {
    const { store, client, drainer, put } = setup({ clock: Date.now });
    const gate = deferred();
    client.answer(() => gate.promise);
    drainer.start();
    const item = put();
    drainer.kick();
    await expect.poll(() => store.get(item.id)?.state).toBe('sending');
    const stopped = drainer.stop();
    setTimeout(() => gate.resolve(ok('9')), 20);
    await stopped;
    expect(store.get(item.id)).toMatchObject({ state: 'done', result: { status: { affected: '9' } } });
    put();
    await new Promise((r) => setTimeout(r, 30));
    expect(client.sent).toHaveLength(1);
  });

  it('retries on its own after the backoff once started', async () => {
    const { store, client, drainer, put } = setup({ clock: Date.now, baseDelayMs: 40 });
    client.answer(retry('NETWORK_ERROR'));
    const item = put();
    drainer.start();
    expect(await drainer.waitFor(item.id, 2000)).toMatchObject({ state: 'done', attempts: 2 });
    expect(client.sent).toHaveLength(2);
    await drainer.stop();
    expect(store.counts().queued).toBe(0);
  });

  it('start puts items a dead process left sending back in line first', async () => {
    const { store, drainer, put } = setup({ clock: Date.now });
    const item = put();
    store.markSending(item.id);
    drainer.start();
    expect(await drainer.waitFor(item.id, 2000)).toMatchObject({ state: 'done', attempts: 2 });
    await drainer.stop();
  });
});

describe('OutboxDrainer in batches', () => {
  /** A client that answers after a turn of the event loop and records what was in flight meanwhile. */
  function watched(store: OutboxStore, client: ScriptedClient) {
    const seen = { most: 0, mostSending: 0, inFlight: 0, violations: [] as string[] };
    const call = client.call.bind(client);
    client.call = (method, params, opts) => {
      seen.inFlight += 1;
      seen.most = Math.max(seen.most, seen.inFlight);
      const open = store.list({ states: ['sending'] });
      seen.mostSending = Math.max(seen.mostSending, open.length);
      const me = open.find((i) => i.idempotencyKey === opts?.idempotencyKey);
      if (!me) seen.violations.push(`${opts?.idempotencyKey} was sent without being marked sending`);
      const answer = call(method, params, opts);
      return new Promise((r) => setTimeout(r, 1)).then(() => {
        seen.inFlight -= 1;
        return answer;
      });
    };
    return seen;
  }

  it('sends a batch one write at a time in id order: never two in flight, a group never out of order', async () => {
    const { store, client, drainer, put } = setup({ batchSize: 4 });
    const seen = watched(store, client);
    const items = ['a', 'b', 'a', 'c', 'a', 'b', 'c', 'a', 'b'].map((g) => put(g));
    drainer.kick();
    await drainer.drainOnce(); // one item first: nothing has been answered yet
    expect(seen.mostSending).toBe(1);
    while (await drainer.drainOnce());
    expect(seen.most).toBe(1);
    expect(seen.violations).toEqual([]);
    expect(client.sent.map((s) => s.idempotencyKey)).toEqual(items.map((i) => i.idempotencyKey));
    expect(store.counts().queued).toBe(0);
    expect(store.list().every((i) => i.state === 'done' && i.attempts === 1)).toBe(true);
  });

  it('marks at most batchSize items sending at once, in two commits per batch', async () => {
    const { store, client, drainer, put } = setup({ batchSize: 3 });
    const seen = watched(store, client);
    for (let i = 0; i < 10; i++) put(`sale-${i >> 1}`);
    const commits: number[] = [];
    const inOneCommit = store.inOneCommit.bind(store);
    store.inOneCommit = (fn) => {
      const result = inOneCommit(fn);
      commits.push((result as unknown[]).length);
      return result;
    };
    let rounds = 0;
    while (await drainer.drainOnce()) rounds += 1;
    expect(seen.mostSending).toBe(3);
    // 1 (nothing answered yet), then 3, 3, 3.
    expect(rounds).toBe(4);
    expect(commits).toEqual([1, 1, 3, 3, 3, 3, 3, 3]);
    expect(client.sent).toHaveLength(10);
  });

  it('a write refused in a batch holds back only its own group; the rest of the batch is sent', async () => {
    const { store, client, drainer, put } = setup({ batchSize: 8 });
    put('warm-up');
    await drainer.drainOnce();
    const a1 = put('a');
    const b1 = put('b');
    const a2 = put('a');
    const b2 = put('b');
    const a3 = put('a');
    client.answer(refused());
    expect(await drainer.drainOnce()).toBe(true);
    expect(client.sent.slice(1).map((s) => s.idempotencyKey)).toEqual([a1.idempotencyKey, b1.idempotencyKey, b2.idempotencyKey]);
    expect(store.get(a1.id)).toMatchObject({ state: 'refused', attempts: 1 });
    // Marked sending with the batch, never sent: back in line, the attempt not counted.
    expect(store.get(a2.id)).toMatchObject({ state: 'queued', attempts: 0, waitingFor: a1.id });
    expect(store.get(a3.id)).toMatchObject({ state: 'queued', attempts: 0, waitingFor: a1.id });
    expect(store.get(b2.id)).toMatchObject({ state: 'done' });
    expect(await drainer.drainOnce()).toBe(false);
    store.retry(a1.id);
    while (await drainer.drainOnce());
    expect(client.sent.slice(4).map((s) => s.idempotencyKey)).toEqual([a1.idempotencyKey, a2.idempotencyKey, a3.idempotencyKey]);
  });

  it('a retry in a batch halts it: the rest waits behind the head, and the line goes one item at a time', async () => {
    const { clock, store, client, drainer, put } = setup({ batchSize: 8 });
    put('warm-up');
    await drainer.drainOnce();
    const [a, b, c] = [put('a'), put('b'), put('c')];
    client.answer(ok(), retry('NETWORK_ERROR'));
    await drainer.drainOnce();
    expect(client.sent).toHaveLength(3);
    expect(store.get(a.id)).toMatchObject({ state: 'done' });
    expect(store.get(b.id)).toMatchObject({ state: 'queued', attempts: 1, lastError: { code: 'NETWORK_ERROR' } });
    expect(store.get(c.id)).toMatchObject({ state: 'queued', attempts: 0, lastError: null });
    clock.now = Date.parse(store.get(b.id)!.nextAttemptAt!);
    await drainer.drainOnce();
    expect(client.sent.slice(3).map((s) => s.idempotencyKey)).toEqual([b.idempotencyKey]);
    await drainer.drainOnce();
    expect(store.counts().queued).toBe(0);
  });

  it('tells each outcome only once the batch is committed', async () => {
    const { store, client, drainer, changes, put } = setup({ batchSize: 8 });
    put('warm-up');
    await drainer.drainOnce();
    const first = put('a');
    const second = put('a');
    let firstWhenSecondSent: string | undefined;
    client.answer(ok(), () => {
      firstWhenSecondSent = store.get(first.id)?.state;
      return Promise.resolve(ok());
    });
    const told = drainer.waitFor(first.id, 10_000);
    changes.length = 0;
    await drainer.drainOnce();
    // Its done-mark is in the batch's commit: a crash before it sends both again, and the service replays.
    expect(firstWhenSecondSent).toBe('sending');
    expect(changes.map((c) => [c.id, c.state])).toEqual([
      [first.id, 'sending'],
      [second.id, 'sending'],
      [first.id, 'done'],
      [second.id, 'done'],
    ]);
    expect(await told).toMatchObject({ state: 'done' });
  });

  it('stops a batch when the till switches to another service', async () => {
    let service = 'http://a';
    const { store, client, drainer } = setup({ batchSize: 8, service: () => service });
    const put = (group: string, to: string) =>
      store.enqueue({ method: CLEAR_STAMPS, params: { kasm: 1 }, group, summary: group, service: to });
    put('warm-up', 'http://a');
    await drainer.drainOnce();
    const [x, y] = [put('x', 'http://a'), put('y', 'http://a')];
    client.answer(() => {
      service = 'http://b';
      return Promise.resolve(ok());
    });
    await drainer.drainOnce();
    expect(store.get(x.id)?.state).toBe('done');
    expect(store.get(y.id)).toMatchObject({ state: 'queued', attempts: 0 });
    expect(await drainer.drainOnce()).toBe(false);
  });

  it('takes what an answer of a service the till left says as nothing about the new one', async () => {
    let service = 'http://a';
    const { store, client, drainer, connection } = setup({ service: () => service });
    const a = store.enqueue({ method: CLEAR_STAMPS, params: { kasm: 1 }, group: 'a', summary: 'a', service: 'http://a' });
    const b = store.enqueue({ method: CLEAR_STAMPS, params: { kasm: 1 }, group: 'b', summary: 'b', service: 'http://b' });
    // A's answer to a write in flight comes after the switch: its key no longer works there.
    client.answer(() => {
      service = 'http://b';
      return Promise.resolve(retry('UNAUTHORIZED'));
    });
    await drainer.drainOnce();
    expect(store.get(a.id)).toMatchObject({ state: 'queued', lastError: { code: 'UNAUTHORIZED' } });
    // B's line is not paused, nor is B reported unauthorized.
    expect(connection).toEqual([]);
    expect(await drainer.drainOnce()).toBe(true);
    expect(store.get(b.id)?.state).toBe('done');
    expect(connection).toEqual(['online']);
  });

  it('stop lets the send in flight finish and puts the rest of its batch back in line', async () => {
    const { store, client, drainer, put } = setup({ clock: Date.now, batchSize: 8 });
    put('warm-up');
    await drainer.drainOnce();
    const gate = deferred();
    client.answer(() => gate.promise);
    const [x, y] = [put('x'), put('y')];
    drainer.start();
    await expect.poll(() => client.sent.length).toBe(2);
    const stopped = drainer.stop();
    gate.resolve(ok());
    await stopped;
    expect(store.get(x.id)?.state).toBe('done');
    expect(store.get(y.id)).toMatchObject({ state: 'queued', attempts: 0 });
    expect(client.sent).toHaveLength(2);
  });
});
