/**
 * The crash test with the back office on PostgreSQL (a durable cluster the run starts): the same
 * kills of the desk and the service and the same faulty network as crash.test.ts, and power cuts
 * of the database itself in place of every other service kill. It needs PostgreSQL installed
 * (.ci/run installs it); `npm run crash -- --engine postgres --rounds 300` runs it at scale.
 */
import { afterAll, expect, it } from 'vitest';
import { killAll } from '../../../server/testing/processes.js';
import { postgresBin } from '../../../shared-node/pg/test-cluster.js';
import { formatReport, runCrash } from './crash-run.js';

const SEED = Number(process.env.CRASH_SEED ?? Date.now() % 2 ** 31);

afterAll(() => killAll());

it.runIf(postgresBin() !== undefined)(
  'on PostgreSQL too: every acknowledged sale exactly once, through kills of the desk and the service and power cuts of the database',
  async () => {
    const report = await runCrash({ rounds: 12, serviceKillEvery: 2, seed: SEED, engine: 'postgres' });
    console.log(formatReport(report));
    expect(report.problems).toEqual([]);
    expect(report).toMatchObject({ rounds: 12, deskKills: 12, duplicated: [], missing: [] });
    expect(report.serviceKills).toBeGreaterThan(0);
    expect(report.databaseCrashes).toBeGreaterThan(0);
    expect(report.integrity).toEqual({ backOffice: 'ok', outbox: 'ok' });
    expect(report.booksBreaches).toEqual({});
  },
  420_000,
);
