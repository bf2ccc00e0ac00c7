/**
 * Throughput of the mixed load on service processes spawned as in production (the bundle with
 * plain node, `serve --data DIR` or `serve --db postgres://…`), one or two on the same store:
 * requests/s, what failed, and the CPU each part spent per request (service processes,
 * PostgreSQL's processes, this load generator), with PostgreSQL's own count of the statements and
 * rollbacks the run caused.
 */
import { type Child, spawnBundle } from '../../server/testing/processes.js';
import { type LoadResult, mixedLoad, type ops } from './load.js';
import { clusterCpu, cpuMsOf, cpuSince, loadavg, machineCpuMs, type PgCounters } from './measure.js';

export interface Target {
  readonly engine: 'SQLite' | 'PostgreSQL';
  /** `--data DIR` or `--db postgres://…`. */
  readonly store: readonly string[];
  readonly processes: number;
  readonly keys: readonly string[];
}

export interface Running extends Target {
  readonly children: readonly Child[];
  readonly urls: readonly string[];
}

export interface RoundResult extends LoadResult {
  readonly loadavg: string;
  /** CPU ms per request. */
  readonly serviceCpu: number;
  readonly postgresCpu: number;
  readonly generatorCpu: number;
  /** Cores the whole machine kept busy meanwhile (anyone's processes; the machine has 2). */
  readonly machineCores: number;
  /** PostgreSQL only: statements per request and transactions rolled back (races lost, run again). */
  readonly statements?: number;
  readonly rollbacks?: number;
  /** The first lines the service processes logged at level warn or error meanwhile (why requests failed). */
  readonly serviceErrors: readonly string[];
  /** PostgreSQL only: its own time per statement, ms: execution, and planning where pg_stat_statements tracks it. */
  readonly serverMs?: number;
}

/** Starts the target's processes from `bundle` (bundleServer's dist/server/cli.mjs). */
export async function startTarget(target: Target, maxOpen: number, bundle: string): Promise<Running> {
  const children: Child[] = [];
  const urls: string[] = [];
  for (let p = 1; p <= target.processes; p++) {
    const child = spawnBundle(`${target.engine} service ${p}`, bundle, [
      'serve',
      ...target.store,
      '--port',
      '0',
      '--rate-limit',
      '0',
      '--max-open',
      String(maxOpen),
    ]);
    children.push(child);
    const line = await child.waitForLine((l) => l.includes('listening on'), 60_000);
    urls.push(/(http:\/\/[^/]+)\/v1\/rpc/.exec(line)?.[1] as string);
  }
  return { ...target, children, urls };
}

export interface Meters {
  /** The cluster's data folder, for the CPU of its processes. */
  readonly pgData: string;
  readonly counters: PgCounters;
}

export async function round(
  run: Running,
  mix: ReturnType<typeof ops>,
  connections: number,
  seconds: number,
  from: number,
  meters: Meters,
): Promise<RoundResult> {
  const pg = run.engine === 'PostgreSQL';
  const service0 = run.children.reduce((s, c) => s + cpuMsOf(c.pid ?? 0), 0);
  const postgres0 = clusterCpu(meters.pgData);
  const generator0 = process.cpuUsage();
  const logged = run.children.map((c) => c.logged.length);
  const machine0 = machineCpuMs();
  const wall0 = performance.now();
  const counters0 = pg ? meters.counters.read() : undefined;
  const result = await mixedLoad(run.urls, run.keys, mix, connections, seconds, from);
  const counters1 = pg ? meters.counters.read() : undefined;
  const generator = process.cpuUsage(generator0);
  const machine = (machineCpuMs().busy - machine0.busy) / (performance.now() - wall0);
  const per = (ms: number) => ms / result.requests;
  const statements = counters0 && counters1 ? counters1.calls - counters0.calls : undefined;
  return {
    ...result,
    loadavg: loadavg(),
    serviceCpu: per(run.children.reduce((s, c) => s + cpuMsOf(c.pid ?? 0), 0) - service0),
    postgresCpu: per(cpuSince(postgres0, clusterCpu(meters.pgData))),
    generatorCpu: per((generator.user + generator.system) / 1000),
    machineCores: machine,
    serviceErrors: run.children.flatMap((c, i) => c.logged.slice(logged[i])).slice(0, 3),
    ...(statements !== undefined && counters0 && counters1
      ? {
          // Less the first read of the counters (PostgreSQL counts a statement once it has run).
          statements: (statements - 1) / result.requests,
          rollbacks: counters1.rollbacks - counters0.rollbacks,
          serverMs: (counters1.planMs + counters1.execMs - counters0.planMs - counters0.execMs) / Math.max(1, statements),
        }
      : {}),
  };
}

export async function stopTarget(run: Running): Promise<void> {
  for (const c of run.children) await c.kill();
}
