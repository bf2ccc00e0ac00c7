import { afterAll, beforeAll, expect, it } from 'vitest';
import { jsonLogger, LOG_ELLIPSIS, LOG_FIELD_MAX } from '../../shared-node/log/logger.js';
import { fakeUpstream } from '../testing/fake-upstream.js';
import { startTestService, type TestService } from '../testing/harness.js';
import { postHead, rawConnect, until } from '../testing/raw-http.js';

const lines: string[] = [];
let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({
    upstream: fakeUpstream(() => ({ status: { affected: 1 } })),
    logger: jsonLogger('info', (l) => lines.push(l)),
  });
});
afterAll(() => svc.close());

it('logs one structured line per request with its request id, and never a key or a parameter value', async () => {
  const r = await svc.call('pos.excise_clear_pending', { code: 'STAMP-SECRET-VALUE', kasm: 3 }, { idempotencyKey: 'idem-1' });
  await svc.call('service.ping', {}, { key: 'rk_0123456789abcdef_wrongwrongwrongwrongwrongwrongwrongwrongwro' });
  const requestLines = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
  const mine = requestLines.find((l) => l.request_id === r.body.request_id);
  expect(mine).toMatchObject({ level: 'info', method: 'pos.excise_clear_pending', key: 'test', status: 200 });
  expect(typeof mine.ms).toBe('number');
  expect(requestLines.some((l) => l.status === 401 && l.code === 'UNAUTHORIZED')).toBe(true);
  const all = lines.join('\n');
  expect(all).not.toContain(svc.key);
  expect(all).not.toContain('wrongwrong');
  expect(all).not.toContain('STAMP-SECRET-VALUE');
  expect(all).not.toContain('idem-1');
});

it('bounds every logged field: a 900 KB method gives a line of a few hundred bytes', async () => {
  const before = lines.length;
  const method = `pos.${'x'.repeat(900 * 1024)}`;
  const res = await fetch(`${svc.url}/v1/rpc`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${svc.key}` },
    body: JSON.stringify({ method, params: {} }),
  });
  expect(res.status).toBe(404);
  const mine = lines.slice(before);
  expect(mine.length).toBeGreaterThan(0);
  for (const l of mine) expect(l.length).toBeLessThan(2048);
  const line = mine.map((l) => JSON.parse(l)).find((l) => l.code === 'METHOD_NOT_FOUND');
  expect(line.method).toBe(`${method.slice(0, LOG_FIELD_MAX)}${LOG_ELLIPSIS}`);
});

it('logs aborted uploads as one info line each, never as errors', async () => {
  const before = lines.length;
  // From an address of their own, which no other test here has been refused from (see below).
  const uploads = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      rawConnect(
        svc.url,
        postHead({ ...(i % 2 ? { Authorization: `Bearer ${svc.key}` } : {}), 'Content-Length': 100_000 }),
        '127.0.0.3',
      ),
    ),
  );
  for (const u of uploads) u.send('{"method":"service.ping","params":{"pad":"');
  await until(() => svc.service.load().bodyBytesInFlight === 25 * 100_000);
  for (const u of uploads) u.socket.destroy();
  await Promise.all(uploads.map((u) => u.closed));
  await until(() => svc.service.load().bodyBytesInFlight === 0);
  await new Promise((r) => setTimeout(r, 50));
  const mine = lines.slice(before).map((l) => JSON.parse(l));
  expect(mine.filter((l) => l.level === 'error')).toEqual([]);
  // The 25 with a key were being read: one info line each. The 25 without were answered 401 at
  // once; 401s are logged once per address and minute (unauthorized-log.ts), so they are one line
  // and the other 24 are counted for the address's summary.
  expect(mine.filter((l) => l.msg === 'request aborted' && l.level === 'info')).toHaveLength(25);
  expect(mine.filter((l) => l.status === 401)).toHaveLength(1);
});

it('logs an upload the client half-closed (FIN) before its body was in as one aborted line, not a 400', async () => {
  const before = lines.length;
  const uploads = await Promise.all(
    Array.from({ length: 4 }, () =>
      rawConnect(svc.url, postHead({ Authorization: `Bearer ${svc.key}`, 'Content-Length': 100_000 })),
    ),
  );
  for (const u of uploads) u.send('{"method":"service.ping","params":{"pad":"');
  await until(() => svc.service.load().bodyBytesInFlight === 4 * 100_000);
  for (const u of uploads) u.socket.end();
  await Promise.all(uploads.map((u) => u.closed));
  await until(() => svc.service.load().bodyBytesInFlight === 0);
  await new Promise((r) => setTimeout(r, 50));
  const mine = lines.slice(before).map((l) => JSON.parse(l));
  expect(mine.map((l) => [l.level, l.msg, l.status ?? null])).toEqual(Array(4).fill(['info', 'request aborted', null]));
});

it('at level warn writes no request lines but still the error line of a failed request', async () => {
  const quiet: string[] = [];
  const failing = await startTestService({
    upstream: fakeUpstream(() => {
      throw new Error('the back office is down');
    }),
    logger: jsonLogger('warn', (l) => quiet.push(l)),
  });
  try {
    expect((await failing.call('service.ping', {})).status).toBe(500);
    expect(
      (await failing.call('service.ping', {}, { key: 'rk_0123456789abcdef_nonenonenonenonenonenonenonenonenonenonenon' })).status,
    ).toBe(401);
  } finally {
    await failing.close();
  }
  const requests = quiet.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
  expect(requests).toEqual([expect.objectContaining({ level: 'error', status: 500, code: 'INTERNAL', method: 'service.ping' })]);
});
