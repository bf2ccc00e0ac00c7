/**
 * One API key's rate across service processes (issue 22): on a PostgreSQL store every process
 * takes the key's tokens from one bucket, so two processes together let it make the rate once,
 * not twice; a data folder's processes keep a bucket each, as docs/operations.md says. Run in both test
 * projects: the `postgres` one serves one PostgreSQL database, the `sqlite` one a folder.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { isPostgresUrl } from '../../shared-node/pg/url.js';
import { ClientRegistry } from '../clients/registry.js';
import { openStore } from '../clients/store.js';
import { testDataLocation } from '../testing/data-harness.js';
import { type Child, spawnScript } from '../testing/processes.js';
import { KeyStore } from './keys.js';
import { SharedRateLimiter } from './shared-rate-limit.js';

const store = testDataLocation();
const onPostgres = isPostgresUrl(store.dataDir);
const children: Child[] = [];
afterAll(async () => {
  for (const c of children) if (c.running) await c.kill();
  store.remove();
});

describe('the shared bucket', () => {
  it('is one per key across connections: a take on one is seen by the other, and it refills with time', () => {
    const [a, b] = [openStore(store.dataDir).openRegistry(), openStore(store.dataDir).openRegistry()];
    try {
      let now = 1_000_000;
      const limit = { perSecond: 1, burst: 3 };
      const [one, two] = [new SharedRateLimiter(a, limit, () => now), new SharedRateLimiter(b, limit, () => now)];
      expect([one.take('k1'), two.take('k1'), one.take('k1')]).toEqual([0, 0, 0]);
      expect(two.take('k1')).toBe(1);
      expect(one.take('k1')).toBe(1);
      // Another key has its own bucket.
      expect(two.take('k2')).toBe(0);
      now += 1000;
      expect(two.take('k1')).toBe(0);
      expect(one.take('k1')).toBe(1);
      // A clock behind the bucket's never refills it backwards.
      now -= 5000;
      expect(one.take('k1')).toBe(1);
    } finally {
      a.close();
      b.close();
    }
  });
});

async function startProcess(name: string): Promise<string> {
  const where = onPostgres ? ['--db', store.dataDir] : ['--data', store.dataDir];
  // 1 request/s, bursts of 2: a key may make 2 requests at once.
  const child = spawnScript(name, 'server/cli.ts', ['serve', ...where, '--port', '0', '--rate-limit', '1']);
  children.push(child);
  const line = await child.waitForLine((l) => l.includes('listening on'), 60_000);
  return /(http:\/\/[^/]+)\/v1\/rpc/.exec(line)?.[1] as string;
}

describe(`two service processes on one ${onPostgres ? 'PostgreSQL database' : 'data folder'}`, () => {
  it(onPostgres ? 'share one key’s rate limit' : 'keep a bucket each (per process, as documented)', async () => {
    const registry = openStore(store.dataDir).openRegistry();
    const client = new ClientRegistry(registry).create('rate-shop');
    const apiKey = new KeyStore(registry).create('rate-test', 'all', client.id).key;
    registry.close();
    const urls = [await startProcess('rates 1'), await startProcess('rates 2')];
    const ping = (url: string) =>
      fetch(`${url}/v1/rpc`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${apiKey}` },
        body: JSON.stringify({ method: 'service.ping', params: {} }),
      });
    const t0 = performance.now();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => ping(urls[i % 2] as string)));
    const seconds = (performance.now() - t0) / 1000;
    const allowed = answers.filter((r) => r.status === 200).length;
    const limited = answers.filter((r) => r.status === 429);
    expect(answers.map((r) => r.status).filter((s) => s !== 200 && s !== 429)).toEqual([]);
    for (const r of limited) expect(Number(r.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
    // The burst once, and what the rate refilled meanwhile; a bucket each would let both bursts through.
    if (onPostgres) expect(allowed).toBeLessThanOrEqual(2 + Math.floor(seconds));
    else expect(allowed).toBeGreaterThanOrEqual(4);
  }, 120_000);
});
