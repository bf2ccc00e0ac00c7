/**
 * The crash test at any scale, as a command:
 *
 *   npm run crash -- --rounds 300 [--service-kill-every N] [--seed S] [--engine sqlite|postgres]
 *
 * prints the kills (desk and service), the sales acknowledged, present, duplicated and missing,
 * and the integrity and books checks; it exits 1 on any loss, duplicate or failed check.
 * The CI test (crash.test.ts) runs the same thing for a few rounds.
 */
import { parseArgs } from 'node:util';
import { formatReport, runCrash } from './crash-run.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '24' },
    'service-kill-every': { type: 'string', default: '4' },
    seed: { type: 'string' },
    // postgres: the back office on a PostgreSQL cluster the run starts (apt-get install -y postgresql).
    engine: { type: 'string', default: 'sqlite' },
  },
  strict: true,
});

const count = (name: string, raw: string, min: number): number => {
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < min) {
    console.error(`--${name} must be a whole number of at least ${min}, not ${JSON.stringify(raw)}`);
    process.exit(2);
  }
  return n;
};

const rounds = count('rounds', values.rounds, 1);
const serviceKillEvery = count('service-kill-every', values['service-kill-every'], 0);
const seed = values.seed === undefined ? Date.now() % 2 ** 31 : count('seed', values.seed, 0);

const engine = values.engine;
if (engine !== 'sqlite' && engine !== 'postgres') {
  console.error(`--engine is sqlite or postgres, not ${JSON.stringify(engine)}`);
  process.exit(2);
}

const report = await runCrash({ rounds, serviceKillEvery, seed, engine, progress: (line) => console.error(line) });
console.log(formatReport(report));
process.exitCode = report.problems.length === 0 ? 0 : 1;
