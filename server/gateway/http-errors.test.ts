import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeUpstream } from '../testing/fake-upstream.js';
import { startTestService, type TestService } from '../testing/harness.js';
import { refuse, UpstreamError } from '../upstream/upstream.js';

let behaviour: 'ok' | 'down' | 'hang' | 'breach' | 'crash' | 'refuse' = 'ok';
const upstream = fakeUpstream(async (call) => {
  switch (behaviour) {
    case 'down':
      throw new UpstreamError('connection refused', false);
    case 'hang':
      return new Promise(() => {});
    case 'breach':
      return { rows: [{ balance: 'twelve' }] };
    case 'crash':
      throw new TypeError('secret internals at /srv/app.js:12');
    case 'refuse':
      throw refuse('params.kasm', 'till.unknown', { kasm: 9 });
    default:
      if (call.op.name === 'pos.cashdesk_balance') return { rows: [{ balance: 0.1 + 0.2 }] };
      return { status: { affected: 1 } };
  }
});

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ upstream, upstreamTimeoutMs: 300, bodyLimit: 64 * 1024 });
});
afterAll(() => svc.close());

const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${svc.url}/v1/rpc`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${svc.key}`, ...headers },
    body,
  });

describe('the success envelope', () => {
  it('has exactly the members the spec lists and echoes the id whatever its JSON type', async () => {
    behaviour = 'ok';
    for (const id of ['abc', 42, null]) {
      const r = await svc.call('pos.cashdesk_balance', { akas: 'KAS1' }, { id });
      expect(r.status).toBe(200);
      expect(Object.keys(r.body).sort()).toEqual(['data', 'ok', 'request_id']);
      expect(r.body.ok).toBe(true);
      expect(r.body.data).toEqual({
        method: 'pos.cashdesk_balance',
        id,
        result: {
          upstream: { name: 'fake-backoffice', version: '0.4.0', resource: 'pos' },
          status: { code: 'OK', operation: 'cashdesk_balance', value: '1' },
          rows: [{ balance: '0.3' }],
        },
      });
      expect(r.body.request_id).toMatch(/^req_[0-9a-f]{24}$/);
      expect(r.headers.get('x-request-id')).toBe(r.body.request_id);
    }
  });

  it('echoes a null id when the request has none', async () => {
    const r = await svc.call('service.ping', {});
    expect(r.body.data.id).toBeNull();
    expect(r.body.data.result.status).toEqual({ code: 'OK', operation: 'ping' });
    expect(r.body.data.result.rows).toEqual([]);
  });
});

