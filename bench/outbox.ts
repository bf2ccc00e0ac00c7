/**
 * npm run bench:outbox — the two figures a cashier feels. Enqueue: the latency of storing a write
 * (row + Idempotency-Key committed with synchronous=FULL on a real file) before the desk may say
 * "saved". Drain: how many queued writes per second reach a real service started in-process on
 * its own file, as the drainer sends them: one at a time, in order, in batches between the
 * outbox's own commits (drainer.ts). Targets: enqueue p99 < 10 ms; drain >= 1,000 writes/s
 * (issue 12). BENCH_WRITES sets the number of writes (default 2000), four to a sale. A bare
 * one-row synchronous=FULL commit on the same disk is timed in the same run: each drained write
 * waits for at least one such commit of the service, so on a loaded machine it bounds the drain.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OutboxDrainer } from '../electron/core/outbox/drainer.js';
import { OutboxStore } from '../electron/core/outbox/store.js';
import { RpcClient } from '../electron/core/rpc/client.js';
import { startService } from '../server/service.js';
import { silentLogger } from '../shared-node/log/logger.js';
import { openDatabase } from '../shared-node/sqlite/open.js';

const WRITES = Number(process.env.BENCH_WRITES ?? 2000);
const DRAIN_TARGET = 1000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const ms = (v: number) => `${v.toFixed(2)} ms`;

const dir = mkdtempSync(join(tmpdir(), 'bench-outbox-'));
try {
  const db = openDatabase(join(dir, 'outbox.sqlite'));
  const store = new OutboxStore(db);

  const latencies: number[] = [];
  for (let i = 0; i < WRITES; i++) {
    const t0 = performance.now();
    store.enqueue({
      // Cast: the registry's WriteName is currently `never` (defineOp does not keep `kind` literal).
      method: 'pos.excise_clear_pending',
      params: { kasm: 1 },
      group: `sale-${Math.floor(i / 4)}`,
      summary: `Sale ${i >> 2}: release stamps`,
    });
    latencies.push(performance.now() - t0);
  }
  latencies.sort((a, b) => a - b);
  const p99 = percentile(latencies, 99);

  const service = await startService({ dbFile: join(dir, 'service.sqlite'), port: 0, rateLimit: false, logger: silentLogger });
  const { key } = service.keys.create('bench', 'all');
  const drainer = new OutboxDrainer(store, new RpcClient({ baseUrl: () => service.url, apiKey: () => key }));
  const t0 = performance.now();
  while (await drainer.drainOnce());
  const seconds = (performance.now() - t0) / 1000;
  const sent = store.list({ states: ['done'], limit: WRITES }).length;
  const rate = sent / seconds;
  const counts = store.counts();
  await service.close();
  db.close();

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
  if (sent !== WRITES || counts.queued + counts.sending + counts.refused + counts.reconcile > 0)
    throw new Error(`drained ${sent} of ${WRITES}; left ${JSON.stringify(counts)}`);

  console.log(`outbox bench, ${WRITES} writes, synchronous=FULL on ${tmpdir()}, node ${process.version}`);
  console.log(
    `enqueue latency   p50 ${ms(percentile(latencies, 50))}   p99 ${ms(p99)}   max ${ms(latencies.at(-1) ?? NaN)}   (target p99 < 10 ms: ${p99 < 10 ? 'met' : 'MISSED'})`,
  );
  console.log(
    `drain rate        ${rate.toFixed(0)} writes/s   (${sent} writes in ${seconds.toFixed(2)} s; target >= ${DRAIN_TARGET} writes/s: ${rate >= DRAIN_TARGET ? 'met' : 'MISSED'})`,
  );
  console.log(
    `bare FULL commit  p50 ${ms(percentile(commits, 50))}   p99 ${ms(percentile(commits, 99))}   (one-row insert on the same disk, after the drain)`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
