/**
 * Issue 12, item 3: a stored API key reaches only the address it was entered for, through every
 * path of the bridge: testing or saving a new address, the probe after a restart and every 15 s,
 * switching to the embedded service and back, a data folder of an older version, and a service
 * that answers with a redirect. The other addresses are recorders: small HTTP servers that note
 * every Authorization header and then either pass the request on to a real service (so they look
 * like a working one) or refuse it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../server/testing/harness.js';
import { SettingsStore } from './settings/settings-store.js';
import { startDesk, type TestDesk, waitUntil } from './testing/desk.js';

interface Recorder {
  readonly url: string;
  /** Every Authorization header it was sent ('' for none). */
  readonly seen: string[];
  close(): Promise<void>;
}

/** Notes the Authorization header, then forwards to `target`, redirects there, or refuses. */
async function startRecorder(behaviour: { forwardTo?: string; redirectTo?: string } = {}): Promise<Recorder> {
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(String(req.headers.authorization ?? ''));
    if (behaviour.redirectTo) {
      req.resume();
      res.writeHead(307, { Location: `${behaviour.redirectTo}${req.url ?? '/'}` });
      res.end();
      return;
    }
    if (behaviour.forwardTo) {
      const target = new URL(req.url ?? '/', behaviour.forwardTo);
      const out = request(target, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      out.on('error', () => res.destroy());
      req.pipe(out);
      return;
    }
    req.resume();
    res.writeHead(401, { 'Content-Type': 'application/json', 'WWW-Authenticate': 'Bearer' });
    res.end(JSON.stringify({ ok: false, error: { code: 'UNAUTHORIZED', message: 'no', details: [] }, request_id: 'x' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let shop: TestService;
let desk: TestDesk | undefined;
const recorders: Recorder[] = [];
const recorder = async (behaviour: Parameters<typeof startRecorder>[0] = {}) => {
  const r = await startRecorder(behaviour);
  recorders.push(r);
  return r;
};
const bearer = (key: string) => `Bearer ${key}`;

beforeAll(async () => {
  shop = await startTestService();
});
afterAll(async () => {
  await shop?.close();
});
afterEach(async () => {
  await desk?.close();
  desk = undefined;
  await Promise.all(recorders.splice(0).map((r) => r.close()));
});

describe('a stored key reaches only its own address', () => {
  it('when a new address is tested or saved from the bridge, in any spelling of it', async () => {
    const elsewhere = await recorder({ forwardTo: shop.url });
    desk = await startDesk({ serviceUrl: shop.url, apiKey: shop.key });
    for (const url of [elsewhere.url, `${elsewhere.url}/`, ` ${elsewhere.url} `, `${elsewhere.url}/v1/rpc`]) {
      expect(await desk.api.serviceTest({ url }), url).toMatchObject({ ok: false, error: { code: 'NO_API_KEY' } });
      await expect(desk.api.serviceSet({ url }), url).rejects.toMatchObject({ code: 'BAD_ARGUMENTS' });
    }
    expect(elsewhere.seen).toEqual([]);
    // With a key typed for it, that key and no other goes there.
    expect(await desk.api.serviceTest({ url: elsewhere.url, key: 'rk_typed_for_elsewhere' })).toMatchObject({ ok: false });
    expect(elsewhere.seen).toEqual([bearer('rk_typed_for_elsewhere')]);
  });

  it('in embedded mode: testing another address sends the embedded key nowhere, before or after a restart', async () => {
    const elsewhere = await recorder({ forwardTo: shop.url });
    desk = await startDesk();
    expect((await desk.api.settingsGet()).embedded).toBe(true);
    expect(await desk.api.serviceTest({ url: elsewhere.url })).toMatchObject({ ok: false, error: { code: 'NO_API_KEY' } });
    await expect(desk.api.serviceSet({ url: elsewhere.url })).rejects.toMatchObject({ code: 'BAD_ARGUMENTS' });
    await desk.stop();
    desk = await startDesk({ dataDir: desk.dataDir });
    expect((await desk.api.testConnection()).ok).toBe(true);
    expect(elsewhere.seen).toEqual([]);
  });

  it('after switching to a remote service and restarting, the probe sends only that service its own key', async () => {
    const remote = await recorder({ forwardTo: shop.url });
    desk = await startDesk();
    await desk.api.serviceSet({ url: remote.url, key: shop.key });
    await desk.stop();
    desk = await startDesk({ dataDir: desk.dataDir });
    // The start's probe, then the probe that runs every 15 s (the same call).
    await waitUntil(() => remote.seen.length >= 2, 'the restarted desk probed its service');
    expect((await desk.api.testConnection()).ok).toBe(true);
    expect(new Set(remote.seen)).toEqual(new Set([bearer(shop.key)]));
  });

  it('switching back to the embedded service sends the remote key nowhere else, and the embedded key never out', async () => {
    const remote = await recorder({ forwardTo: shop.url });
    desk = await startDesk();
    await desk.api.serviceSet({ url: remote.url, key: shop.key });
    await desk.api.serviceSet({ url: '' });
    expect((await desk.api.testConnection()).ok).toBe(true);
    expect((await desk.api.read('service.ping', {})).stale).toBe(false);
    await desk.stop();
    desk = await startDesk({ dataDir: desk.dataDir });
    expect((await desk.api.testConnection()).ok).toBe(true);
    expect(new Set(remote.seen)).toEqual(new Set([bearer(shop.key)]));
  });

  it('in a data folder an older version left with the embedded key and another address, the embedded key stays home', async () => {
    // The older desk kept one bare key; its embedded service's key stayed stored when only the address was changed.
    const elsewhere = await recorder({ forwardTo: shop.url });
    desk = await startDesk();
    const ring = JSON.parse(readFileSync(desk.secretFile, 'utf8')) as { keys: Record<string, string> };
    const embeddedKey = ring.keys[''] as string;
    await desk.stop();
    writeFileSync(desk.secretFile, embeddedKey, { mode: 0o600 });
    new SettingsStore(join(desk.dataDir, 'settings.json')).update({ serviceUrl: elsewhere.url });
    desk = await startDesk({ dataDir: desk.dataDir });
    await desk.api.testConnection();
    await desk.api.read('service.ping', {}).catch(() => undefined);
    expect(elsewhere.seen.filter((h) => h === bearer(embeddedKey))).toEqual([]);
    expect((await desk.api.settingsGet()).hasApiKey).toBe(false);
    // Back home, the embedded service still takes its own key.
    await desk.api.serviceSet({ url: '' });
    expect((await desk.api.testConnection()).ok).toBe(true);
  });

  it('when its service answers with a redirect to another address', async () => {
    const target = await recorder({ forwardTo: shop.url });
    const redirecting = await recorder({ redirectTo: target.url });
    desk = await startDesk({ serviceUrl: redirecting.url, apiKey: shop.key });
    const test = await desk.api.testConnection();
    expect(test.ok).toBe(false);
    await expect(desk.api.read('service.ping', {})).rejects.toBeTruthy();
    expect(await desk.api.serviceTest({ url: redirecting.url, key: shop.key })).toMatchObject({ ok: false });
    expect(redirecting.seen.length).toBeGreaterThan(0);
    // Not followed at all: an RPC service never redirects, and a redirect may lead anywhere.
    expect(target.seen).toEqual([]);
  });
});