describe('refusals', () => {
  it('names the reason and values of a business refusal beside its English problem', async () => {
    behaviour = 'refuse';
    const r = await svc.call('pos.cashdesk_balance', { akas: 'KAS1' });
    expect(r.status).toBe(422);
    expect(r.body.error).toEqual({
      code: 'INVALID_PARAMETER',
      message: 'names no till: 9',
      details: [{ path: 'params.kasm', problem: 'names no till: 9', reason: 'till.unknown', values: { kasm: '9' } }],
    });
    behaviour = 'ok';
  });

  const expectError = async (res: Response, status: number, code: string) => {
    const body = (await res.json()) as {
      ok: boolean;
      error: { code: string; message: string; details: unknown[] };
      request_id: string;
    };
    expect(res.status).toBe(status);
    expect(body.ok).toBe(false);
    expect(body.error.code).toBe(code);
    expect(typeof body.error.message).toBe('string');
    expect(Array.isArray(body.error.details)).toBe(true);
    expect(body.request_id).toMatch(/^req_/);
    expect(JSON.stringify(body)).not.toContain(svc.key);
    return body;
  };

  it('answers 400 to a body that is not JSON', async () => {
    await expectError(await post('{"method":'), 400, 'INVALID_REQUEST');
  });

  it('answers 400 to an envelope with an unknown member, naming it', async () => {
    const body = await expectError(
      await post(JSON.stringify({ method: 'service.ping', params: {}, extra: 1 })),
      400,
      'INVALID_REQUEST',
    );
    expect(body.error.details).toContainEqual({
      path: 'extra',
      problem: 'is not a member of the envelope',
      reason: 'envelope.member',
      values: {},
    });
  });

  it('answers 400 to a fractional id', async () => {
    await expectError(await post(JSON.stringify({ method: 'service.ping', params: {}, id: 1.5 })), 400, 'INVALID_REQUEST');
  });

  it('answers 404 to an unknown operation', async () => {
    await expectError(await post(JSON.stringify({ method: 'pos.nope', params: {} })), 404, 'METHOD_NOT_FOUND');
  });

  it('answers 401 with a Bearer challenge when the key is missing, wrong or revoked', async () => {
    const missing = await fetch(`${svc.url}/v1/rpc`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ method: 'service.ping', params: {} }),
    });
    expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer realm=/);
    await expectError(missing, 401, 'UNAUTHORIZED');
    const wrong = await post(JSON.stringify({ method: 'service.ping', params: {} }), { Authorization: `Bearer ${svc.key}x` });
    expect(wrong.headers.get('www-authenticate')).toContain('error="invalid_token"');
    await expectError(wrong, 401, 'UNAUTHORIZED');
    const { key } = svc.service.keys.create('soon-revoked', 'all');
    expect((await svc.call('service.ping', {}, { key })).status).toBe(200);
    svc.service.keys.revoke('soon-revoked');
    expect((await svc.call('service.ping', {}, { key })).status).toBe(401);
  });

  it('answers 403 naming the scope the key lacks', async () => {
    const { key } = svc.service.keys.create('reader', ['pos.read']);
    expect((await svc.call('pos.cashdesk_balance', { akas: 'KAS1' }, { key })).status).toBe(200);
    const r = await svc.call('service.ping', {}, { key });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('INSUFFICIENT_SCOPE');
    expect(r.body.error.message).toContain('diagnostics.read');
    expect(r.headers.get('www-authenticate')).toContain('scope="diagnostics.read"');
  });

  it('answers 413 to a body over the limit', async () => {
    const huge = JSON.stringify({ method: 'service.ping', params: {}, id: 'x'.repeat(70 * 1024) });
    await expectError(await post(huge), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('answers 415 to a body that is not sent as JSON', async () => {
    await expectError(await post('{}', { 'Content-Type': 'text/plain' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 405 to GET /v1/rpc and 404 to other paths', async () => {
    const get = await fetch(`${svc.url}/v1/rpc`);
    expect(get.headers.get('allow')).toBe('POST');
    await expectError(get, 405, 'HTTP_METHOD_NOT_ALLOWED');
    await expectError(await fetch(`${svc.url}/v2/rpc`, { method: 'POST' }), 404, 'NOT_FOUND');
  });

  it('answers 502 when the upstream is down, hangs past the timeout or breaks the contract', async () => {
    for (const b of ['down', 'hang', 'breach'] as const) {
      behaviour = b;
      await expectError(
        await post(JSON.stringify({ method: 'pos.cashdesk_balance', params: { akas: 'K' } })),
        502,
        'UPSTREAM_FAILURE',
      );
    }
    behaviour = 'ok';
  });

  it('answers 500 without internals when the service itself fails', async () => {
    behaviour = 'crash';
    const body = await expectError(await post(JSON.stringify({ method: 'service.ping', params: {} })), 500, 'INTERNAL');
    expect(JSON.stringify(body)).not.toMatch(/secret internals|app\.js|TypeError/);
    behaviour = 'ok';
  });

  it('answers /healthz for monitors', async () => {
    const r = await fetch(`${svc.url}/healthz`);
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ ok: true, upstream: 'fake-backoffice' });
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After once a key spends its burst', async () => {
    const limited = await startTestService({ upstream, rateLimit: { perSecond: 1, burst: 3 } });
    try {
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (let i = 0; i < 5; i++) {
        const r = await limited.call('service.ping', {});
        statuses.push(r.status);
        if (r.status === 429) {
          retryAfter = r.headers.get('retry-after');
          expect(r.body.error.code).toBe('RATE_LIMITED');
        }
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    } finally {
      await limited.close();
    }
  });
});
