/** Requests no ordinary client sends still get an HTTP answer, never a silent close. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeUpstream } from '../testing/fake-upstream.js';
import { startTestService, type TestService } from '../testing/harness.js';
import { postHead, rawConnect } from '../testing/raw-http.js';

const upstream = fakeUpstream(() => ({ status: { affected: 1 } }));
let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ upstream });
});
afterAll(() => svc.close());

async function ask(head: string) {
  const c = await rawConnect(svc.url, head);
  try {
    const a = await c.answer;
    return { ...a, json: a.body ? JSON.parse(a.body) : undefined };
  } finally {
    c.socket.destroy();
  }
}

describe('odd requests', () => {
  it('answers CONNECT with 405 and Allow: POST', async () => {
    const a = await ask('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    expect(a.status).toBe(405);
    expect(a.headers.allow).toBe('POST');
    expect(a.json.error.code).toBe('HTTP_METHOD_NOT_ALLOWED');
    expect(a.json.request_id).toMatch(/^req_/);
  });

  it('answers an upgrade request like any other', async () => {
    const a = await ask('GET /v1/rpc HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n');
    expect(a.status).toBe(405);
    expect(a.headers.allow).toBe('POST');
  });

  it('answers other methods with 405', async () => {
    for (const method of ['PUT', 'DELETE', 'PROPFIND', 'OPTIONS']) {
      const a = await ask(`${method} /v1/rpc HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n`);
      expect(a.status).toBe(405);
      expect(a.json.error.code).toBe('HTTP_METHOD_NOT_ALLOWED');
    }
  });

  it('answers a method or request line node:http cannot parse with 400 in the documented body', async () => {
    for (const head of ['FROBNICATE /v1/rpc HTTP/1.1\r\nHost: x\r\n\r\n', 'not http at all\r\n\r\n']) {
      const a = await ask(head);
      expect(a.status).toBe(400);
      expect(a.json.error.code).toBe('INVALID_REQUEST');
    }
  });

  it('answers headers larger than node:http takes with 431', async () => {
    const a = await ask(`POST /v1/rpc HTTP/1.1\r\nHost: x\r\nX-Big: ${'y'.repeat(32 * 1024)}\r\n\r\n`);
    expect(a.status).toBe(431);
  });

  it('reads a body that arrives in pieces, a character split between two of them', async () => {
    const body = Buffer.from(JSON.stringify({ method: 'pos.find_code', params: { code: 'Їжак-€' } }));
    const euro = body.indexOf(Buffer.from('€'));
    const c = await rawConnect(svc.url, postHead({ Authorization: `Bearer ${svc.key}`, 'Content-Length': body.length }));
    for (const piece of [body.subarray(0, euro + 1), body.subarray(euro + 1, euro + 2), body.subarray(euro + 2)]) {
      c.socket.write(piece);
      await new Promise((r) => setTimeout(r, 20));
    }
    const a = await c.answer;
    c.socket.destroy();
    expect(a.status).toBe(200);
    expect(upstream.calls.at(-1)?.params).toMatchObject({ code: 'Їжак-€' });
  });

  it('takes a request in the absolute form, as HTTP/1.1 asks of a server', async () => {
    const body = JSON.stringify({ method: 'service.ping', params: {} });
    const a = await ask(
      `POST ${svc.url}/v1/rpc?x=1 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${svc.key}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    expect(a.status).toBe(200);
  });

  it('refuses two Idempotency-Key headers, which node:http would join into one key', async () => {
    const body = JSON.stringify({ method: 'pos.excise_clear_pending', params: { kasm: 1 } });
    const head = postHead({ Authorization: `Bearer ${svc.key}`, 'Content-Length': body.length }).replace(
      '\r\n\r\n',
      '\r\nIdempotency-Key: a\r\nIdempotency-Key: b\r\n\r\n',
    );
    const calls = upstream.calls.length;
    const a = await ask(`${head}${body}`);
    expect(a.status).toBe(422);
    expect(a.json.error.code).toBe('IDEMPOTENCY_KEY_INVALID');
    expect(upstream.calls.length).toBe(calls);
  });
});
