/**
 * The composed core's settings, key, status and events: the API key goes from the SecretStore
 * to the service and nowhere else, whatever the interface asks or the service answers.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../server/testing/harness.js';
import type { BridgeEvent } from '../../shared/bridge/api.js';
import type { BridgeError } from '../../shared/bridge/errors.js';
import { CONTRACT_VERSION } from '../../shared/contract/index.js';
import { APP_VERSION, eventually, itemOf, queueSent, RUNTIME, startDesk, type TestDesk, waitUntil } from './testing/desk.js';
import { type FaultProxy, startFaultProxy } from './testing/fault-proxy.js';

let service: TestService;
let proxy: FaultProxy;
let desk: TestDesk;
let keyCount = 0;

beforeAll(async () => {
  service = await startTestService();
  proxy = await startFaultProxy({ targetPort: service.service.port });
});
afterAll(async () => {
  await proxy?.close();
  await service?.close();
});
afterEach(async () => {
  await desk?.close();
  proxy.setMode('pass');
});

/** A key of its own per test, so revoking one touches no other test. */
const newKey = () => service.service.keys.create(`desk-${++keyCount}`, 'all');
/** Well-formed, so the service looks it up and answers UNAUTHORIZED rather than failing to parse it. */
const UNKNOWN_KEY = 'rk_00000000deadbeef_thisKeyWasNeverIssuedByTheServiceAtAll';
const supplier = (name: string) => ({ nt: name });

/** Everything a thrown error carries that could reach a person or a log. */
const seen = (err: unknown) =>
  err instanceof Error ? { name: err.name, message: err.message, ...(err as Partial<BridgeError>) } : { thrown: err };

describe('settings and the API key', () => {
  it('never carry the key, telling the interface only that one is set', async () => {
    const { key } = newKey();
    desk = await startDesk({ serviceUrl: proxy.url, apiKey: key });
    const settings = await desk.api.settingsGet();
    expect(settings).toMatchObject({ serviceUrl: proxy.url, hasApiKey: true, embedded: false, till: { kasm: 1 } });
    expect(JSON.stringify(settings)).not.toContain(key);
    expect(readFileSync(join(desk.dataDir, 'settings.json'), 'utf8')).not.toContain(key);
    const updated = await desk.api.settingsUpdate({ language: 'en', till: { kasm: 2 } });
    expect(updated).toMatchObject({ language: 'en', till: { kasm: 2, akas: 'KAS1' }, hasApiKey: true });
    expect(JSON.stringify(updated)).not.toContain(key);
  });

  it('says no key is set on a desk that has none, and sends nothing without one', async () => {
    desk = await startDesk({ serviceUrl: proxy.url });
    const connections = proxy.accepted.pass;
    expect((await desk.api.settingsGet()).hasApiKey).toBe(false);
    await expect(desk.api.read('service.ping', {})).rejects.toMatchObject({ code: 'NO_API_KEY' });
    expect(proxy.accepted.pass).toBe(connections);
  });

  it('replaces the key for every later call, without ever giving it back', async () => {
    const first = newKey();
    const second = newKey();
    desk = await startDesk({ serviceUrl: proxy.url, apiKey: first.key });
    expect((await desk.api.read('service.ping', {})).stale).toBe(false);

    const settings = await desk.api.serviceSet({ url: proxy.url, key: second.key });
    expect(settings.hasApiKey).toBe(true);
    expect(JSON.stringify(settings)).not.toContain(second.key);
    // Kept bound to its address, and the key it replaced is gone.
    expect(JSON.parse(readFileSync(desk.secretFile, 'utf8'))).toEqual({ v: 1, keys: { [proxy.url]: second.key } });
    // With the first key revoked, only the second can be the one the desk now sends.
    service.service.keys.revoke(first.info.name);
    expect((await desk.api.read('service.ping', {})).stale).toBe(false);
    expect((await desk.api.testConnection()).ok).toBe(true);
  });

  it('checks a new key before it saves it, and keeps the one that works when the service refuses it', async () => {
    const good = newKey();
    desk = await startDesk({ serviceUrl: proxy.url, apiKey: good.key });
    await expect(desk.api.serviceSet({ url: proxy.url, key: UNKNOWN_KEY })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(readFileSync(desk.secretFile, 'utf8')).not.toContain(UNKNOWN_KEY);
    expect((await desk.api.read('service.ping', {})).stale).toBe(false);
  });

  it('shows a revoked key as an unauthorized connection, holds writes, and sends them with a new key of the same shop when told so', async () => {
    const revoked = newKey();
    const good = newKey();
    desk = await startDesk({ serviceUrl: proxy.url, apiKey: revoked.key });
    const { api, events } = desk;
    service.service.keys.revoke(revoked.info.name);
    // The service notices a revocation within its key cache's lifetime.
    await waitUntil(
      async () => (await api.testConnection()).error?.code === 'UNAUTHORIZED',
      'the revoked key is refused',
      10_000,
    );

    await expect(api.read('service.ping', {})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await api.status()).connection).toBe('unauthorized');
    expect(events).toContainEqual({ type: 'connection', state: 'unauthorized' });

    const held = await api.write('catalog.contrag.save', supplier('Held for a key'), { waitMs: 300 });
    expect(held.status).toBe('queued');
    await waitUntil(async () => (await itemOf(api, held.id)).lastError?.code === 'UNAUTHORIZED', 'the send was unauthorized');
    expect(await itemOf(api, held.id)).toMatchObject({ state: 'queued', nextAttemptAt: null });

    // Another key may reach another shop's back office: the desk asks before the writes go under it.
    await expect(api.serviceSet({ url: proxy.url, key: good.key })).rejects.toMatchObject({ code: 'QUEUED_WRITES' });
    expect(await itemOf(api, held.id)).toMatchObject({ state: 'queued' });
    await api.serviceSet({ url: proxy.url, key: good.key, queued: 'send' });
    await waitUntil(async () => (await itemOf(api, held.id)).state === 'done', 'the held write was sent');
    expect((await api.status()).connection).toBe('online');
  });
});

