import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../shared-node/net/free-port.js';
import { RpcClient } from './client.js';
import { errorBody, json, okBody, type ScriptedServer, startScriptedServer } from './testing/scripted-server.js';

const KEY = 'k-secret-0123456789';

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());
afterEach(() => {
  server.received.length = 0;
  server.answer(json(200, okBody()));
});

const client = (over: Partial<ConstructorParameters<typeof RpcClient>[0]> = {}) =>
  new RpcClient({ baseUrl: () => server.url, apiKey: () => KEY, timeoutMs: 300, ...over });

const neverAnswer = () => {};

describe('RpcClient', () => {
  it('posts the envelope to /v1/rpc with the bearer key and no Idempotency-Key for a read', async () => {
    const outcome = await client().call('service.ping', {});
    expect(outcome).toEqual({ kind: 'ok', result: okBody().data.result, requestId: 'req-ok' });
    const [req] = server.received;
    expect(req?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req?.headers['content-type']).toBe('application/json');
    expect(req?.headers['idempotency-key']).toBeUndefined();
    expect(JSON.parse(req?.body ?? '')).toEqual({ method: 'service.ping', params: {} });
  });

  it('sends a write with the Idempotency-Key it was given', async () => {
    await client().call('pos.excise_clear_pending', { kasm: 2 }, { idempotencyKey: 'key-1' });
    expect(server.received[0]?.headers['idempotency-key']).toBe('key-1');
    expect(JSON.parse(server.received[0]?.body ?? '')).toEqual({ method: 'pos.excise_clear_pending', params: { kasm: 2 } });
  });

  it('reads the base URL on every call and tolerates a trailing slash', async () => {
    let base = 'http://127.0.0.1:1';
    const c = client({ baseUrl: () => base });
    base = `${server.url}/`;
    expect((await c.call('service.ping', {})).kind).toBe('ok');
  });

  it('refuses params that break the contract locally, with the issues, and sends nothing', async () => {
    const outcome = await client().call('pos.excise_clear_pending', { kasm: 'two', extra: 1 }, { idempotencyKey: 'k' });
    expect(outcome).toMatchObject({ kind: 'refused', status: null, error: { code: 'INVALID_PARAMETER' } });
    expect(outcome.kind === 'refused' && outcome.error.details.map((d) => d.path).sort()).toEqual([
      'params.extra',
      'params.kasm',
    ]);
    expect(server.received).toHaveLength(0);
  });

  it('refuses an unknown operation locally', async () => {
    const outcome = await client().call('pos.nothing' as 'service.ping', {});
    expect(outcome).toMatchObject({ kind: 'refused', status: null, error: { code: 'METHOD_NOT_FOUND' } });
    expect(server.received).toHaveLength(0);
  });

  it('refuses a write without an Idempotency-Key locally rather than mint one', async () => {
    const outcome = await client().call('pos.excise_clear_pending', {});
    expect(outcome).toMatchObject({ kind: 'refused', status: null, error: { code: 'IDEMPOTENCY_KEY_REQUIRED' } });
    expect(server.received).toHaveLength(0);
  });

  it('asks to retry with NO_API_KEY when no key is configured, and sends nothing', async () => {
    expect(await client({ apiKey: () => undefined }).call('service.ping', {})).toMatchObject({
      kind: 'retry',
      error: { code: 'NO_API_KEY' },
    });
    expect(await client({ apiKey: () => '' }).call('service.ping', {})).toMatchObject({
      kind: 'retry',
      error: { code: 'NO_API_KEY' },
    });
    expect(server.received).toHaveLength(0);
  });

  it('treats a key a header cannot carry as missing, without quoting it', async () => {
    const outcome = await client({ apiKey: () => 'bad\nkey' }).call('service.ping', {});
    expect(outcome).toMatchObject({ kind: 'retry', error: { code: 'NO_API_KEY' } });
    expect(JSON.stringify(outcome)).not.toContain('bad');
  });

  it('times out a service that never answers', async () => {
    server.answer(neverAnswer);
    const t0 = performance.now();
    const outcome = await client({ timeoutMs: 200 }).call('pos.excise_clear_pending', {}, { idempotencyKey: 'k' });
    expect(outcome).toMatchObject({ kind: 'retry', status: null, error: { code: 'TIMEOUT' } });
    expect(performance.now() - t0).toBeGreaterThanOrEqual(190);
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it('times out a service that sends its headers and then stalls', async () => {
    server.answer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"ok":');
    });
    expect(await client({ timeoutMs: 200 }).call('service.ping', {})).toMatchObject({
      kind: 'retry',
      error: { code: 'TIMEOUT' },
    });
  });

  it('asks to retry with NETWORK_ERROR when the socket is closed before an answer', async () => {
    server.answer((_req, res) => res.socket?.destroy());
    expect(await client().call('service.ping', {})).toMatchObject({
      kind: 'retry',
      status: null,
      error: { code: 'NETWORK_ERROR' },
    });
  });

  it('asks to retry with NETWORK_ERROR when the socket is closed in the middle of the body', async () => {
    server.answer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '500' });
      res.write('{"ok":true', () => res.socket?.destroy());
    });
    expect(await client().call('service.ping', {})).toMatchObject({ kind: 'retry', error: { code: 'NETWORK_ERROR' } });
  });

  it('names the refused connection without quoting the request', async () => {
    const port = await freePort();
    const outcome = await client({ baseUrl: () => `http://127.0.0.1:${port}` }).call('service.ping', {});
    expect(outcome).toMatchObject({ kind: 'retry', error: { code: 'NETWORK_ERROR' } });
    expect(outcome.kind === 'retry' && outcome.error.message).toContain('ECONNREFUSED');
  });

  it('asks to retry with BAD_RESPONSE when the answer is garbage', async () => {
    server.answer((_req, res) => {
      res.writeHead(502, { 'Content-Type': 'text/html' });
      res.end('<html>proxy error</html>');
    });
    expect(await client().call('service.ping', {})).toMatchObject({
      kind: 'retry',
      status: 502,
      error: { code: 'BAD_RESPONSE' },
    });
  });

  it('passes on the Retry-After of a rate-limited answer', async () => {
    server.answer(json(429, errorBody('RATE_LIMITED'), { 'Retry-After': '2' }));
    expect(await client().call('service.ping', {})).toMatchObject({ kind: 'retry', status: 429, retryAfterMs: 2000 });
  });

  it('ends a cancelled call as a retry at once', async () => {
    server.answer(neverAnswer);
    const abort = new AbortController();
    const pending = client({ timeoutMs: 5000 }).call('service.ping', {}, { signal: abort.signal });
    setTimeout(() => abort.abort(), 50);
    const t0 = performance.now();
    expect(await pending).toMatchObject({
      kind: 'retry',
      error: { code: 'NETWORK_ERROR', message: expect.stringContaining('cancelled') },
    });
    expect(performance.now() - t0).toBeLessThan(1000);
  });

  it('sends nothing when the signal is already aborted', async () => {
    expect(await client().call('service.ping', {}, { signal: AbortSignal.abort() })).toMatchObject({ kind: 'retry' });
    expect(server.received).toHaveLength(0);
  });

  it('never lets the key into an error, even when the service echoes it', async () => {
    server.answer((req, res) =>
      json(401, errorBody('UNAUTHORIZED', `unknown key ${req.headers.authorization}`, [{ path: KEY, problem: KEY }]))(req, res),
    );
    const outcome = await client().call('service.ping', {});
    expect(outcome).toMatchObject({ kind: 'retry', status: 401, error: { code: 'UNAUTHORIZED' } });
    expect(JSON.stringify(outcome)).not.toContain(KEY);
  });
});
