/**
 * Two service processes on one store (issue 11, item 4): nothing a gateway keeps in memory is
 * needed for correctness. On SQLite both serve one data folder (`serve --data DIR`); in the
 * `postgres` test project both serve one PostgreSQL database (`serve --db postgres://…`). Each
 * Idempotency-Key is sent many times at once, split across both processes; one process is
 * SIGKILLed mid-stream and its sends go to the other. Every key must end with exactly one effect,
 * and every acknowledged write must be there.
 *
 * The suite's run is small; the figure (1,000 keys, each sent 20 times) is one command:
 *   REPLICAS_KEYS=1000 REPLICAS_SENDS=20 npx vitest run --project postgres server/clients/replicas.test.ts
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { isPostgresUrl } from '../../shared-node/pg/url.js';
import { KeyStore } from '../auth/keys.js';
import { openClientDb, testDataLocation } from '../testing/data-harness.js';
import { type Child, spawnScript } from '../testing/processes.js';
import { ClientRegistry } from './registry.js';
import { openStore } from './store.js';

const count = (name: string, fallback: number) => {
  const n = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number from 1`);
  return n;
};
const KEYS = count('REPLICAS_KEYS', 150);
const SENDS = count('REPLICAS_SENDS', 10);
/** Keys under way at once, each with all its sends: AT_ONCE × SENDS requests. */
const AT_ONCE = 15;

const store = testDataLocation();
const children: Child[] = [];
afterAll(async () => {
  for (const c of children) if (c.running) await c.kill();
  store.remove();
});

async function startReplica(name: string): Promise<{ child: Child; url: string }> {
  const where = isPostgresUrl(store.dataDir) ? ['--db', store.dataDir] : ['--data', store.dataDir];
  const child = spawnScript(name, 'server/cli.ts', ['serve', ...where, '--port', '0', '--rate-limit', '0']);
  children.push(child);
  const line = await child.waitForLine((l) => l.includes('listening on'), 60_000);
  return { child, url: /(http:\/\/[^/]+)\/v1\/rpc/.exec(line)?.[1] as string };
}

describe(`two gateway processes on one ${isPostgresUrl(store.dataDir) ? 'PostgreSQL database' : 'data folder'}`, () => {
  it(
    'give every Idempotency-Key exactly one effect, and lose nothing acknowledged when one is killed',
    async () => {
      const t0 = performance.now();
      const registryDb = openStore(store.dataDir).openRegistry();
      const client = new ClientRegistry(registryDb).create('shop');
      const apiKey = new KeyStore(registryDb).create('replica-test', 'all', client.id).key;
      registryDb.close();
      const replicas = [await startReplica('replica 1'), await startReplica('replica 2')];
      let killed = false;
      /** Sends the kill cut, or the dead replica refused: each was sent again to the other. */
      let cut = 0;

      /** One send until it is answered for good: busy, in progress, a failure or a dead replica are retried. */
      async function send(idem: string, name: string, first: number): Promise<unknown> {
        for (let attempt = 0; ; attempt++) {
          const target = replicas[(first + attempt) % 2] as (typeof replicas)[number];
          try {
            const res = await fetch(`${target.url}/v1/rpc`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${apiKey}`, 'Idempotency-Key': idem },
              body: JSON.stringify({ method: 'catalog.contrag.save', params: { nt: name, rekv: 'replica test' } }),
            });
            const body = (await res.json()) as { ok: boolean; data?: { result: unknown }; error?: { code: string } };
            if (res.status === 200) return body.data?.result;
            // Answered, but not yet for good: the same key is being performed elsewhere, or failed before it was.
            if (!['IDEMPOTENCY_IN_PROGRESS', 'UPSTREAM_FAILURE'].includes(body.error?.code ?? ''))
              throw new Error(`${idem}: ${res.status} ${JSON.stringify(body)}`);
          } catch (err) {
            // A refused connection or one cut by the kill: try the other replica.
            if (!(err instanceof TypeError)) throw err;
            cut++;
          }
          await new Promise((r) => setTimeout(r, 5 + attempt * 5));
        }
      }

      const acknowledged = new Map<string, unknown[]>();
      const keys = Array.from({ length: KEYS }, (_, i) => ({ idem: randomUUID(), name: `replica-${i}` }));
      for (let i = 0; i < keys.length; i += AT_ONCE) {
        if (!killed && i >= KEYS / 2) {
          // Mid-stream, while the next sends go out to both.
          setTimeout(() => void replicas[0]?.child.kill(), 20);
          killed = true;
        }
        await Promise.all(
          keys.slice(i, i + AT_ONCE).map(async ({ idem, name }) => {
            const answers = await Promise.all(Array.from({ length: SENDS }, (_, s) => send(idem, name, s)));
            acknowledged.set(name, answers);
          }),
        );
      }
      expect(replicas[0]?.child.running).toBe(false);
      expect(cut).toBeGreaterThan(0);

      const db = openClientDb(store.dataDir, client.id);
      try {
        const counts = new Map(
          (
            db.prepare("SELECT name, count(*) AS n FROM counterparties WHERE name LIKE 'replica-%' GROUP BY name").all() as {
              name: string;
              n: number;
            }[]
          ).map((r) => [r.name, r.n]),
        );
        const sends = [...acknowledged.values()].reduce((n, answers) => n + answers.length, 0);
        const duplicated = keys.filter(({ name }) => (counts.get(name) ?? 0) > 1).length;
        const missing = keys.filter(({ name }) => !counts.has(name)).length;
        console.log(
          `replicas (${isPostgresUrl(store.dataDir) ? 'postgres' : 'sqlite'}): ${KEYS} keys × ${SENDS} sends, ` +
            `${sends} acknowledged, ${counts.size} present, ${duplicated} duplicated, ${missing} missing, ` +
            `one replica killed mid-stream (${cut} sends cut or refused, sent again to the other), ` +
            `${((performance.now() - t0) / 1000).toFixed(1)} s`,
        );
        for (const { name } of keys) {
          expect(counts.get(name), name).toBe(1);
          // Every send of a key was answered with the one result of its one effect.
          const answers = acknowledged.get(name) ?? [];
          expect(answers).toHaveLength(SENDS);
          for (const a of answers) expect(a).toEqual(answers[0]);
        }
        expect(counts.size).toBe(KEYS);
      } finally {
        db.close();
      }
    },
    Math.max(240_000, KEYS * SENDS * 25),
  );
});