describe('what the core itself refuses to send', () => {
  it('never queues a write that carries a PIN, whoever asks', async () => {
    desk = await startDesk({ serviceUrl: proxy.url, apiKey: newKey().key });
    await expect(desk.api.write('pos.cashier_sign_in', { kasm: 1, card: '1003', pin: '3003' })).rejects.toMatchObject({
      code: 'BAD_ARGUMENTS',
    });
    await expect(desk.api.write('catalog.users.set_pin', { card: '1003', pin: '3003' })).rejects.toMatchObject({
      code: 'BAD_ARGUMENTS',
    });
    expect(readFileSync(join(desk.dataDir, 'outbox.sqlite')).includes('3003')).toBe(false);
    expect(await desk.api.queueList()).toEqual([]);
  });

  it('sends no key to an address saved before addresses were checked, which can name another host than it seems', async () => {
    const port = new URL(proxy.url).port;
    // WHATWG URL, as node:http reads it, goes to the host after the @.
    desk = await startDesk({ serviceUrl: `http://evil.invalid@127.0.0.1:${port}`, apiKey: newKey().key });
    expect(await desk.api.testConnection()).toMatchObject({ ok: false, error: { code: 'NO_API_KEY' } });
  });
});

describe('status and events', () => {
  it('reports queue counts, versions and where the service is', async () => {
    desk = await startDesk({ serviceUrl: proxy.url, apiKey: newKey().key });
    const { api } = desk;
    expect(await api.status()).toEqual({
      // The core probes the service as it starts; the answer may or may not be in yet.
      connection: expect.stringMatching(/^(unknown|online)$/),
      queue: { queued: 0, sending: 0, refused: 0, reconcile: 0, elsewhere: 0 },
      versions: { app: APP_VERSION, contract: CONTRACT_VERSION, runtime: RUNTIME },
      serviceUrl: proxy.url,
      embedded: false,
      upstream: expect.toBeOneOf([null, { name: expect.any(String), version: expect.any(String) }]),
      catalog: expect.objectContaining({ goods: expect.any(Number) }),
      cashier: null,
      storageFault: null,
      // No card terminal is set up: off, nothing pending.
      terminal: { state: 'off', answeredAt: null, pending: null },
      printer: null,
      // No updater: the test desk, as browser mode, never updates itself.
      update: null,
      // No scale set up.
      scale: null,
      customerDisplay: { state: 'off', reason: '' },
    });
    proxy.setMode('drop');
    await api.write('catalog.contrag.save', supplier('Counted while offline'), { waitMs: 100 });
    await api.write('catalog.contrag.save', supplier('Counted while offline too'), { waitMs: 100 });
    const offline = await eventually(
      () => api.status(),
      (s) => s.queue.sending === 0,
      'no send is in flight',
    );
    expect(offline).toMatchObject({
      connection: 'offline',
      queue: { queued: 2, sending: 0, refused: 0, reconcile: 0, elsewhere: 0 },
    });
  });

  it('delivers queue and connection events to each listener until it unsubscribes', async () => {
    desk = await startDesk({ serviceUrl: proxy.url, apiKey: newKey().key });
    const { api } = desk;
    const mine: BridgeEvent[] = [];
    const unsubscribe = api.onEvent((e) => mine.push(e));
    proxy.setMode('drop');
    const outcome = await api.write('catalog.contrag.save', supplier('Evented supplier'), { waitMs: 100 });
    expect(outcome.status).toBe('queued');
    proxy.setMode('pass');
    await api.settingsUpdate({});
    await waitUntil(async () => (await itemOf(api, outcome.id)).state === 'done', 'the write was sent');

    expect(mine.filter((e) => e.type === 'connection')).toEqual([
      { type: 'connection', state: 'offline' },
      { type: 'connection', state: 'online' },
    ]);
    const changes = mine.filter((e) => e.type === 'queue' && e.changedId === outcome.id);
    // Enqueued, sending, back in line, sending, done: the monitor sees each step, and the last counts show nothing open.
    expect(changes.length).toBeGreaterThanOrEqual(5);
    expect(changes.at(-1)).toEqual({
      type: 'queue',
      changedId: outcome.id,
      counts: { queued: 0, sending: 0, refused: 0, reconcile: 0, elsewhere: 0 },
    });

    unsubscribe();
    const before = mine.length;
    await api.write('catalog.contrag.save', supplier('Unheard supplier'));
    expect(mine.length).toBe(before);
    expect(desk.events.length).toBeGreaterThan(before);
  });
});

