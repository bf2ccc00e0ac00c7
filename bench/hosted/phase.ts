/** One phase of bench:hosted on one engine: its tills run together, and what it cost is measured around them. */
import type { ops } from '../pg/load.js';
import { clusterCpu, cpuMsOf, cpuSince, pct } from '../pg/measure.js';
import type { Meters, Running } from '../pg/throughput.js';
import { newFigures, runTill } from './tills.js';

export interface Phase {
  readonly name: string;
  readonly engine: Running['engine'];
  readonly tills: number;
  readonly seconds: number;
  readonly closes: readonly number[];
  readonly reads: readonly number[];
  readonly failed: number;
  readonly failures: ReadonlyMap<string, string>;
  /** Of the closes, the share PostgreSQL rolled back and ran again (0 on SQLite: one writer at a time). */
  readonly retriedShare: number;
  /** CPU ms per close of the service processes and of PostgreSQL's, the reads before it included. */
  readonly serviceMsPerSale: number;
  readonly postgresMsPerSale: number;
}

export async function runPhase(p: {
  name: string;
  run: Running;
  mix: ReturnType<typeof ops>;
  reads: number;
  tills: readonly { shop: number; kasm: number }[];
  seconds: number;
  everyMs: number;
  seq: { next: number };
  meters: Meters;
}): Promise<Phase> {
  const pg = p.run.engine === 'PostgreSQL';
  const figures = newFigures();
  const service0 = p.run.children.reduce((s, c) => s + cpuMsOf(c.pid ?? 0), 0);
  const postgres0 = clusterCpu(p.meters.pgData);
  const counters0 = pg ? p.meters.counters.read() : undefined;
  const t0 = performance.now();
  await Promise.all(
    p.tills.map((t, w) =>
      runTill(
        { url: p.run.urls[w % p.run.urls.length] as string, key: p.run.keys[t.shop] as string, kasm: t.kasm },
        p.mix,
        p.reads,
        p.seconds,
        p.everyMs,
        p.seq,
        figures,
      ),
    ),
  );
  const seconds = (performance.now() - t0) / 1000;
  const counters1 = pg ? p.meters.counters.read() : undefined;
  const sales = Math.max(1, figures.closes.length);
  return {
    name: p.name,
    engine: p.run.engine,
    tills: p.tills.length,
    seconds,
    closes: figures.closes,
    reads: figures.reads,
    failed: [...figures.failed.values()].reduce((s, n) => s + n, 0),
    failures: figures.firstFailure,
    retriedShare: counters0 && counters1 ? (counters1.rollbacks - counters0.rollbacks) / sales : 0,
    serviceMsPerSale: (p.run.children.reduce((s, c) => s + cpuMsOf(c.pid ?? 0), 0) - service0) / sales,
    postgresMsPerSale: pg ? cpuSince(postgres0, clusterCpu(p.meters.pgData)) / sales : 0,
  };
}

const f1 = (x: number) => x.toFixed(1);

export function phaseLine(p: Phase): string {
  const perS = (n: number) => f1(n / p.seconds).padStart(8);
  const lat = (xs: readonly number[]) => `${f1(pct(xs, 50))} / ${f1(pct(xs, 99))}`.padStart(15);
  const failures = [...p.failures].map(([what, message]) => `\n      ${what}: ${message.slice(0, 160)}`).join('');
  return (
    `  ${p.name.padEnd(14)} ${p.engine.padEnd(10)} ${String(p.tills).padStart(6)} ${perS(p.closes.length)} ${perS(p.reads.length)}  ${lat(p.closes)}   ${lat(p.reads)}` +
    `  ${String(p.failed).padStart(6)}  ${p.engine === 'PostgreSQL' ? `${f1(p.retriedShare * 100)} %`.padStart(14) : '             —'}` +
    `  ${f1(p.serviceMsPerSale)}, ${p.engine === 'PostgreSQL' ? f1(p.postgresMsPerSale) : '—'}${failures}`
  );
}
