/**
 * npm run bench:hosted — a hosted service's busy hour (issue 24), on SQLite and PostgreSQL in one
 * run: SHOPS shops of TILLS tills each, served by `serve` processes as in production, a sale being
 * READS lookups (a scan, a product card) and the close of a LINES-line sale.
 *   1. the busy hour at its own pace: every till starts a sale every 30 s (PACE > 1 compresses
 *      it): closes/s and reads/s offered and served, p50/p99;
 *   2. flat out, CONNECTIONS tills of different shops: what one machine carries;
 *   3. the TILLS tills of one shop flat out at once: the closes PostgreSQL ran again after a lost
 *      SERIALIZABLE race (its ROLLBACKs), against the target of 5 %.
 * Then, on paper, what N such machines and a Citus cluster would carry, from the measured CPU a
 * close costs. PostgreSQL is a cluster of its own with fsync on (SQLite: synchronous=FULL), both on
 * this machine's disk. The services run with --demo: every document is signed and sent to the
 * tax server's simulator on loopback, as a hosted service sends them to the DPS's server (here
 * there is no way out). Options are environment variables, printed first.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SyncPg } from '../shared-node/pg/sync-pg.js';
import { postgresBin, startTestPostgres } from '../shared-node/pg/test-cluster.js';
import { parsePgUrl } from '../shared-node/pg/url.js';
import { paper } from './hosted/paper.js';
import { type Phase, phaseLine, runPhase } from './hosted/phase.js';
import { freshShifts } from './hosted/shifts.js';
import { addTills, benchTills } from './hosted/tills.js';
import { ops } from './pg/load.js';
import { loadavg, PgCounters } from './pg/measure.js';
import { postgresShops, sqliteShops } from './pg/shops.js';
import { type Running, startTarget, stopTarget } from './pg/throughput.js';

const OPTIONS = {
  BENCH_SHOPS: { value: 50, about: 'shops (clients of the service)' },
  BENCH_TILLS: { value: 5, about: 'tills in each shop' },
  BENCH_LINES: { value: 10, about: 'lines of a sale' },
  BENCH_READS: { value: 5, about: 'lookups before each close' },
  BENCH_PACE: { value: 1, about: 'the busy hour compressed this many times (1: a sale a till every 30 s)' },
  BENCH_BUSY_SECONDS: { value: 30, about: 'seconds of the busy hour (phase 1)' },
  BENCH_SECONDS: { value: 15, about: 'seconds of each flat-out phase (2 and 3)' },
  BENCH_CONNECTIONS: { value: 10, about: 'tills of different shops flat out at once (phase 2)' },
  BENCH_PROCESSES: { value: 1, about: 'service processes per engine' },
  BENCH_GOODS: { value: 2000, about: 'goods in each demo shop' },
};
const opt = (name: keyof typeof OPTIONS) => Number(process.env[name] ?? OPTIONS[name].value);
const SHOPS = opt('BENCH_SHOPS');
const TILLS = opt('BENCH_TILLS');
const READS = opt('BENCH_READS');
const SALE_EVERY_MS = 30_000 / opt('BENCH_PACE');

console.log('npm run bench:hosted — options (environment variables):');
for (const [name, o] of Object.entries(OPTIONS)) console.log(`  ${name}=${opt(name as keyof typeof OPTIONS)}  ${o.about}`);
console.log(`load average at start: ${loadavg()}`);

const bin = postgresBin();
if (!bin) throw new Error('PostgreSQL is not installed (apt-get install -y postgresql)');
const dir = mkdtempSync(join(tmpdir(), 'bench-hosted-'));
const pg = await startTestPostgres({
  durable: true,
  maxConnections: 2 * SHOPS * opt('BENCH_PROCESSES') + 50,
  settings: { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.max': '50000' },
});
const meterPg = new SyncPg(parsePgUrl(pg.url));
meterPg.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
const meters = { pgData: join(pg.connection.host, 'data'), counters: new PgCounters(meterPg) };
const running: Running[] = [];
try {
  const t0 = performance.now();
  const lite = sqliteShops(dir, SHOPS, opt('BENCH_GOODS'), (db) => addTills(db, TILLS));
  const post = await postgresShops(pg, bin, SHOPS, opt('BENCH_GOODS'), (db) => addTills(db, TILLS));
  console.log(`${SHOPS} shops of ${TILLS} tills on each engine in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const mix = ops(lite.goods, opt('BENCH_LINES'));
  for (const target of [
    { engine: 'SQLite' as const, store: ['--data', lite.data, '--demo'], processes: opt('BENCH_PROCESSES'), keys: lite.keys },
    { engine: 'PostgreSQL' as const, store: ['--db', pg.url, '--demo'], processes: opt('BENCH_PROCESSES'), keys: post.keys },
  ])
    running.push(await startTarget(target, SHOPS + 10));
  for (const run of running) await freshShifts(run.urls[0] as string, run.keys, TILLS);

  const phases: Phase[] = [];
  const seq = { next: 5_000_000 };
  const spread = (n: number) =>
    Array.from({ length: n }, (_, w) => ({ shop: w % SHOPS, kasm: kasms[Math.floor(w / SHOPS) % TILLS] as number }));
  const kasms = benchTills(TILLS);
  const everyTill = Array.from({ length: SHOPS * TILLS }, (_, w) => ({
    shop: Math.floor(w / TILLS),
    kasm: kasms[w % TILLS] as number,
  }));
  const oneShop = kasms.map((kasm) => ({ shop: 0, kasm }));
  for (const run of running) {
    const common = { run, mix, reads: READS, seq, meters };
    // Every client opened and its paths warm before anything is timed.
    await runPhase({ ...common, name: 'warm-up', tills: everyTill, seconds: 1, everyMs: 0 });
    phases.push(
      await runPhase({
        ...common,
        name: '1 busy hour',
        tills: everyTill,
        seconds: opt('BENCH_BUSY_SECONDS'),
        everyMs: SALE_EVERY_MS,
      }),
    );
    phases.push(
      await runPhase({
        ...common,
        name: '2 flat out',
        tills: spread(opt('BENCH_CONNECTIONS')),
        seconds: opt('BENCH_SECONDS'),
        everyMs: 0,
      }),
    );
    phases.push(await runPhase({ ...common, name: '3 one shop', tills: oneShop, seconds: opt('BENCH_SECONDS'), everyMs: 0 }));
  }
  console.log(`\nload average ${loadavg()}`);
  console.log(
    '  phase          engine      tills  closes/s  reads/s  close p50/p99 ms   read p50/p99 ms  failed  retried closes  CPU ms/close: service, PostgreSQL',
  );
  for (const p of phases) console.log(phaseLine(p));
  const offered = (SHOPS * TILLS * 1000) / SALE_EVERY_MS;
  console.log(`  (the busy hour offers ${offered.toFixed(1)} closes/s and ${(offered * READS).toFixed(1)} reads/s)`);
  const contention = phases.find((p) => p.name === '3 one shop' && p.engine === 'PostgreSQL');
  if (contention)
    console.log(
      `\ntarget: retried closes under ${TILLS} concurrent tills of one shop ≤ 5 %: ${(contention.retriedShare * 100).toFixed(1)} % — ${contention.retriedShare <= 0.05 ? 'met' : 'not met'}`,
    );
  console.log(paper(phases, READS));
} finally {
  for (const r of running) await stopTarget(r);
  meterPg.close();
  await pg.stop();
  rmSync(dir, { recursive: true, force: true });
}
