/** One phase of bench:hosted on one engine: its tills run together, and what it cost is measured around them. */
import type { ops } from '../pg/load.js';
import { clusterCpu, cpuSince, type PgCounters, pct } from '../pg/measure.js';
import type { RaceLog } from '../pg/races.js';
import type { Running } from '../pg/throughput.js';
import { treeCpuMs } from './cpu.js';
import { newFigures, runTill } from './tills.js';

export interface HostedMeters {
  /** The cluster's data folder, for the CPU of its processes. */
  readonly pgData: string;
  readonly counters: PgCounters;
  readonly races: RaceLog;
}

export interface Phase {
  readonly name: string;
  readonly engine: Running['engine'];
  readonly tills: number;
  readonly seconds: number;
  /** Latencies of the closes and reads answered 200 (a failed request is no figure). */
  readonly closes: readonly number[];
  readonly reads: readonly number[];
  readonly failed: number;
  readonly failures: ReadonlyMap<string, string>;
  /** PostgreSQL only: transactions that lost a race and ran again (its log's 40001/40P01). */
  readonly retries: number;
  readonly deadlocks: number;
  /** PostgreSQL only: ROLLBACKs of any cause (races, refusals, failures). */
  readonly rollbacks: number;
  /** PostgreSQL only: statements it executed, the lookups', the closes' and the fiscal dispatch's. */
  readonly statements: number;
  /** CPU ms in all of the phase: the service processes', PostgreSQL's. */
  readonly serviceCpuMs: number;
  readonly postgresCpuMs: number;
  /** The service's warn and error log lines meanwhile (the first few). */
  readonly serviceErrors: readonly string[];
}

export async function runPhase(p: {
  name: string;
  run: Running;
  mix: ReturnType<typeof ops>;
  /** Lookups before each close; `closes: false` makes a phase of lookups only. */
  reads: number;
  closes?: boolean;
  tills: readonly { shop: number; kasm: number }[];
  seconds: number;
  everyMs: number;
  seq: { next: number };
  meters: HostedMeters;
}): Promise<Phase> {
  const pg = p.run.engine === 'PostgreSQL';
  const figures = newFigures();
  const logged = p.run.children.map((c) => c.logged.length);
  const service0 = p.run.children.reduce((s, c) => s + treeCpuMs(c.pid ?? 0), 0);
  const postgres0 = clusterCpu(p.meters.pgData);
  const counters0 = pg ? p.meters.counters.read() : undefined;
  const log0 = p.meters.races.mark();
  const t0 = performance.now();
  await Promise.all(
    p.tills.map((t, w) =>
      runTill(
        { url: p.run.urls[w % p.run.urls.length] as string, key: p.run.keys[t.shop] as string, kasm: t.kasm },
        p.mix,
        { reads: p.reads, close: p.closes ?? true },
        p.seconds,
        p.everyMs,
        p.seq,
        figures,
      ),
    ),
  );
  const seconds = (performance.now() - t0) / 1000;
  const counters1 = pg ? p.meters.counters.read() : undefined;
  const races = pg ? p.meters.races.since(log0) : { retries: 0, deadlocks: 0, where: new Map() };
  return {
    name: p.name,
    engine: p.run.engine,
    tills: p.tills.length,
    seconds,
    closes: figures.closes,
    reads: figures.reads,
    failed: [...figures.failed.values()].reduce((s, n) => s + n, 0),
    failures: figures.firstFailure,
    retries: races.retries,
    deadlocks: races.deadlocks,
    rollbacks: counters0 && counters1 ? counters1.rollbacks - counters0.rollbacks : 0,
    // Less the first read of the counters (PostgreSQL counts a statement once it has run).
    statements: counters0 && counters1 ? counters1.calls - counters0.calls - 1 : 0,
    serviceCpuMs: p.run.children.reduce((s, c) => s + treeCpuMs(c.pid ?? 0), 0) - service0,
    postgresCpuMs: pg ? cpuSince(postgres0, clusterCpu(p.meters.pgData)) : 0,
    serviceErrors: p.run.children.flatMap((c, i) => c.logged.slice(logged[i])).slice(0, 3),
  };
}

const f1 = (x: number) => x.toFixed(1);

export const PHASE_HEADER =
  '  phase            engine      tills  closes/s  reads/s  close p50/p99 ms   read p50/p99 ms  failed  retried closes  rollbacks   PG statements/sale';

export function phaseLine(p: Phase): string {
  const perS = (n: number) => f1(n / p.seconds).padStart(8);
  const lat = (xs: readonly number[]) => (xs.length ? `${f1(pct(xs, 50))} / ${f1(pct(xs, 99))}` : '—').padStart(15);
  const pg = p.engine === 'PostgreSQL';
  const closes = p.closes.length;
  const retried = pg && closes ? `${p.retries} (${f1((p.retries / closes) * 100)} %)` : '—';
  const failures = [...p.failures].map(([what, message]) => `\n      FAILED ${what}: ${message.slice(0, 160)}`).join('');
  const errors = p.serviceErrors.map((l) => `\n      service logged: ${l.slice(0, 200)}`).join('');
  return (
    `  ${p.name.padEnd(16)} ${p.engine.padEnd(10)} ${String(p.tills).padStart(6)} ${perS(closes)} ${perS(p.reads.length)}  ${lat(p.closes)}   ${lat(p.reads)}` +
    `  ${String(p.failed).padStart(6)}  ${retried.padStart(14)}  ${(pg ? String(p.rollbacks) : '—').padStart(9)}` +
    `  ${pg && closes ? f1(p.statements / closes).padStart(19) : '—'.padStart(19)}${failures}${errors}`
  );
}
