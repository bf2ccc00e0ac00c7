import { describe, expect, it } from 'vitest';
import { jsonLogger, type Logger } from '../../shared-node/log/logger.js';
import { fakeUpstream } from '../testing/fake-upstream.js';
import { startTestService } from '../testing/harness.js';
import { postHead, rawConnect } from '../testing/raw-http.js';
import { OTHER_ADDRESSES, SUMMARY_MSG, UnauthorizedLog, WINDOW_MS } from './unauthorized-log.js';

/** A tracker on a clock the test moves, and the summary lines it wrote. */
function tracker(opts: { maxAddresses?: number } = {}) {
  let now = Date.parse('2026-11-24T12:00:00Z');
  const summaries: Record<string, unknown>[] = [];
  const logger: Logger = { log: (_level, msg, fields) => summaries.push({ msg, ...fields }) };
  const log = new UnauthorizedLog(logger, { now: () => now, ...opts });
  return {
    log,
    summaries,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

const admitted = (log: UnauthorizedLog, address: string, n: number) =>
  Array.from({ length: n }, () => log.admit(address)).filter(Boolean).length;

describe('the request lines of 401s, per address and window', () => {
  it('logs the first of 1,000 refusals from one address and, once the window is over, one summary of the other 999', () => {
    const { log, summaries, advance } = tracker();
    expect(admitted(log, '203.0.113.7', 1000)).toBe(1);
    advance(WINDOW_MS - 1);
    log.sweep();
    expect(summaries).toEqual([]);
    advance(1);
    log.sweep();
    expect(summaries).toEqual([
      {
        msg: SUMMARY_MSG,
        address: '203.0.113.7',
        status: 401,
        suppressed: 999,
        from: '2026-11-24T12:00:00.000Z',
        to: '2026-11-24T12:01:00.000Z',
        window_ms: WINDOW_MS,
      },
    ]);
    // The window is over: the next refusal is logged again, and opens the next.
    expect(admitted(log, '203.0.113.7', 3)).toBe(1);
    log.close();
  });

  it('writes the summary of a window that is over at the next refusal from its address, before that one is logged', () => {
    const { log, summaries, advance } = tracker();
    admitted(log, '203.0.113.7', 5);
    advance(WINDOW_MS + 10);
    expect(log.admit('203.0.113.7')).toBe(true);
    expect(summaries).toMatchObject([{ address: '203.0.113.7', suppressed: 4 }]);
    log.close();
  });

  it('gives each address its own first line, and writes no summary where nothing was left out', () => {
    const { log, summaries, advance } = tracker();
    expect(log.admit('203.0.113.7')).toBe(true);
    expect(log.admit('2001:db8::1')).toBe(true);
    expect(log.admit('203.0.113.7')).toBe(false);
    advance(WINDOW_MS);
    log.sweep();
    expect(summaries).toMatchObject([{ address: '203.0.113.7', suppressed: 1 }]);
    expect(log.tracked()).toBe(0);
    log.close();
  });

  it('tracks at most maxAddresses: refusals from more share one window, so a flood from many addresses stays a few lines', () => {
    const { log, summaries } = tracker({ maxAddresses: 3 });
    const firsts = Array.from({ length: 10_000 }, (_, i) => log.admit(`2001:db8::${i.toString(16)}`)).filter(Boolean).length;
    // Three addresses of their own and the first of the others.
    expect(firsts).toBe(4);
    expect(log.tracked()).toBe(3);
    log.close();
    expect(summaries).toEqual([expect.objectContaining({ address: OTHER_ADDRESSES, suppressed: 10_000 - 4 })]);
  });

  it('writes what it counted when the server closes, with the window cut short there', () => {
    const { log, summaries, advance } = tracker();
    admitted(log, '203.0.113.7', 3);
    advance(5_000);
    log.close();
    expect(summaries).toMatchObject([{ suppressed: 2, from: '2026-11-24T12:00:00.000Z', to: '2026-11-24T12:00:05.000Z' }]);
  });
});

describe('through the service', () => {
  it('logs 1,000 keyless requests from one address as one line and one summary; another address and a valid key get their lines', async () => {
    const lines: string[] = [];
    const svc = await startTestService({
      upstream: fakeUpstream(() => ({ status: { affected: 1 } })),
      logger: jsonLogger('info', (l) => lines.push(l)),
    });
    try {
      const keyless = () => fetch(`${svc.url}/v1/rpc`, { method: 'POST', headers: { 'Content-Type': 'application/json' } });
      for (let sent = 0; sent < 1000; sent += 50) {
        const answers = await Promise.all(Array.from({ length: 50 }, keyless));
        for (const a of answers) expect(a.status).toBe(401);
      }
      const elsewhere = await rawConnect(svc.url, postHead({ 'Content-Length': 0 }), '127.0.0.2');
      expect((await elsewhere.answer).status).toBe(401);
      elsewhere.socket.destroy();
      expect((await svc.call('service.ping', {})).status).toBe(200);
    } finally {
      await svc.close();
    }
    const logged = lines.map((l) => JSON.parse(l));
    // A refusal's line names its address, so its summary can be matched to it; other lines do not.
    expect(logged.filter((l) => l.msg === 'request').map((l) => [l.status, l.code ?? l.key, l.address])).toEqual([
      [401, 'UNAUTHORIZED', '127.0.0.1'],
      [401, 'UNAUTHORIZED', '127.0.0.2'],
      [200, 'test', undefined],
    ]);
    expect(logged.filter((l) => l.msg === SUMMARY_MSG)).toEqual([
      expect.objectContaining({ level: 'info', address: '127.0.0.1', status: 401, suppressed: 999, window_ms: WINDOW_MS }),
    ]);
  });
});
