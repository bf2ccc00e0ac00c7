/**
 * Two service processes on one data folder (issue 11, item 4, on SQLite): nothing a gateway keeps
 * in memory is needed for correctness. Each Idempotency-Key is sent many times at once, split
 * across both processes; one process is SIGKILLed mid-stream and its sends go to the other.
 * Every key must end with exactly one effect, and every acknowledged write must be there.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { KeyStore } from '../auth/keys.js';
import { type Child, spawnScript } from '../testing/processes.js';
import { ClientRegistry, clientFile, openRegistry } from './registry.js';

const KEYS = 150;
const SENDS = 10;
const AT_ONCE = 15;

const dir = mkdtempSync(join(tmpdir(), 'replicas-'));
const children: Child[] = [];
afterAll(async () => {
  for (const c of children) if (c.running) await c.kill();
  rmSync(dir, { recursive: true, force: true });
});

async function startReplica(name: string): Promise<{ child: Child; url: string }> {
  const child = spawnScript(name, 'server/cli.ts', ['serve', '--data', dir, '--port', '0', '--rate-limit', '0']);
  children.push(child);
  const line = await child.waitForLine((l) => l.includes('listening on'), 60_000);
  return { child, url: /(http:\/\/[^/]+)\/v1\/rpc/.exec(line)?.[1] as string };
}

describe('two gateway processes on one data folder', () => {
  it('give every Idempotency-Key exactly one effect, and lose nothing acknowledged when one is killed', async () => {
    const registryDb = openRegistry(dir);
    const client = new ClientRegistry(registryDb).create('shop');
    const apiKey = new KeyStore(registryDb).create('replica-test', 'all', client.id).key;
    registryDb.close();
    const replicas = [await startReplica('replica 1'), await startReplica('replica 2')];
    let killed = false;

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

    const db = new Database(clientFile(dir, client.id), { readonly: true });
    try {
      const counts = new Map(
        (
          db.prepare("SELECT name, count(*) AS n FROM counterparties WHERE name LIKE 'replica-%' GROUP BY name").all() as {
            name: string;
            n: number;
          }[]
        ).map((r) => [r.name, r.n]),
      );
      for (const { name } of keys) {
        expect(counts.get(name), name).toBe(1);
        // Every send of a key was answered with the one result of its one effect.
        const answers = acknowledged.get(name) ?? [];
        expect(answers).toHaveLength(SENDS);
        for (const a of answers) expect(a).toEqual(answers[0]);
      }
    } finally {
      db.close();
    }
  }, 240_000);
});
