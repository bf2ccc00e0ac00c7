import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WriteName } from '../../../shared/contract/index.js';
import { openDatabase } from '../../../shared-node/sqlite/open.js';
import { QueueItemError } from './errors.js';
import { OutboxStore } from './store.js';
import { CLEAR_STAMPS, result, SAVE_CARD } from './testing/scripted-client.js';

const T0 = Date.parse('2026-03-01T09:00:00.000Z');
let now = T0;
let store: OutboxStore;

beforeEach(() => {
  now = T0;
  store = new OutboxStore(openDatabase(':memory:'), () => now);
});

const put = (group = 'sale-1', summary = 'Sale 1: line') =>
  store.enqueue({ method: CLEAR_STAMPS, params: { kasm: 1 }, group, summary });

/** Sends the next item and records the outcome, as the drainer would. */
const sendNext = (outcome: 'done' | 'refused' | 'reconcile') => {
  const next = store.nextToSend();
  if (!next) throw new Error('nothing to send');
  store.markSending(next.item.id);
  const error = { code: 'INVALID_PARAMETER' as const, message: 'no', details: [] };
  return outcome === 'done' ? store.markDone(next.item.id, result()) : store.setAside(next.item.id, outcome, error);
};

const expectProblem = (fn: () => unknown, problem: QueueItemError['problem']) => {
  expect(fn).toThrow(QueueItemError);
  try {
    fn();
  } catch (err) {
    expect((err as QueueItemError).problem).toBe(problem);
  }
};

