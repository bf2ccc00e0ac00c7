import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BridgeError } from '../../shared/bridge/errors.js';
import { type FakeApi, fakeApi, SAMPLE_VALUES, VALID_ARGS } from '../transport/testing/fake-api.js';
import { type Host, startHost } from './host.js';
import { bridgePost, portOf, raw } from './testing/http.js';

let api: FakeApi;
let host: Host;
let port: number;
const faults: unknown[] = [];

beforeEach(async () => {
  api = fakeApi();
  faults.length = 0;
  host = await startHost({ api, logFault: (_what, err) => faults.push(err) });
  port = portOf(host.url);
});
afterEach(() => host.close());

const json = (body: string) =>
  JSON.parse(body) as { ok: boolean; value?: unknown; error?: { code: string; message: string; details: unknown[] } };

describe('the browser host', () => {
  it('listens on 127.0.0.1 and gives the token only in the URL fragment', () => {
    const url = new URL(host.url);
    expect(url.hostname).toBe('127.0.0.1');
    expect(url.pathname).toBe('/');
    expect(url.search).toBe('');
    expect(url.hash).toBe(`#token=${host.token}`);
    expect(host.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('makes a new token every run', async () => {
    const other = await startHost({ api });
    expect(other.token).not.toBe(host.token);
    await other.close();
  });

  it('answers a good call with the value and hands the core the validated arguments', async () => {
    const res = await bridgePost(port, 'queueReconcile', VALID_ARGS.queueReconcile, host.token);
    expect(res.status).toBe(200);
    expect(json(res.body)).toEqual({ ok: true, value: SAMPLE_VALUES.queueReconcile });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(api.calls).toEqual([{ message: 'queueReconcile', args: [7, 'checked in the back office'] }]);
  });

  it('refuses a call without the token with 401 and never reaches the core', async () => {
    const res = await bridgePost(port, 'status', [], undefined);
    expect(res.status).toBe(401);
    expect(json(res.body).error?.code).toBe('UNAUTHORIZED');
    expect(api.calls).toEqual([]);
  });

  it('refuses a call with a wrong token with 401', async () => {
    const wrong = `${host.token.slice(0, -1)}${host.token.endsWith('A') ? 'B' : 'A'}`;
    expect((await bridgePost(port, 'status', [], wrong)).status).toBe(401);
    expect((await bridgePost(port, 'status', [], '')).status).toBe(401);
    expect(api.calls).toEqual([]);
  });

  it('refuses a call with the token in the query instead of the header', async () => {
    const res = await raw(port, {
      method: 'POST',
      path: `/bridge/status?token=${host.token}`,
      headers: { 'Content-Type': 'application/json' },
      body: '[]',
    });
    expect(res.status).toBe(401);
  });

  it.each([
    ['a DNS-rebound name', (p: number) => `evil.example:${p}`],
    ['another port', () => '127.0.0.1:1'],
    ['no port', () => '127.0.0.1'],
    ['a LAN address', (p: number) => `192.168.1.10:${p}`],
  ])('refuses a request whose Host header is %s with 421, token or not', async (_case, hostFor) => {
    const headers = { Host: hostFor(port) };
    expect((await bridgePost(port, 'status', [], host.token, headers)).status).toBe(421);
    expect((await raw(port, { path: '/', headers })).status).toBe(421);
    expect(api.calls).toEqual([]);
  });

  it('accepts localhost as well as 127.0.0.1 in the Host header', async () => {
    expect((await bridgePost(port, 'status', [], host.token, { Host: `localhost:${port}` })).status).toBe(200);
  });

  it('refuses a request from a foreign Origin with 403', async () => {
    for (const origin of ['http://evil.example', `http://localhost:${port}`, 'null', `https://127.0.0.1:${port}`]) {
      const res = await bridgePost(port, 'status', [], host.token, { Origin: origin });
      expect(res.status, origin).toBe(403);
    }
    expect(api.calls).toEqual([]);
  });

  it('accepts its own Origin', async () => {
    expect((await bridgePost(port, 'status', [], host.token, { Origin: `http://127.0.0.1:${port}` })).status).toBe(200);
  });

  it('refuses a request the browser marks as cross-site with 403', async () => {
    expect((await bridgePost(port, 'status', [], host.token, { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect((await bridgePost(port, 'status', [], host.token, { 'Sec-Fetch-Site': 'same-origin' })).status).toBe(200);
  });

  it('refuses bad arguments with 400 and the path of the issue', async () => {
    const res = await bridgePost(port, 'queueRetry', ['seven'], host.token);
    expect(res.status).toBe(400);
    const body = json(res.body);
    expect(body.error?.code).toBe('BAD_ARGUMENTS');
    expect(body.error?.details).toEqual([expect.objectContaining({ path: 'args.id' })]);
    expect(api.calls).toEqual([]);
  });

  it("checks a register key's message as the IPC handler does, and never queues its password through write", async () => {
    const load = await bridgePost(
      port,
      'loadKey',
      [{ kasm: 1, container: 'A'.repeat(87_388), password: 'secret-1' }],
      host.token,
    );
    expect(load.status).toBe(400);
    expect(json(load.body).error?.details).toEqual([expect.objectContaining({ path: 'params.container' })]);
    const unlock = await bridgePost(port, 'unlockKey', [{ kasm: 1, password: 'secret-1' }, { confirmation: 'x' }], host.token);
    expect(json(unlock.body).error?.details).toEqual([expect.objectContaining({ path: 'options.confirmation' })]);
    const queued = await bridgePost(port, 'write', ['pos.prro_key_unlock', { kasm: 1, password: 'secret-1' }], host.token);
    expect(queued.status).toBe(400);
    expect(json(queued.body).error?.details).toEqual([
      { path: 'method', problem: 'carries a password, which is never queued: use its own bridge message, unlockKey' },
    ]);
    expect(api.calls).toEqual([]);
    const good = await bridgePost(port, 'unlockKey', [{ kasm: 2, password: 'secret-1' }, { confirmation: 5 }], host.token);
    expect(good.status).toBe(200);
    expect(api.calls).toEqual([{ message: 'unlockKey', args: [{ kasm: 2, password: 'secret-1' }, { confirmation: 5 }] }]);
  });

  it('refuses a read of a write operation with 400 at the path method', async () => {
    const res = await bridgePost(port, 'read', ['pos.card_setting_save', {}], host.token);
    expect(res.status).toBe(400);
    expect(json(res.body).error?.details).toEqual([expect.objectContaining({ path: 'method' })]);
  });

  it('refuses a body that is not a JSON array with 400', async () => {
    const notJson = await raw(port, {
      method: 'POST',
      path: '/bridge/status',
      headers: { 'Content-Type': 'application/json', 'X-Cashdesk-Token': host.token },
      body: '[',
    });
    expect(notJson.status).toBe(400);
    expect((await bridgePost(port, 'status', { not: 'a list' }, host.token)).status).toBe(400);
  });

  it('answers an unknown message with 404', async () => {
    for (const name of ['launchMissiles', 'onEvent', 'constructor', '__proto__']) {
      const res = await bridgePost(port, name, [], host.token);
      expect(res.status, name).toBe(404);
      expect(json(res.body).error?.code).toBe('UNKNOWN_MESSAGE');
    }
  });

  it('takes messages by POST only', async () => {
    const res = await raw(port, { path: '/bridge/status', headers: { 'X-Cashdesk-Token': host.token } });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
  });

  it('takes only application/json bodies, so a cross-site form cannot post without a preflight', async () => {
    const res = await raw(port, {
      method: 'POST',
      path: '/bridge/status',
      headers: { 'Content-Type': 'text/plain', 'X-Cashdesk-Token': host.token },
      body: '[]',
    });
    expect(res.status).toBe(415);
  });

  it('refuses a body over 1 MiB with 413', async () => {
    const res = await bridgePost(port, 'serviceTest', [{ url: '', key: 'x'.repeat(1024 * 1024 + 10) }], host.token);
    expect(res.status).toBe(413);
    expect(api.calls).toEqual([]);
  });

  it('turns a fault of the core into 500 with a generic message and no stack', async () => {
    api.failNext(new Error('SQLITE_CORRUPT at /home/till/.data/outbox.sqlite'));
    const res = await bridgePost(port, 'status', [], host.token);
    expect(res.status).toBe(500);
    const body = json(res.body);
    expect(body.error?.code).toBe('INTERNAL');
    expect(res.body).not.toContain('SQLITE');
    expect(res.body).not.toContain('    at ');
    expect(faults).toHaveLength(1);
  });

  it("passes the core's own refusal through with its code and details", async () => {
    api.failNext(new BridgeError('NO_API_KEY', 'no API key is set', [{ path: 'settings.apiKey', problem: 'is not set' }]));
    const res = await bridgePost(port, 'testConnection', [], host.token);
    expect(res.status).toBe(422);
    expect(json(res.body).error).toEqual({
      code: 'NO_API_KEY',
      message: 'no API key is set',
      details: [{ path: 'settings.apiKey', problem: 'is not set' }],
    });
    expect(faults).toEqual([]);
  });

  it('keeps working after a refused request', async () => {
    await bridgePost(port, 'status', [], 'nope');
    expect((await bridgePost(port, 'status', [], host.token)).status).toBe(200);
  });

  it('releases its port on close', async () => {
    await host.close();
    await expect(raw(port)).rejects.toThrow();
    host = await startHost({ api, port });
    expect(portOf(host.url)).toBe(port);
  });
});

describe('the host without a built renderer', () => {
  it('answers page requests with 404 but still serves the bridge', async () => {
    const res = await raw(port, { path: '/' });
    expect(res.status).toBe(404);
    expect((await bridgePost(port, 'status', [], host.token)).status).toBe(200);
  });
});
