/**
 * What bench:pg measures besides the clock: percentiles, the machine's load, the CPU time of
 * processes (from /proc: the service children and the PostgreSQL backends), PostgreSQL's own
 * count of statements (pg_stat_statements), and — in this process — every statement a PgDb sends,
 * counted where it leaves, and every round trip timed (SyncPg.query: one statement, one round trip;
 * SyncPg.pipeline: several statements, one round trip).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SyncPg } from '../../shared-node/pg/sync-pg.js';

export const pct = (xs: readonly number[], p: number): number => {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number;
};
export const median = (xs: readonly number[]): number => pct(xs, 50);

export const loadavg = (): string => readFileSync('/proc/loadavg', 'utf8').trim();

const TICKS_PER_SECOND = 100;

/** A process's CPU time so far (user + system) in ms; 0 when it is gone. */
export function cpuMsOf(pid: number): number {
  try {
    // The command may hold spaces and parentheses: the fields are counted after its last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** The whole machine's CPU time so far, ms: busy (anyone's, not idle nor waiting for I/O) and all. */
export function machineCpuMs(): { busy: number; total: number } {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] as string).trim().split(/\s+/).slice(1, 9).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: ((total - idle) * 1000) / TICKS_PER_SECOND, total: (total * 1000) / TICKS_PER_SECOND };
}

/** The postmaster of the cluster whose data folder this is, and every process it started. */
export function clusterPids(dataDir: string): number[] {
  const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const pids = [postmaster];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      if (Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]) === postmaster) pids.push(Number(entry));
    } catch {
      // Ended while we looked.
    }
  }
  return pids;
}

/** The CPU time of each of the cluster's processes now (ms by pid). */
export function clusterCpu(dataDir: string): Map<number, number> {
  return new Map(clusterPids(dataDir).map((pid) => [pid, cpuMsOf(pid)]));
}

/**
 * CPU ms the cluster's processes spent between two readings: a process that began in between
 * counts whole; one that ended in between is missed (backends of open connections live on).
 */
export function cpuSince(before: ReadonlyMap<number, number>, after: ReadonlyMap<number, number>): number {
  let ms = 0;
  for (const [pid, cpu] of after) ms += Math.max(0, cpu - (before.get(pid) ?? 0));
  return ms;
}

/**
 * Every statement this process sends to PostgreSQL, counted, and every round trip, counted and
 * timed (ms, from the call to the answer: the round trip, PostgreSQL's work on each statement in
 * it and the client's own work: libpq's, or node-postgres's and the I/O thread's hand-over).
 */
export class StatementTap {
  count = 0;
  roundTrips = 0;
  /** Of each round trip. */
  readonly times: number[] = [];
  readonly texts = new Map<string, number>();
  /** When set, each round trip's statements (their first words) in order: what one close waits for. */
  trips: string[][] | undefined;
  private original: { query: SyncPg['query']; pipeline: SyncPg['pipeline'] } | undefined;

  install(): void {
    if (this.original) return;
    const { query, pipeline } = SyncPg.prototype;
    this.original = { query, pipeline };
    const timed = <T>(sqls: readonly string[], send: () => T): T => {
      const t0 = performance.now();
      try {
        return send();
      } finally {
        this.times.push(performance.now() - t0);
        this.roundTrips++;
        this.count += sqls.length;
        const heads = sqls.map((sql) => sql.replace(/\s+/g, ' ').slice(0, 60));
        for (const head of heads) this.texts.set(head, (this.texts.get(head) ?? 0) + 1);
        this.trips?.push(heads);
      }
    };
    SyncPg.prototype.query = function (this: SyncPg, sql: string, params?: readonly unknown[]) {
      return timed([sql], () => query.call(this, sql, params));
    };
    SyncPg.prototype.pipeline = function (this: SyncPg, statements: Parameters<SyncPg['pipeline']>[0]) {
      return timed(
        statements.map((s) => s.sql),
        () => pipeline.call(this, statements),
      );
    };
  }

  reset(): void {
    this.count = 0;
    this.roundTrips = 0;
    this.times.length = 0;
    this.texts.clear();
  }

  uninstall(): void {
    if (this.original) Object.assign(SyncPg.prototype, this.original);
    this.original = undefined;
  }
}

/** PostgreSQL's own counters, read over a connection of their own. */
export class PgCounters {
  constructor(private readonly pg: SyncPg) {}

  /**
   * Statements executed so far (all databases), how many were ROLLBACKs, and PostgreSQL's own
   * time on them in ms: planning (an unnamed statement is planned again each time; a named one,
   * PgDb's prepared statements, once per connection or not at all with a generic plan) and execution.
   */
  read(): { calls: number; rollbacks: number; planMs: number; execMs: number } {
    const row = this.pg.query(
      `SELECT coalesce(sum(calls), 0)::bigint AS calls,
              coalesce(sum(calls) FILTER (WHERE query ILIKE 'ROLLBACK%'), 0)::bigint AS rollbacks,
              coalesce(sum(total_plan_time), 0)::float8 AS plan_ms,
              coalesce(sum(total_exec_time), 0)::float8 AS exec_ms
         FROM pg_stat_statements`,
    ).rows[0] as { calls: number; rollbacks: number; plan_ms: number; exec_ms: number };
    return { calls: row.calls, rollbacks: row.rollbacks, planMs: row.plan_ms, execMs: row.exec_ms };
  }
}