describe('OutboxStore', () => {
  it('stores a write as a queued item with a freshly minted key, mapped field by field', () => {
    const item = put('sale-7', 'Sale 7: close');
    expect(item).toEqual({
      id: 1,
      method: 'pos.excise_clear_pending',
      group: 'sale-7',
      state: 'queued',
      attempts: 0,
      nextAttemptAt: null,
      waitingFor: null,
      lastError: null,
      result: null,
      idempotencyKey: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      createdAt: '2026-03-01T09:00:00.000Z',
      updatedAt: '2026-03-01T09:00:00.000Z',
      summary: 'Sale 7: close',
      label: null,
      note: null,
      service: '',
      cashier: null,
    });
    expect(store.nextToSend()?.params).toEqual({ kasm: 1 });
  });

  it('sends a write only to the service it was made for', () => {
    const a = store.enqueue({
      method: 'pos.excise_clear_pending',
      params: { kasm: 1 },
      group: 'g-a',
      summary: 'a',
      service: 'http://a',
    });
    const b = store.enqueue({
      method: 'pos.excise_clear_pending',
      params: { kasm: 2 },
      group: 'g-b',
      summary: 'b',
      service: 'http://b',
    });
    expect(store.nextToSend('http://b')?.item.id).toBe(b.id);
    expect(store.nextToSend('http://a')?.item.id).toBe(a.id);
    expect(store.nextToSend('http://c')).toBeUndefined();
  });

  it('moves writes to another binding: all of them, or only those still open', () => {
    const to = (service: string, group: string) =>
      store.enqueue({ method: CLEAR_STAMPS, params: { kasm: 1 }, group, summary: group, service });
    const done = to('http://a', 'done');
    store.markSending(done.id);
    store.markDone(done.id, result());
    const open = to('http://a', 'open');
    const other = to('http://b', 'other');
    expect(store.rebind('http://a', 'http://a#k2', 'open')).toBe(1);
    expect(store.nextToSend('http://a#k2')?.item.id).toBe(open.id);
    expect(store.nextToSend('http://a')).toBeUndefined();
    expect(store.rebind('http://a', 'http://a#k1', 'all')).toBe(1);
    expect(store.counts('http://a#k2')).toMatchObject({ queued: 1, elsewhere: 1 });
    expect(store.nextToSend('http://b')?.item.id).toBe(other.id);
  });

  it('marks the waiting writes made for another service, and a person sends one here with its group', () => {
    // Bindings as the core makes them: the address and a key's fingerprint (key-ring.ts).
    const [K1, K2] = ['http://a#00000000000000a1', 'http://a#00000000000000a2'];
    const to = (service: string, group: string) =>
      store.enqueue({ method: CLEAR_STAMPS, params: { kasm: 1 }, group, summary: group, service });
    const first = to(K1, 'g');
    const second = to(K1, 'g');
    const other = to(K1, 'h');
    const mine = to(K2, 'm');
    expect(store.list({}, K2).map((i) => [i.id, i.elsewhere ?? false, i.service])).toEqual([
      [mine.id, false, 'http://a'],
      [other.id, true, 'http://a'],
      [second.id, true, 'http://a'],
      [first.id, true, 'http://a'],
    ]);
    expect(store.sendHere(second.id, K2)).toMatchObject({ id: second.id, state: 'queued' });
    // Its group went with it, in order; another group stays where it was made for.
    expect(store.nextInLine(K2, 10).map((p) => p.item.id)).toEqual([first.id, second.id, mine.id]);
    expect(store.counts(K2)).toMatchObject({ queued: 3, elsewhere: 1 });
    expectProblem(() => store.sendHere(mine.id, K2), 'wrong_state');
    expectProblem(() => store.sendHere(999, K2), 'not_found');
  });

  it('gives the line in the order it is sent if every send is answered, past groups that wait', () => {
    const on = (service: string, group: string) =>
      store.enqueue({ method: CLEAR_STAMPS, params: { kasm: 1 }, group, summary: group, service });
    const a1 = on('s', 'a');
    const b1 = on('s', 'b');
    const a2 = on('s', 'a');
    const x1 = on('other', 'x');
    const x2 = on('s', 'x');
    const c1 = on('s', 'c');
    const c2 = on('s', 'c');
    const ids = (limit: number) => store.nextInLine('s', limit).map((p) => p.item.id);
    // x2 waits behind x1, which is made for another service and is never in this line.
    expect(ids(10)).toEqual([a1.id, b1.id, a2.id, c1.id, c2.id]);
    expect(ids(2)).toEqual([a1.id, b1.id]);
    expect(store.nextToSend('s')?.item.id).toBe(a1.id);
    store.markSending(c1.id);
    store.setAside(c1.id, 'refused', { code: 'INVALID_PARAMETER', message: 'no', details: [] });
    expect(ids(10)).toEqual([a1.id, b1.id, a2.id]);
    expect(store.nextInLine(undefined, 10).map((p) => p.item.id)).toEqual([a1.id, b1.id, a2.id, x1.id, x2.id]);
  });

  it('puts an item marked sending but never sent back in line, the attempt not counted', () => {
    const item = put();
    store.markSending(item.id);
    expect(store.unsend(item.id)).toMatchObject({ state: 'queued', attempts: 0 });
    expectProblem(() => store.unsend(item.id), 'wrong_state');
  });

  it('mints a different key for every write', () => {
    const keys = new Set(Array.from({ length: 50 }, () => put().idempotencyKey));
    expect(keys.size).toBe(50);
  });

  it('refuses to queue a read', () => {
    expect(() => store.enqueue({ method: 'service.ping' as WriteName, params: {}, group: 'g', summary: '' })).toThrow(
      /not a write/,
    );
    expect(store.list()).toEqual([]);
  });

  it('lists newest first, by state and up to a limit', () => {
    put();
    put();
    put();
    sendNext('done');
    expect(store.list().map((i) => i.id)).toEqual([3, 2, 1]);
    expect(store.list({ states: ['queued'] }).map((i) => i.id)).toEqual([3, 2]);
    expect(store.list({ states: ['done', 'refused'] }).map((i) => i.id)).toEqual([1]);
    expect(store.list({ limit: 1 }).map((i) => i.id)).toEqual([3]);
    expect(store.list({ states: [] })).toEqual([]);
  });

  it('counts the items that are not finished', () => {
    for (let i = 0; i < 5; i++) put(`g${i}`);
    sendNext('done');
    sendNext('refused');
    sendNext('reconcile');
    store.markSending(store.nextToSend()!.item.id);
    expect(store.counts()).toEqual({ queued: 1, sending: 1, refused: 1, reconcile: 1, elsewhere: 0 });
    // Counted for one service, the others' open items are those waiting elsewhere.
    expect(store.counts('http://other:8787')).toEqual({ queued: 0, sending: 0, refused: 0, reconcile: 0, elsewhere: 4 });
  });

  it('sends in id order and holds a group behind its refused item while other groups go on', () => {
    put('a');
    put('a');
    put('b');
    put('a');
    expect(sendNext('refused')).toMatchObject({ id: 1, state: 'refused', lastError: { code: 'INVALID_PARAMETER' } });
    expect(store.get(2)).toMatchObject({ state: 'queued', waitingFor: 1 });
    expect(store.get(4)).toMatchObject({ state: 'queued', waitingFor: 1 });
    expect(store.get(3)).toMatchObject({ waitingFor: null });
    expect(store.nextToSend()?.item.id).toBe(3);
    sendNext('done');
    expect(store.nextToSend()).toBeUndefined();
  });

  it('holds a group behind an item that needs reconciling the same way', () => {
    put('a');
    put('a');
    sendNext('reconcile');
    expect(store.get(2)).toMatchObject({ waitingFor: 1 });
    expect(store.nextToSend()).toBeUndefined();
  });

  it('a person retrying sends the item again under the same key with attempts from zero', () => {
    const { idempotencyKey } = put('a');
    put('a');
    sendNext('refused');
    now += 1000;
    const retried = store.retry(1);
    expect(retried).toMatchObject({
      state: 'queued',
      attempts: 0,
      lastError: null,
      idempotencyKey,
      updatedAt: '2026-03-01T09:00:01.000Z',
    });
    expect(store.get(2)?.waitingFor).toBeNull();
    expect(store.nextToSend()?.item).toMatchObject({ id: 1, idempotencyKey });
  });

  it('a person reconciling closes the item with the note and its group moves on', () => {
    put('a');
    put('a');
    sendNext('reconcile');
    expect(store.reconcile(1, 'receipt 1042 is in the back office')).toMatchObject({
      state: 'reconciled',
      note: 'receipt 1042 is in the back office',
      lastError: { code: 'INVALID_PARAMETER' },
    });
    expect(store.get(2)?.waitingFor).toBeNull();
    expect(store.nextToSend()?.item.id).toBe(2);
  });

  it('allows a person to act only on set-aside items, and reconciling needs a note', () => {
    put('a');
    expectProblem(() => store.retry(1), 'wrong_state');
    expectProblem(() => store.reconcile(1, 'checked'), 'wrong_state');
    expectProblem(() => store.retry(99), 'not_found');
    sendNext('refused');
    expectProblem(() => store.reconcile(1, '  '), 'no_note');
    expect(store.get(1)?.state).toBe('refused');
  });

  it('moves an item only along its transitions', () => {
    put();
    expectProblem(() => store.markDone(1, result()), 'wrong_state');
    expectProblem(() => store.requeue(1, { code: 'TIMEOUT', message: '', details: [] }, null), 'wrong_state');
    store.markSending(1);
    expectProblem(() => store.markSending(1), 'wrong_state');
    expectProblem(() => store.reschedule(1, null), 'wrong_state');
    expect(store.markDone(1, result('7'))).toMatchObject({ state: 'done', result: result('7'), attempts: 1 });
    expectProblem(() => store.setAside(1, 'refused', { code: 'INTERNAL', message: '', details: [] }), 'wrong_state');
  });

  it('purges only done and reconciled items older than the keeping time', () => {
    for (const g of ['a', 'b', 'c', 'd', 'e']) put(g);
    sendNext('done');
    sendNext('refused');
    sendNext('reconcile');
    store.reconcile(3, 'checked');
    store.markSending(4);
    now += 10_000;
    expect(store.purgeDone(20_000)).toBe(0);
    expect(store.purgeDone(5_000)).toBe(2);
    expect(store.list().map((i) => [i.id, i.state])).toEqual([
      [5, 'queued'],
      [4, 'sending'],
      [2, 'refused'],
    ]);
  });

  it('never hands out an id twice, even after the newest items were purged', () => {
    put();
    sendNext('done');
    now += 10;
    store.purgeDone(0);
    expect(put().id).toBe(2);
  });
});

