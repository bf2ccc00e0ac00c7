/**
 * A body over the limit gets its 413 answer, not a reset: the service answers, lets the client
 * finish sending (dropping what it sends), and only then closes.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeUpstream } from '../testing/fake-upstream.js';
import { startTestService, type TestService } from '../testing/harness.js';
import { postHead, rawConnect } from '../testing/raw-http.js';
import { DISCARD_LIMIT_BYTES } from './limits.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ upstream: fakeUpstream(() => ({ status: { affected: 1 } })), bodyLimit: 64 * 1024 });
});
afterAll(() => svc.close());

/** Sends `size` bytes with node:http in 16 KiB writes; the status it was answered, or the error it got. */
function upload(size: number, opts: { chunked?: boolean; key?: string } = {}): Promise<number | string> {
  return new Promise((resolve) => {
    const { port, hostname } = new URL(svc.url);
    const req = request({
      host: hostname,
      port,
      method: 'POST',
      path: '/v1/rpc',
      agent: false,
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${opts.key ?? svc.key}`,
        ...(opts.chunked ? {} : { 'Content-Length': size }),
      },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    const piece = Buffer.alloc(16 * 1024, 'x');
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        const n = Math.min(piece.length, size - sent);
        sent += n;
        if (!req.write(piece.subarray(0, n))) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

describe('a body over the limit', () => {
  it('gets 413 every time from a client that sends its whole body before reading, never EPIPE', async () => {
    // Larger than the socket buffers of loopback, so a server that closes early makes the writes fail.
    const size = 4 * 1024 * 1024;
    expect(size).toBeLessThan(DISCARD_LIMIT_BYTES);
    const body = Buffer.alloc(size, 'x');
    const seen: string[] = [];
    for (let i = 0; i < 20; i++) {
      const c = await rawConnect(svc.url, postHead({ Authorization: `Bearer ${svc.key}`, 'Content-Length': size }));
      let writeError = '';
      c.socket.on('error', (e: NodeJS.ErrnoException) => {
        writeError ||= e.code ?? e.message;
      });
      await new Promise<void>((resolve) => c.socket.write(body, () => resolve()));
      const status = await c.answer.then(
        (a) => String(a.status),
        () => 'no answer',
      );
      seen.push(writeError ? `${writeError} (${status})` : status);
      c.socket.destroy();
    }
    expect(seen).toEqual(Array(20).fill('413'));
  });

  it('gets 413 from node:http, which reads the answer while it sends', async () => {
    const seen: (number | string)[] = [];
    for (let i = 0; i < 20; i++) seen.push(await upload(600 * 1024));
    expect(seen).toEqual(Array(20).fill(413));
  });

  it('gets 413 when it is sent in chunks without a declared length', async () => {
    const seen = await Promise.all(Array.from({ length: 5 }, () => upload(600 * 1024, { chunked: true })));
    expect(seen).toEqual(Array(5).fill(413));
  });

  it('gets 401 without a key, read and dropped rather than reset', async () => {
    const seen = await Promise.all(Array.from({ length: 5 }, () => upload(300 * 1024, { key: 'nope' })));
    expect(seen).toEqual(Array(5).fill(401));
  });

  it('is dropped only up to a bound: past it the connection is closed', async () => {
    expect(String(await upload(DISCARD_LIMIT_BYTES + 4 * 1024 * 1024))).toMatch(/^(413|EPIPE|ECONNRESET)$/);
    expect((await svc.call('service.ping', {})).status).toBe(200);
  });

  it('answers 413 through fetch too', async () => {
    const res = await fetch(`${svc.url}/v1/rpc`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${svc.key}` },
      body: 'x'.repeat(600 * 1024),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});
