/**
 * A till on a service of many shops, where the key decides whose back office a write reaches: a
 * new key at the same address is another service, so writes queued under one shop's key never go
 * out under another's unless a person says the new key is the same shop's.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openClientDb, startTestDataService, type TestDataService } from '../../server/testing/data-harness.js';
import { itemOf, startDesk, type TestDesk, waitUntil } from './testing/desk.js';

let service: TestDataService;
let desk: TestDesk;

beforeAll(async () => {
  service = await startTestDataService(['north', 'south']);
});
afterAll(async () => {
  await service?.close();
});
afterEach(async () => {
  await desk?.close();
});

const counterparties = (shop: 'north' | 'south', name: string) => {
  const db = openClientDb(service.dataDir, service.clients[shop]!.id);
  try {
    return db.prepare('SELECT count(*) FROM counterparties WHERE name = ?').pluck().get(name) as number;
  } finally {
    db.close();
  }
};

/** A write for north that waits: behind a refused write of its group, which only a person releases. */
async function waitingWriteForNorth(d: TestDesk, name: string) {
  const refused = await d.api.write('catalog.contrag.save', { nt: '' }, { group: name });
  expect(refused.status).toBe('refused');
  const waiting = await d.api.write('catalog.contrag.save', { nt: name }, { group: name, waitMs: 200 });
  expect(waiting.status).toBe('queued');
  return { refused, waiting };
}

describe('another key at the same address', () => {
  it('is another service: the desk asks, and writes kept for the old key never go out under the new one', async () => {
    desk = await startDesk({ serviceUrl: service.url, apiKey: service.keyOf('north') });
    const { api } = desk;
    const { refused, waiting } = await waitingWriteForNorth(desk, 'Made for north');

    await expect(api.serviceSet({ url: service.url, key: service.keyOf('south') })).rejects.toMatchObject({
      code: 'QUEUED_WRITES',
    });
    await api.serviceSet({ url: service.url, key: service.keyOf('south'), queued: 'keep' });
    expect((await api.status()).queue).toMatchObject({ queued: 0, refused: 0, elsewhere: 2 });
    // The person releases the line while the till works with south: north's write still waits for north.
    await api.queueReconcile(refused.id, 'checked with the supplier');
    expect((await api.write('catalog.contrag.save', { nt: 'Made for south' })).status).toBe('done');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await itemOf(api, waiting.id)).toMatchObject({ state: 'queued', service: service.url });
    expect(counterparties('south', 'Made for north')).toBe(0);

    // North's key again: the write goes where it was made for.
    await api.serviceSet({ url: service.url, key: service.keyOf('north'), queued: 'keep' });
    await waitUntil(async () => (await itemOf(api, waiting.id)).state === 'done', 'the write reached north');
    expect([counterparties('north', 'Made for north'), counterparties('south', 'Made for north')]).toEqual([1, 0]);
    expect(counterparties('north', 'Made for south')).toBe(0);
  });

  it('takes the waiting writes along when a person says the new key is the same shop’s', async () => {
    const second = service.service.keys.create('north-replacement', 'all', service.clients.north!.id).key;
    desk = await startDesk({ serviceUrl: service.url, apiKey: service.keyOf('north') });
    const { api } = desk;
    const { refused, waiting } = await waitingWriteForNorth(desk, 'Sent along to north');
    await api.serviceSet({ url: service.url, key: second, queued: 'send' });
    expect((await api.status()).queue).toMatchObject({ queued: 1, refused: 1, elsewhere: 0 });
    await api.queueReconcile(refused.id, 'checked with the supplier');
    await waitUntil(async () => (await itemOf(api, waiting.id)).state === 'done', 'the write reached north under the new key');
    expect([counterparties('north', 'Sent along to north'), counterparties('south', 'Sent along to north')]).toEqual([1, 0]);
  });

  it('lets a person send writes kept for a revoked key to its replacement, from the outbox', async () => {
    const old = service.service.keys.create('north-old', 'all', service.clients.north!.id);
    const replacement = service.service.keys.create('north-new', 'all', service.clients.north!.id).key;
    desk = await startDesk({ serviceUrl: service.url, apiKey: old.key });
    const { api } = desk;
    const { refused, waiting } = await waitingWriteForNorth(desk, 'Kept, then sent here');
    service.service.keys.revoke('north-old');
    // Kept by mistake for a key that can never be entered again.
    await api.serviceSet({ url: service.url, key: replacement, queued: 'keep' });
    const listed = await api.queueList();
    expect(
      listed
        .filter((i) => i.elsewhere)
        .map((i) => i.id)
        .sort(),
    ).toEqual([refused.id, waiting.id].sort());
    await api.queueSendHere(waiting.id);
    expect((await api.status()).queue).toMatchObject({ refused: 1, queued: 1, elsewhere: 0 });
    await api.queueReconcile(refused.id, 'checked with the supplier');
    await waitUntil(async () => (await itemOf(api, waiting.id)).state === 'done', 'the write reached north');
    expect(counterparties('north', 'Kept, then sent here')).toBe(1);
    await expect(api.queueSendHere(waiting.id)).rejects.toMatchObject({ code: 'BAD_ARGUMENTS' });
  });

  it('takes the writes an older desk bound to the address alone as made under the key stored for it', async () => {
    desk = await startDesk({ serviceUrl: service.url, apiKey: service.keyOf('north') });
    const refused = await desk.api.write('catalog.contrag.save', { nt: '' });
    expect(refused.status).toBe('refused');
    await desk.stop();
    const outbox = new Database(join(desk.dataDir, 'outbox.sqlite'));
    outbox.prepare('UPDATE outbox SET service = ?').run(service.url);
    outbox.close();
    desk = await startDesk({ dataDir: desk.dataDir });
    expect((await desk.api.status()).queue).toMatchObject({ refused: 1, elsewhere: 0 });
  });
});