describe('OutboxStore on a file', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'outbox-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('opens with WAL and synchronous=FULL', () => {
    const db = openDatabase(join(dir, 'outbox.sqlite'));
    new OutboxStore(db);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    db.close();
  });

  it('puts an item a killed process left sending back in line under the same key', () => {
    const file = join(dir, 'outbox.sqlite');
    const first = openDatabase(file);
    const before = new OutboxStore(first);
    const item = before.enqueue({
      method: SAVE_CARD,
      params: { code: '42', price: '9.90' },
      group: 'sale-1',
      summary: 'Sale 1',
    });
    before.enqueue({ method: CLEAR_STAMPS, params: {}, group: 'sale-1', summary: 'Sale 1: close' });
    before.markSending(item.id);
    first.close();

    const after = new OutboxStore(openDatabase(file));
    expect(after.get(item.id)).toMatchObject({ state: 'sending', attempts: 1 });
    expect(after.nextToSend()).toBeUndefined();
    expect(after.recoverAfterCrash()).toBe(1);
    expect(after.recoverAfterCrash()).toBe(0);
    expect(after.get(item.id)).toMatchObject({ state: 'queued', attempts: 1, idempotencyKey: item.idempotencyKey });
    expect(after.nextToSend()).toMatchObject({ item: { id: item.id }, params: { code: '42', price: '9.90' } });
    expect(after.list().map((i) => i.id)).toEqual([2, 1]);
  });
});
