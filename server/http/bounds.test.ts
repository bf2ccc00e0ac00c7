/**
 * What a client without a key, or with one and bad manners, can make the service hold: no body
 * is read before the key is checked, body bytes in flight stay under the cap, a body that does
 * not arrive in time ends with 408, and connections past the cap are closed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fakeUpstream } from '../testing/fake-upstream.js';
import { startTestService, type TestService } from '../testing/harness.js';
import { postHead, rawConnect, until } from '../testing/raw-http.js';

const upstream = fakeUpstream(() => ({ status: { affected: 1 } }));
const running: TestService[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function serviceWith(extra: Parameters<typeof startTestService>[0] = {}) {
  const svc = await startTestService({ upstream, ...extra });
  running.push(svc);
  return svc;
}

const ping = JSON.stringify({ method: 'service.ping', params: {} });

describe('before the body', () => {
  it('answers 401 from the headers alone: a body without a valid key is never read', async () => {
    const svc = await serviceWith();
    const wrong = 'Bearer rk_0123456789abcdef_wrongwrongwrongwrongwrongwrongwrongwrongwro';
    for (const auth of [{}, { Authorization: wrong }] as Record<string, string>[]) {
      // Headers declaring a large body, and no body at all: the answer must come without it.
      const c = await rawConnect(svc.url, postHead({ ...auth, 'Content-Length': 900_000 }));
      const a = await c.answer;
      expect(a.status).toBe(401);
      expect(a.headers['www-authenticate']).toMatch(/^Bearer realm=/);
      expect(a.headers.connection).toBe('close');
      expect(JSON.parse(a.body).error.code).toBe('UNAUTHORIZED');
      c.socket.destroy();
    }
    expect(svc.service.load().bodyBytesPeak).toBe(0);
  });

  it('tells a client that waits (Expect: 100-continue) to send its body only once its key passed', async () => {
    const svc = await serviceWith();
    const refused = await rawConnect(svc.url, postHead({ Expect: '100-continue', 'Content-Length': ping.length }));
    const no = await refused.answer;
    expect(no.status).toBe(401);
    expect(await refused.closed).toEqual({ answered: true });
    const allowed = await rawConnect(
      svc.url,
      postHead({ Authorization: `Bearer ${svc.key}`, Expect: '100-continue', 'Content-Length': ping.length }),
    );
    expect((await allowed.answer).status).toBe(100);
    allowed.send(ping);
    // The final answer follows the interim one on the same connection.
    await until(() => allowed.received().includes('HTTP/1.1 200'));
    allowed.socket.destroy();
  });

  it('answers 429 from the headers alone once a key spends its burst', async () => {
    const svc = await serviceWith({ rateLimit: { perSecond: 0.001, burst: 1 } });
    expect((await svc.call('service.ping', {})).status).toBe(200);
    const c = await rawConnect(svc.url, postHead({ Authorization: `Bearer ${svc.key}`, 'Content-Length': 900_000 }));
    const a = await c.answer;
    expect(a.status).toBe(429);
    expect(Number(a.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    c.socket.destroy();
  });
});

describe('body bytes in flight', () => {
  it('never holds more than the cap, however many clients declare large bodies and send slowly', async () => {
    const cap = 256 * 1024;
    const svc = await serviceWith({ bodyLimit: 64 * 1024, bodyBytesInFlight: cap, requestTimeoutMs: 1500 });
    const clients = await Promise.all(
      Array.from({ length: 40 }, () =>
        rawConnect(svc.url, postHead({ Authorization: `Bearer ${svc.key}`, 'Content-Length': 60 * 1024 })),
      ),
    );
    // Each sends a little, now and then: a body that would take minutes to arrive.
    const trickle = setInterval(() => {
      for (const c of clients) c.send('x'.repeat(100));
    }, 50);
    try {
      const answers = await Promise.all(clients.map((c) => c.answer));
      const statuses = answers.map((a) => a.status).sort();
      // Four bodies fit under the cap; the rest are refused at once, and the four end at the timeout.
      expect(statuses.filter((s) => s === 503)).toHaveLength(36);
      expect(statuses.filter((s) => s === 408)).toHaveLength(4);
      for (const a of answers.filter((x) => x.status === 503)) {
        expect(a.headers['retry-after']).toBe('1');
        expect(JSON.parse(a.body).error.code).toBe('SERVICE_BUSY');
      }
      for (const a of answers.filter((x) => x.status === 408)) expect(JSON.parse(a.body).error.code).toBe('REQUEST_TIMEOUT');
      // The refused ones keep trickling until the request timeout closes them too.
      await Promise.all(clients.map((c) => c.closed));
    } finally {
      clearInterval(trickle);
    }
    // A client may see its connection closed before the service has handled that close (a busy
    // machine ran the check first once): every held byte must be given back, soon after.
    await until(() => svc.service.load().bodyBytesInFlight === 0);
    const load = svc.service.load();
    expect(load.bodyBytesPeak).toBeGreaterThan(0);
    expect(load.bodyBytesPeak).toBeLessThanOrEqual(cap);
  });

  it('refuses with 413 a body larger than the whole cap, and serves again once bodies are done', async () => {
    const svc = await serviceWith({ bodyLimit: 64 * 1024, bodyBytesInFlight: 32 * 1024 });
    const c = await rawConnect(svc.url, postHead({ Authorization: `Bearer ${svc.key}`, 'Content-Length': 40 * 1024 }));
    expect((await c.answer).status).toBe(413);
    c.socket.destroy();
    expect((await svc.call('service.ping', {})).status).toBe(200);
    await until(() => svc.service.load().bodyBytesInFlight === 0);
  });

  it('counts a body sent in chunks as it arrives', async () => {
    const cap = 32 * 1024;
    const svc = await serviceWith({ bodyLimit: 64 * 1024, bodyBytesInFlight: cap });
    const auth = { Authorization: `Bearer ${svc.key}` };
    // One body holds 20 KiB of the cap while it trickles in...
    const slow = await rawConnect(svc.url, postHead({ ...auth, 'Content-Length': 20 * 1024 }));
    await until(() => svc.service.load().bodyBytesInFlight === 20 * 1024);
    // ...so a chunked one without a declared length is refused when its chunks pass the rest.
    const chunked = await rawConnect(svc.url, postHead({ ...auth, 'Transfer-Encoding': 'chunked' }));
    try {
      const chunk = 'x'.repeat(4096);
      for (let i = 0; i < 4; i++) chunked.send(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
      const a = await chunked.answer;
      expect(a.status).toBe(503);
      expect(svc.service.load().bodyBytesPeak).toBeLessThanOrEqual(cap);
    } finally {
      slow.socket.destroy();
      chunked.socket.destroy();
    }
  });
});

describe('the request timeout', () => {
  it('ends a body that has not arrived in time with 408 and closes the socket', async () => {
    const svc = await serviceWith({ requestTimeoutMs: 300 });
    const c = await rawConnect(svc.url, postHead({ Authorization: `Bearer ${svc.key}`, 'Content-Length': ping.length }));
    c.send(ping.slice(0, 10));
    const a = await c.answer;
    expect(a.status).toBe(408);
    expect(JSON.parse(a.body).error.code).toBe('REQUEST_TIMEOUT');
    expect(await c.closed).toEqual({ answered: true });
    expect(svc.service.load().bodyBytesInFlight).toBe(0);
  });

  it('leaves a body that arrives in time alone', async () => {
    const svc = await serviceWith({ requestTimeoutMs: 2000 });
    const c = await rawConnect(svc.url, postHead({ Authorization: `Bearer ${svc.key}`, 'Content-Length': ping.length }));
    c.send(ping.slice(0, 10));
    await new Promise((r) => setTimeout(r, 100));
    c.send(ping.slice(10));
    expect((await c.answer).status).toBe(200);
    c.socket.destroy();
  });
});

describe('connections', () => {
  it('closes connections past the cap on accept, and accepts again when one ends', async () => {
    const svc = await serviceWith({ maxConnections: 3 });
    const open = await Promise.all([1, 2, 3].map(() => rawConnect(svc.url)));
    await until(() => svc.service.load().connections === 3);
    const extra = await rawConnect(svc.url, postHead({ Authorization: `Bearer ${svc.key}`, 'Content-Length': ping.length }));
    extra.send(ping);
    expect(await extra.closed).toEqual({ answered: false });
    (open[0] as (typeof open)[number]).socket.destroy();
    await until(() => svc.service.load().connections === 2);
    expect((await svc.call('service.ping', {})).status).toBe(200);
    for (const c of open) c.socket.destroy();
  });
});

describe('connections from one address', () => {
  it('are capped, so a client that needs no key cannot hold every slot; other addresses still get in', async () => {
    const svc = await serviceWith({ maxConnectionsPerAddress: 3 });
    // Keep-alive requests that need no key, as a holder of slots sends them.
    const held = await Promise.all([1, 2, 3].map(() => rawConnect(svc.url, 'GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n')));
    for (const c of held) expect((await c.answer).status).toBe(200);
    const fourth = await rawConnect(svc.url, 'GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(await fourth.closed).toEqual({ answered: false });
    const elsewhere = await rawConnect(svc.url, 'GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n', '127.0.0.2');
    expect((await elsewhere.answer).status).toBe(200);
    // A slot freed is a slot again.
    (held[0] as (typeof held)[number]).socket.destroy();
    await until(() => svc.service.load().connections === 3);
    expect((await svc.call('service.ping', {})).status).toBe(200);
    for (const c of [...held, elsewhere]) c.socket.destroy();
  });
});

describe('the answer to a bad request', () => {
  it('stays a few kilobytes however many unknown members a body has, or however long their names', async () => {
    const svc = await serviceWith();
    const many = Object.fromEntries(Array.from({ length: 30_000 }, (_, i) => [`x${i}`, 1]));
    const long = 'n'.repeat(300_000);
    const bodies = [
      { method: 'service.ping', params: {}, id: 1, ...many },
      { method: 'service.ping', params: { ...many }, id: 1 },
      { method: 'service.ping', params: {}, [long]: 1 },
      { method: 'service.ping', params: { [long]: 1 } },
    ];
    for (const body of bodies) {
      const res = await fetch(`${svc.url}/v1/rpc`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${svc.key}` },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      // 400 for the envelope, 422 for the params.
      expect([400, 422]).toContain(res.status);
      expect(text.length).toBeLessThan(8_000);
      const { details } = JSON.parse(text).error as { details: { path: string }[] };
      expect(details.length).toBeGreaterThan(0);
      expect(details.length).toBeLessThanOrEqual(20);
      expect(Math.max(...details.map((d) => d.path.length))).toBeLessThanOrEqual(80);
    }
  });
});
