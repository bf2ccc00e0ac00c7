/**
 * The crash test in CI: a short run of crash-run.ts (SIGKILLs of the desk and the service and a
 * faulty network). `npm run crash -- --rounds 300` runs the same at scale.
 *
 * CRASH_SEED=<n> replays the schedule of a failed run (the timing of the machine still varies).
 */
import { afterAll, expect, it } from 'vitest';
import { killAll } from '../../../server/testing/processes.js';
import { formatReport, runCrash } from './crash-run.js';

const SEED = Number(process.env.CRASH_SEED ?? Date.now() % 2 ** 31);

afterAll(() => killAll());

it('delivers every sale the desk acknowledged exactly once, through SIGKILLs of the desk and the service and a faulty network', async () => {
  const report = await runCrash({ rounds: 24, serviceKillEvery: 4, seed: SEED });
  console.log(formatReport(report));
  expect(report.problems).toEqual([]);
  expect(report).toMatchObject({ rounds: 24, deskKills: 24, duplicated: [], missing: [] });
  expect(report.serviceKills).toBeGreaterThan(0);
  expect(report.integrity).toEqual({ backOffice: 'ok', outbox: 'ok' });
  expect(report.booksBreaches).toEqual({});
}, 300_000);
