/**
 * npm run bench:clients — one service process over a data folder (serve --data): the mixed load
 * of a till (pos.find_code, goods.card_open, a 3-line pos.checkout_close_sale) sent for one client
 * only, then spread at random over 100 clients, in alternating rounds (ABAB) of the same run.
 * Prints requests/s and p50/p99 per operation of each, and any answer that was not 200.
 * The clients are copies of one demo shop (`clients import`), so each has a catalogue to sell from.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KeyStore } from '../server/auth/keys.js';
import { seedDemo } from '../server/back-office/demo/index.js';
import { openServiceDatabase } from '../server/clients/back-office.js';
import { ClientRegistry, openRegistry } from '../server/clients/registry.js';
import { importClient } from '../server/clients/transfer.js';
import { spawnScript } from '../server/testing/processes.js';
import { op as ops } from '../shared/contract/index.js';
import { sellableGoods, stockToLast } from './demo-stock.js';
import { rpc, saleParams } from './pg/load.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 100);
const GOODS = Number(process.env.BENCH_GOODS ?? 2000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

const dir = mkdtempSync(join(tmpdir(), 'bench-clients-'));
const template = join(dir, 'template.sqlite');
const t0 = performance.now();
const db = openServiceDatabase(template);
seedDemo(db, { goods: GOODS });
stockToLast(db);
const goods = sellableGoods(db, 500, 'code');
db.pragma('wal_checkpoint(TRUNCATE)');
db.close();
const data = join(dir, 'data');
const keys: string[] = [];
for (let i = 0; i < CLIENTS; i++) importClient(data, `shop-${i}`, template);
const registryDb = openRegistry(data);
const store = new KeyStore(registryDb);
for (const c of new ClientRegistry(registryDb).list()) keys.push(store.create(`key-${c.name}`, 'all', c.id).key);
registryDb.close();
console.log(`${CLIENTS} clients of ${GOODS} goods each made in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const server = spawnScript('the service', 'server/cli.ts', [
  'serve',
  '--data',
  data,
  '--port',
  '0',
  '--rate-limit',
  '0',
  '--max-open',
  String(CLIENTS + 10),
]);
const url = /(http:\/\/[^/]+)\/v1\/rpc/.exec(await server.waitForLine((l) => l.includes('listening on'), 60_000))?.[1] as string;

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

const pick = (i: number) => goods[i % goods.length] as { code: string; price: number };
/** A till's mix: mostly lookups, one sale closed in ten requests. */
const MIX = [
  { name: ops.pos.findCode, write: false, params: (i: number) => ({ code: pick(i * 7).code }) },
  { name: ops.goods.cardOpen, write: false, params: (i: number) => ({ code: pick(i * 13).code }) },
];

async function round(spread: number) {
  const times = new Map<string, number[]>();
  let n = 0;
  let failed = 0;
  const until = performance.now() + SECONDS * 1000;
  const worker = async (w: number) => {
    for (let i = w; performance.now() < until; i += CONCURRENCY) {
      const key = keys[Math.floor(Math.random() * spread)] as string;
      const op =
        i % 10 === 0
          ? { name: ops.pos.checkoutCloseSale, write: true, params: (i: number) => saleParams(goods, 3, i) }
          : (MIX[i % 2] as (typeof MIX)[0]);
      const t = performance.now();
      const { status } = await rpc(agent, url, key, op, i);
      const ms = performance.now() - t;
      if (status !== 200) failed++;
      n++;
      const list = times.get(op.name) ?? [];
      list.push(ms);
      times.set(op.name, list);
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, w) => worker(w)));
  return { rps: n / ((performance.now() - start) / 1000), times, failed };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number;
};
const median = (xs: number[]) => pct(xs, 50);

console.log(
  `mixed load (find_code, card_open, a 3-line close in ten), ${CONCURRENCY} connections, ${ROUNDS} rounds of ${SECONDS} s each, alternating`,
);
// Warm-up: every client's file opened once, the hot path compiled.
for (const key of keys) await rpc(agent, url, key, { name: ops.service.ping, write: false, params: () => ({}) }, 0);
await round(1);
const results: Record<'one' | 'many', Awaited<ReturnType<typeof round>>[]> = { one: [], many: [] };
for (let r = 0; r < ROUNDS; r++) {
  for (const mode of r % 2 === 0 ? (['one', 'many'] as const) : (['many', 'one'] as const)) {
    const res = await round(mode === 'one' ? 1 : CLIENTS);
    results[mode].push(res);
    console.log(
      `round ${r + 1}, ${mode === 'one' ? '1 client' : `${CLIENTS} clients`}: ${res.rps.toFixed(0)} requests/s, ${res.failed} failed`,
    );
  }
}
for (const mode of ['one', 'many'] as const) {
  const all = new Map<string, number[]>();
  for (const res of results[mode]) for (const [k, v] of res.times) all.set(k, [...(all.get(k) ?? []), ...v]);
  console.log(
    `${mode === 'one' ? '1 client' : `${CLIENTS} clients`}: median ${median(results[mode].map((r) => r.rps)).toFixed(0)} requests/s`,
  );
  for (const [name, xs] of all)
    console.log(
      `  ${name.padEnd(26)} p50 ${pct(xs, 50).toFixed(2).padStart(6)} ms   p99 ${pct(xs, 99).toFixed(2).padStart(6)} ms   (${xs.length})`,
    );
}
agent.destroy();
await server.kill();
rmSync(dir, { recursive: true, force: true });
