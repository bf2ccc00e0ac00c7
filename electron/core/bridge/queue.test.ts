/** The queue's bridge group with a real outbox and nothing else: a manager's acts refused in words, the rest sent at once. */
import { beforeEach, expect, it } from 'vitest';
import { openDatabase } from '../../../shared-node/sqlite/open.js';
import { OutboxStore } from '../outbox/store.js';
import { CLEAR_STAMPS } from '../outbox/testing/scripted-client.js';
import { queueBridge } from './queue.js';

const SERVICE = 'https://shop.example|k1';
let store: OutboxStore;
let kicks: number;
let told: (number | null)[];
let api: ReturnType<typeof queueBridge>;

beforeEach(() => {
  store = new OutboxStore(openDatabase(':memory:'));
  kicks = 0;
  told = [];
  api = queueBridge({
    store,
    drainer: { kick: () => kicks++ } as never,
    bound: () => SERVICE,
    queueEvent: (id) => told.push(id),
  });
});

it('marks the writes waiting for another service than the one the till works with', async () => {
  store.enqueue({ method: CLEAR_STAMPS, params: { kasm: 1 }, group: 'a', summary: 'here', service: SERVICE });
  store.enqueue({ method: CLEAR_STAMPS, params: { kasm: 1 }, group: 'b', summary: 'elsewhere', service: 'https://other|k2' });
  const listed = await api.queueList();
  expect(listed.map((i) => [i.summary, i.elsewhere ?? false]).sort()).toEqual([
    ['elsewhere', true],
    ['here', false],
  ]);
});

it('refuses a reconcile without a note in words for the interface, and sends nothing', async () => {
  const item = store.enqueue({ method: CLEAR_STAMPS, params: { kasm: 1 }, group: 'a', summary: 'x', service: SERVICE });
  await expect(api.queueReconcile(item.id, '  ')).rejects.toMatchObject({
    code: 'BAD_ARGUMENTS',
    details: [{ path: 'note' }],
  });
  await expect(api.queueRetry(999)).rejects.toMatchObject({ code: 'BAD_ARGUMENTS', details: [{ path: 'id' }] });
  expect(kicks).toBe(0);
  expect(told).toEqual([]);
});
