import { afterAll, beforeAll, expect, it } from 'vitest';
import { jsonLogger } from '../log/logger.js';
import { fakeUpstream } from '../testing/fake-upstream.js';
import { startTestService, type TestService } from '../testing/harness.js';

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
