/**
 * npm run bench:outbox — the two figures a cashier feels. Enqueue: the latency of storing a write
 * (row + Idempotency-Key committed with synchronous=FULL on a real file) before the desk may say
 * "saved". Drain: how many queued writes per second reach a real service, as the drainer sends
 * them (drainer.ts): in batches between the outbox's own commits, each sale's writes in order,
 * sales side by side up to BENCH_CONCURRENCY (default 4) in flight. Targets: enqueue p99 < 10 ms;
 * drain >= 1,000 writes/s (issue 12).
 *
 * The service runs in a child process of its own (bench/outbox-service.ts, the demo shop on its
 * own file): in this process it would share the drainer's thread and concurrency could overlap
 * nothing. Each round drains BENCH_WRITES writes (default 2000), four to a sale (three lines and
 * a cash close, all independent of other sales), into a fresh outbox, once with one send in flight
 * (the drainer before sales went side by side) and once concurrently, alternating which goes first
 * (ABBA), BENCH_ROUNDS rounds (default 3); it prints each drain and the medians, with the CPU time
 * per write of this process and of the service. A bare one-row synchronous=FULL commit on the same
 * disk is timed in the same run: each drained write waits for at least one such commit of the
 * service, so on a loaded machine it bounds the drain.
 */

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { OutboxDrainer } from '../electron/core/outbox/drainer.js';
import { OutboxStore } from '../electron/core/outbox/store.js';
import { RpcClient } from '../electron/core/rpc/client.js';
import type { Product } from '../server/testing/demo-sales.js';
import { op } from '../shared/contract/op.js';
import { openDatabase } from '../shared-node/sqlite/open.js';

const WRITES = Number(process.env.BENCH_WRITES ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
/** BENCH_CLOSE=1: the fourth write of a sale is its cash close (receipt, stock, fiscal document) instead of a fourth line. */
const WITH_CLOSE = process.env.BENCH_CLOSE === '1';
const DRAIN_TARGET = 1000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const median = (v: number[]) =>
  percentile(
    [...v].sort((a, b) => a - b),
    50,
  );
const ms = (v: number) => `${v.toFixed(2)} ms`;

/** CPU time (user + system) of a process so far, in ms, from /proc (Linux). */
function cpuOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
}
const ownCpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const dir = mkdtempSync(join(tmpdir(), 'bench-outbox-'));
const child = spawn(process.execPath, ['--import', 'tsx', 'bench/outbox-service.ts', join(dir, 'service.sqlite')], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
try {
  const first = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the service exited (${code}) before it listened`)));
  });
  const { url, key, products } = JSON.parse(first) as { url: string; key: string; products: Product[] };
  const pid = child.pid as number;

  const latencies: number[] = [];
  const runs: Record<'single' | 'concurrent', { rate: number; deskCpu: number; serviceCpu: number }[]> = {
    single: [],
    concurrent: [],
  };

  const drain = async (round: number, concurrency: number, writes = WRITES) => {
    const db = openDatabase(join(dir, `outbox-${round}-${concurrency}.sqlite`));
    const store = new OutboxStore(db);
    for (let i = 0; i < writes; i++) {
      const sale = Math.floor(i / 4);
      const ndoc = `bench-${round}-${concurrency}-${sale}`;
      const rows = [0, 1, 2].map((k) => products[k % products.length] as Product);
      const t0 = performance.now();
      store.enqueue(
        i % 4 < 3 || !WITH_CLOSE
          ? {
              method: op.pos.checkoutApplySaleLine,
              params: { code: (products[i % products.length] as Product).code, ndoc, quant: '1', kasm: 1 },
              group: `sale-${ndoc}`,
              summary: `sale ${ndoc}: line`,
            }
          : {
              method: op.pos.checkoutCloseSale,
              params: {
                ndoc,
                kasm: 1,
                rows: rows.map((p) => ({ code: p.code, quant: '1', price: p.price, sum: p.price })),
                payments: [{ type: 'nal', amount: rows.reduce((s, p) => s + Number(p.price), 0).toFixed(2) }],
              },
              group: `sale-${ndoc}`,
              summary: `sale ${ndoc}: close`,
            },
      );
      if (round >= 0) latencies.push(performance.now() - t0);
    }
    const drainer = new OutboxDrainer(store, new RpcClient({ baseUrl: () => url, apiKey: () => key }), { concurrency });
    const [c0, s0, t0] = [ownCpu(), cpuOf(pid), performance.now()];
    while (await drainer.drainOnce());
    const seconds = (performance.now() - t0) / 1000;
    const [deskCpu, serviceCpu] = [(ownCpu() - c0) / writes, (cpuOf(pid) - s0) / writes];
    const sent = store.list({ states: ['done'], limit: writes }).length;
    const counts = store.counts();
    db.close();
    if (sent !== writes || counts.queued + counts.sending + counts.refused + counts.reconcile > 0)
      throw new Error(`drained ${sent} of ${writes}; left ${JSON.stringify(counts)}`);
    const run = { rate: sent / seconds, deskCpu, serviceCpu };
    if (round < 0) return;
    runs[concurrency === 1 ? 'single' : 'concurrent'].push(run);
    console.log(
      `  round ${round + 1}, ${concurrency === 1 ? 'one in flight ' : `${concurrency} in flight    `}  ${run.rate.toFixed(0).padStart(5)} writes/s   CPU per write: this process ${ms(deskCpu)}, service ${ms(serviceCpu)}`,
    );
  };

  console.log(
    `outbox bench, ${WRITES} writes per drain (a sale: ${WITH_CLOSE ? 'three lines and a cash close' : 'four lines'}), synchronous=FULL on ${tmpdir()}, node ${process.version}, service in a child process`,
  );
  // Not counted: both ends compile their hot paths first.
  await drain(-1, CONCURRENCY, 400);
  for (let round = 0; round < ROUNDS; round++) {
    for (const c of round % 2 === 0 ? [1, CONCURRENCY] : [CONCURRENCY, 1]) await drain(round, c);
  }

  const bare = openDatabase(join(dir, 'bare.sqlite'));
  bare.exec('CREATE TABLE t (v INTEGER)');
  const insert = bare.prepare('INSERT INTO t (v) VALUES (1)');
  const commits: number[] = [];
  for (let i = 0; i < 200; i++) {
    const c0 = performance.now();
    insert.run();
    commits.push(performance.now() - c0);
  }
  bare.close();
  commits.sort((a, b) => a - b);
  latencies.sort((a, b) => a - b);
  const p99 = percentile(latencies, 99);
  const single = median(runs.single.map((r) => r.rate));
  const rate = median(runs.concurrent.map((r) => r.rate));

  console.log(
    `enqueue latency   p50 ${ms(percentile(latencies, 50))}   p99 ${ms(p99)}   max ${ms(latencies.at(-1) ?? NaN)}   (target p99 < 10 ms: ${p99 < 10 ? 'met' : 'MISSED'})`,
  );
  console.log(
    `drain rate        ${rate.toFixed(0)} writes/s with ${CONCURRENCY} in flight, ${single.toFixed(0)} with one (medians of ${ROUNDS}; target >= ${DRAIN_TARGET} writes/s: ${rate >= DRAIN_TARGET ? 'met' : 'MISSED'})`,
  );
  console.log(
    `bare FULL commit  p50 ${ms(percentile(commits, 50))}   p99 ${ms(percentile(commits, 99))}   (one-row insert on the same disk, after the drains)`,
  );
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  rmSync(dir, { recursive: true, force: true });
}
