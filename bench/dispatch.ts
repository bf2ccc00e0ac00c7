/**
 * npm run bench:dispatch — what the fiscal dispatcher costs a write that makes no fiscal document
 * (issue 24: "CPU per write with and without the simulator within 10 %"). CPU of this process per
 * write (user + system, all its threads: PostgreSQL's I/O thread too, not the server's processes),
 * each write through the gateway's write path (writePerformer: the idempotency record, the back
 * office's transaction, what the service does after a write), on two identical demo shops:
 *   - on:  the back office as `serve --demo` opens it (server/clients/back-office.ts): the simulated
 *          tax server on loopback in this process, the registers' keys unlocked, the dispatcher with
 *          its interval round;
 *   - off: the same back office without its fiscal link (no simulator, no dispatcher), with what
 *          else the service does after a write (SQLite's idle checkpoint).
 * The non-fiscal write is pos.card_setting_save (a product card renamed and repriced); for
 * contrast, a one-line cash sale, whose document the "on" shop signs and sends at once. After each
 * write the bench yields to the event loop, so whatever the write set going runs inside the round
 * that measures it. Rounds alternate on/off; the figure is the median of the rounds' ratios.
 * SQLite always; PostgreSQL too when it is installed (a cluster of its own, fsync on).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openServiceDatabase } from '../server/clients/back-office.js';
import { postgresBin, startTestPostgres } from '../shared-node/pg/test-cluster.js';
import { DISPATCH_TARGET, dispatchOnPostgres, measureDispatch, shopOf } from './dispatch/measure.js';

const OPTIONS = {
  BENCH_WRITES: { value: 200, about: 'non-fiscal writes per round' },
  BENCH_SALES: { value: 5, about: 'sales per round (the contrast: each signed and sent at once when on)' },
  BENCH_ROUNDS: { value: 12, about: 'rounds per configuration, alternating on/off' },
  BENCH_GOODS: { value: 500, about: 'goods in each demo shop' },
};
const opt = (name: keyof typeof OPTIONS) => Number(process.env[name] ?? OPTIONS[name].value);
/** Which engines to measure (PostgreSQL only where it is installed). */
const ENGINES = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
const WRITES = opt('BENCH_WRITES');
const SALES = opt('BENCH_SALES');
const ROUNDS = opt('BENCH_ROUNDS');
const GOODS = opt('BENCH_GOODS');
const SIZES = { writes: WRITES, sales: SALES, rounds: ROUNDS, goods: GOODS };

console.log('npm run bench:dispatch — options (environment variables):');
for (const [name, o] of Object.entries(OPTIONS)) console.log(`  ${name}=${opt(name as keyof typeof OPTIONS)}  ${o.about}`);
console.log(`  BENCH_ENGINES=${ENGINES.join(',')}  engines measured`);
console.log(
  `load average at start: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);

const results: boolean[] = [];
const dir = mkdtempSync(join(tmpdir(), 'bench-dispatch-'));
try {
  const t0 = performance.now();
  if (ENGINES.includes('sqlite')) {
    const on = shopOf(openServiceDatabase(join(dir, 'on.sqlite')), true, GOODS);
    const off = shopOf(openServiceDatabase(join(dir, 'off.sqlite')), false, GOODS);
    console.log(`\nSQLite: two demo shops of ${GOODS} goods seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    try {
      results.push((await measureDispatch('SQLite (WAL, synchronous=FULL)', on, off, SIZES)) <= DISPATCH_TARGET);
    } finally {
      await on.close();
      await off.close();
    }
  }

  if (ENGINES.includes('postgres') && postgresBin()) {
    const pg = await startTestPostgres({ durable: true });
    try {
      results.push((await dispatchOnPostgres(pg.url, SIZES)) <= DISPATCH_TARGET);
    } finally {
      await pg.stop();
    }
  } else {
    console.log('\nPostgreSQL not measured (not installed, or not in BENCH_ENGINES)');
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(
  `\ndispatch: ${results.filter(Boolean).length}/${results.length} engines within 10 % (a write that makes no fiscal document costs no fiscal dispatch)`,
);
