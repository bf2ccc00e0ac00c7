/**
 * npm run bench:contention — issue 24, item 3 on its own (bench/pg/contention.ts says what and
 * how): one PostgreSQL shop, 5 tills closing at once behind `serve --workers 2`, the races lost
 * and run again against the target. A cluster of its own, fsync on, as bench:pg's; bench:pg runs
 * the same bench at its end.
 */
import { postgresBin, startTestPostgres } from '../shared-node/pg/test-cluster.js';
import { contentionBench } from './pg/contention.js';
import { loadavg } from './pg/measure.js';
import { RACE_LOG_SETTINGS } from './pg/races.js';

const OPTIONS = {
  BENCH_SECONDS: { value: 20, about: 'seconds of each round (goods shared between tills, then each its own)' },
  BENCH_LINES: { value: 6, about: 'lines of each close' },
  BENCH_GOODS: { value: 500, about: 'goods in the demo shop' },
  BENCH_WORKERS: { value: 2, about: 'service processes (serve --workers)' },
};
const opt = (name: keyof typeof OPTIONS) => Number(process.env[name] ?? OPTIONS[name].value);

console.log('npm run bench:contention — options (environment variables):');
for (const [name, o] of Object.entries(OPTIONS)) console.log(`  ${name}=${opt(name as keyof typeof OPTIONS)}  ${o.about}`);
console.log(`load average at start: ${loadavg()}`);
const bin = postgresBin();
if (!bin) throw new Error('PostgreSQL is not installed (apt-get install -y postgresql)');
const pg = await startTestPostgres({ durable: true, settings: RACE_LOG_SETTINGS });
try {
  console.log('\nConcurrent tills of one shop on PostgreSQL');
  await contentionBench(pg, bin, {
    seconds: opt('BENCH_SECONDS'),
    lines: opt('BENCH_LINES'),
    goods: opt('BENCH_GOODS'),
    workers: opt('BENCH_WORKERS'),
  });
  console.log(`load average at end: ${loadavg()}`);
} finally {
  await pg.stop();
}