describe('the key in what the desk says', () => {
  it('never appears in an event, outcome, queue item, status, settings or error, good key or bad', async () => {
    const { key } = newKey();
    desk = await startDesk({ serviceUrl: proxy.url, apiKey: key });
    const { api, events } = desk;
    const said: unknown[] = [];
    const attempt = async (fn: () => Promise<unknown>) => {
      try {
        said.push(await fn());
      } catch (err) {
        said.push(seen(err));
      }
    };

    await attempt(() => api.read('service.ping', {}));
    await attempt(() => api.write('catalog.contrag.save', supplier('Key-free supplier')));
    // Refused in a group of its own: in the till's group it would hold every later write behind it.
    await attempt(() => api.write('catalog.contrag.save', { nt: '' }, { group: 'refused' }));
    await attempt(() => api.read('goods.card_main', { code: 'no such product' }));
    await attempt(() => api.testConnection());
    proxy.setMode('drop');
    await attempt(() => api.read('service.ping', {}));
    await attempt(() => api.write('catalog.contrag.save', supplier('Queued supplier'), { waitMs: 100 }));
    await attempt(() => api.testConnection());
    proxy.setMode('pass');
    for (const bad of [UNKNOWN_KEY, 'a key a header cannot carry: ключ']) {
      await attempt(() => api.serviceSet({ url: proxy.url, key: bad }));
      await attempt(() => api.serviceTest({ url: proxy.url, key: bad }));
      await attempt(() => api.read('service.ping', {}));
      await attempt(() => api.testConnection());
      await attempt(() => api.write('catalog.contrag.save', supplier('Supplier under a bad key'), { waitMs: 100 }));
    }
    await attempt(() => api.serviceSet({ url: proxy.url, key }));
    await waitUntil(() => queueSent(api), 'the queue was sent');
    await attempt(() => api.queueList());
    await attempt(() => api.status());
    await attempt(() => api.settingsGet());

    const transcript = JSON.stringify([said, events]);
    expect(said.some((s) => JSON.stringify(s).includes('UNAUTHORIZED'))).toBe(true);
    expect(said.some((s) => JSON.stringify(s).includes('NETWORK_ERROR'))).toBe(true);
    expect(transcript).not.toContain(key);
    expect(transcript).not.toContain(UNKNOWN_KEY);
    expect(transcript).not.toContain('ключ');
  });
});
