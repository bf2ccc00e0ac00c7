/**
 * Where the till's service is and its key: changed together, checked before they are saved,
 * applied at once; a key only ever goes to its own address; each queued write goes only to the
 * service it was made for.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../server/testing/harness.js';
import { itemOf, startDesk, type TestDesk, waitUntil } from './testing/desk.js';

let shopA: TestService;
let shopB: TestService;
let desk: TestDesk;
/** Authorization headers a stranger at another address was sent. */
let stranger: { server: Server; url: string; seen: string[] };

beforeAll(async () => {
  [shopA, shopB] = await Promise.all([startTestService(), startTestService()]);
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(String(req.headers.authorization ?? ''));
    res.writeHead(401, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ ok: false, error: { code: 'UNAUTHORIZED', message: 'no', details: [] }, request_id: 'x' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stranger = { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
});
afterAll(async () => {
  await new Promise((resolve) => stranger.server.close(resolve));
  await Promise.all([shopA?.close(), shopB?.close()]);
});
afterEach(async () => {
  await desk?.close();
  stranger.seen.length = 0;
});

const supplier = (nt: string) => ({ nt });
const counterparties = (shop: TestService, name: string) =>
  shop.service.db.prepare('SELECT count(*) FROM counterparties WHERE name = ?').pluck().get(name) as number;

describe('pointing the till at a service', () => {
  it('takes a new address only with the key entered with it, and never sends the stored key there', async () => {
    desk = await startDesk({ serviceUrl: shopA.url, apiKey: shopA.key });
    await expect(desk.api.serviceSet({ url: stranger.url })).rejects.toMatchObject({
      code: 'BAD_ARGUMENTS',
      details: [{ path: 'change.key' }],
    });
    expect(await desk.api.serviceTest({ url: stranger.url })).toMatchObject({ ok: false, error: { code: 'NO_API_KEY' } });
    expect(stranger.seen).toEqual([]);
    await expect(desk.api.serviceSet({ url: stranger.url, key: 'rk_typed_for_the_stranger' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    expect(stranger.seen).toEqual(['Bearer rk_typed_for_the_stranger']);
    // Refused, so nothing changed: the till still works with shop A.
    expect((await desk.api.settingsGet()).serviceUrl).toBe(shopA.url);
    expect((await desk.api.read('service.ping', {})).stale).toBe(false);
  });

  it('applies a new address and key at once, without a restart, and names the service', async () => {
    desk = await startDesk({ serviceUrl: shopA.url, apiKey: shopA.key });
    const settings = await desk.api.serviceSet({ url: shopB.url, key: shopB.key });
    expect(settings).toMatchObject({ serviceUrl: shopB.url, hasApiKey: true, embedded: false });
    expect(await desk.api.status()).toMatchObject({ connection: 'online', upstream: { name: 'cashdesk-backoffice' } });
    expect((await desk.api.write('catalog.contrag.save', supplier('Goes to B'))).status).toBe('done');
    expect([counterparties(shopA, 'Goes to B'), counterparties(shopB, 'Goes to B')]).toEqual([0, 1]);
  });

  it('asks before switching with writes still waiting, and sends each only to the service it was made for', async () => {
    desk = await startDesk({ serviceUrl: shopA.url, apiKey: shopA.key });
    const { api } = desk;
    // A write for shop A that A refuses: it waits for a person, bound to A.
    const refused = await api.write('catalog.contrag.save', { nt: '' }, { group: 'a-refused' });
    expect(refused.status).toBe('refused');

    await expect(api.serviceSet({ url: shopB.url, key: shopB.key })).rejects.toMatchObject({ code: 'QUEUED_WRITES' });
    expect((await api.settingsGet()).serviceUrl).toBe(shopA.url);
    await api.serviceSet({ url: shopB.url, key: shopB.key, queued: 'keep' });
    expect((await api.status()).queue).toMatchObject({ refused: 0, elsewhere: 1 });

    // A person retries it while the till works with B: it waits for A, it does not go to B.
    const retried = await api.queueRetry(refused.id);
    expect(retried).toMatchObject({ state: 'queued', service: shopA.url });
    const forB = await api.write('catalog.contrag.save', supplier('Made for B'));
    expect(forB.status).toBe('done');
    expect((await itemOf(api, refused.id)).state).toBe('queued');

    await api.serviceSet({ url: shopA.url, key: shopA.key, queued: 'keep' });
    await waitUntil(async () => (await itemOf(api, refused.id)).state === 'refused', 'the retried write reached A again');
    expect(counterparties(shopA, 'Made for B')).toBe(0);
  });

  it('switches to its own embedded service and back, each with its own key', async () => {
    desk = await startDesk({ serviceUrl: shopA.url, apiKey: shopA.key });
    const embedded = await desk.api.serviceSet({ url: '' });
    expect(embedded).toMatchObject({ embedded: true, hasApiKey: true, serviceUrl: '' });
    expect((await desk.api.write('catalog.contrag.save', supplier('Embedded only'))).status).toBe('done');
    expect(counterparties(shopA, 'Embedded only')).toBe(0);
    const back = await desk.api.serviceSet({ url: shopA.url, key: shopA.key });
    expect(back).toMatchObject({ embedded: false, serviceUrl: shopA.url });
    expect((await desk.api.read('service.ping', {})).stale).toBe(false);
  });
});

describe('the status after a switch', () => {
  it('names the new service at once, and a late answer of the old one does not bring it back', async () => {
    const slow = await slowProxyTo(shopA);
    try {
      desk = await startDesk({ serviceUrl: slow.url, apiKey: shopA.key });
      await waitUntil(async () => (await desk.api.status()).upstream?.name === 'the-old-service', 'the old service answered');
      const late = desk.api.testConnection();
      await desk.api.serviceSet({ url: shopB.url, key: shopB.key });
      expect(await desk.api.status()).toMatchObject({
        serviceUrl: shopB.url,
        embedded: false,
        connection: 'online',
        upstream: { name: 'cashdesk-backoffice' },
      });
      expect((await late).upstream?.name).toBe('the-old-service');
      expect(await desk.api.status()).toMatchObject({ serviceUrl: shopB.url, upstream: { name: 'cashdesk-backoffice' } });
    } finally {
      await slow.close();
    }
  });

  it('signs nobody in, and caches nothing, from answers of the old service that arrive after a switch', async () => {
    await shopA.call('catalog.users.save', { nt: 'Касир Старої Каси', card: '7001', level: '1' });
    await shopA.call('catalog.users.set_pin', { card: '7001', pin: '7007' });
    const slow = await slowProxyTo(shopA);
    try {
      desk = await startDesk({ serviceUrl: slow.url, apiKey: shopA.key });
      const signIn = desk.api.signIn({ kasm: 1, card: '7001', pin: '7007' });
      const card = desk.api.read('pos.debt_open_rows', { card: '7001' });
      await desk.api.serviceSet({ url: shopB.url, key: shopB.key });
      await expect(signIn).rejects.toMatchObject({ code: 'SERVICE_CHANGED' });
      expect((await desk.api.status()).cashier).toBeNull();
      // A's answer to the read came after the switch: it is not kept to be served as B's, marked stale.
      await card.catch(() => undefined);
      const outbox = new Database(join(desk.dataDir, 'outbox.sqlite'), { readonly: true });
      try {
        expect(outbox.prepare("SELECT count(*) FROM read_cache WHERE method = 'pos.debt_open_rows'").pluck().get()).toBe(0);
      } finally {
        outbox.close();
      }
    } finally {
      await slow.close();
    }
  });
});

/** A proxy to a shop whose answers come 400 ms late, under a name of their own: a service the till is leaving. */
async function slowProxyTo(shop: TestService): Promise<{ url: string; close(): Promise<void> }> {
  const slow = createServer((req, res) => {
    const out = request(new URL(req.url ?? '/', shop.url), { method: req.method, headers: req.headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (c: Buffer) => chunks.push(c));
      answer.on('end', () =>
        setTimeout(() => {
          const body = Buffer.concat(chunks).toString('utf8').replaceAll('"cashdesk-backoffice"', '"the-old-service"');
          res.writeHead(answer.statusCode ?? 502, { 'Content-Type': 'application/json' });
          res.end(body);
        }, 400),
      );
    });
    req.pipe(out);
  });
  await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(slow.address() as AddressInfo).port}`,
    async close() {
      slow.closeAllConnections();
      await new Promise((resolve) => slow.close(resolve));
    },
  };
}
