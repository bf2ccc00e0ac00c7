/**
 * bench:pg's first part: requests one at a time through HTTP to a data service of each engine in
 * this process, with what each cost — CPU of this process (service and client) and of PostgreSQL,
 * and on PostgreSQL the statements sent, the round trips they went in, how long each round trip
 * took, and how much PostgreSQL itself spent planning and executing the statements. Then the floors: a bare round trip and
 * a one-row commit on each engine.
 */
import { join } from 'node:path';
import type { SyncPg } from '../../shared-node/pg/sync-pg.js';
import { openDatabase } from '../../shared-node/sqlite/open.js';
import { type Op, sequential } from './load.js';
import { clusterCpu, cpuSince, loadavg, median, type PgCounters, type StatementTap } from './measure.js';

export type Engine = 'SQLite' | 'PostgreSQL';

export interface Figures {
  readonly times: number[];
  /** CPU ms of this process (the service and its client) and of PostgreSQL's processes. */
  cpuMs: number;
  pgCpuMs: number;
  /** PostgreSQL only. */
  statements: number;
  roundTrips: number;
  /** Of each round trip. */
  readonly statementMs: number[];
  readonly kinds: Map<string, number>;
  serverMs: number;
  serverCalls: number;
}

export interface Timing {
  readonly url: Record<Engine, string>;
  readonly key: Record<Engine, string>;
  readonly tap: StatementTap;
  readonly counters: PgCounters;
  readonly pgData: string;
}

export class OneAtATime {
  private readonly figures = new Map<string, Figures>();
  private from = 0;

  constructor(private readonly t: Timing) {}

  of(engine: Engine, op: Op): Figures {
    const id = `${engine} ${op.name}`;
    let f = this.figures.get(id);
    if (!f) {
      f = {
        times: [],
        cpuMs: 0,
        pgCpuMs: 0,
        statements: 0,
        roundTrips: 0,
        statementMs: [],
        kinds: new Map(),
        serverMs: 0,
        serverCalls: 0,
      };
      this.figures.set(id, f);
    }
    return f;
  }

  /** `calls` requests of `op` on `engine`, after `warmup` more. */
  async time(engine: Engine, op: Op, calls: number, warmup: number): Promise<void> {
    const { url, key, tap, counters, pgData } = this.t;
    if (warmup > 0) await sequential(url[engine], key[engine], op, 0, warmup, this.from);
    this.from += warmup;
    tap.reset();
    const before = counters.read();
    const cpu0 = process.cpuUsage();
    const pgCpu0 = clusterCpu(pgData);
    const times = await sequential(url[engine], key[engine], op, calls, 0, this.from);
    const cpu = process.cpuUsage(cpu0);
    const pgCpu = cpuSince(pgCpu0, clusterCpu(pgData));
    const after = counters.read();
    this.from += calls;
    const f = this.of(engine, op);
    f.times.push(...times);
    f.cpuMs += (cpu.user + cpu.system) / 1000;
    f.pgCpuMs += pgCpu;
    if (engine === 'PostgreSQL') {
      f.statements += tap.count;
      f.roundTrips += tap.roundTrips;
      f.statementMs.push(...tap.times);
      f.serverMs += after.planMs + after.execMs - before.planMs - before.execMs;
      // Less the first read of the counters (PostgreSQL counts a statement once it has run).
      f.serverCalls += after.calls - before.calls - 1;
      for (const [text, n] of tap.texts) {
        const kind = /^(\w+)/.exec(text)?.[1]?.toUpperCase() ?? '?';
        f.kinds.set(kind, (f.kinds.get(kind) ?? 0) + n);
      }
    }
  }

  /** The lookups, then the close in alternating rounds (ABBA…): the machine's load weighs on both alike. */
  async run(lookups: readonly Op[], close: Op, calls: number, rounds: number, warmup: number): Promise<void> {
    const engines: Engine[] = ['SQLite', 'PostgreSQL'];
    for (const engine of engines) for (const op of lookups) await this.time(engine, op, calls, warmup);
    for (let r = 0; r < rounds; r++) {
      for (const engine of r % 2 === 0 ? engines : [...engines].reverse())
        await this.time(engine, close, Math.ceil(calls / rounds), r === 0 ? warmup : 0);
      console.log(`  close round ${r + 1} of ${rounds} done; load average ${loadavg()}`);
    }
  }
}

export interface Floors {
  /** A SELECT 1 over SyncPg, ms. */
  readonly roundTrip: number;
  /** The COMMIT of a one-row insert on PostgreSQL (its WAL flush), and a one-row IMMEDIATE transaction on SQLite (synchronous=FULL). */
  readonly pgCommit: readonly number[];
  readonly sqliteCommit: readonly number[];
}

export function floors(pg: SyncPg, dir: string): Floors {
  const rtt: number[] = [];
  for (let i = 0; i < 1100; i++) {
    const t = performance.now();
    pg.query('SELECT 1');
    if (i >= 100) rtt.push(performance.now() - t);
  }
  pg.query('CREATE TABLE bench_bare (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, v text NOT NULL)');
  const pgCommit: number[] = [];
  for (let i = 0; i < 330; i++) {
    pg.query('BEGIN');
    pg.query('INSERT INTO bench_bare (v) VALUES ($1)', [`row ${i}`]);
    const t = performance.now();
    pg.query('COMMIT');
    if (i >= 30) pgCommit.push(performance.now() - t);
  }
  pg.query('DROP TABLE bench_bare');
  const db = openDatabase(join(dir, 'bare.sqlite'));
  db.exec('CREATE TABLE bench_bare (id INTEGER PRIMARY KEY, v TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO bench_bare (v) VALUES (?)');
  const commit = db.transaction((v: string) => insert.run(v));
  const sqliteCommit: number[] = [];
  for (let i = 0; i < 330; i++) {
    const t = performance.now();
    commit.immediate(`row ${i}`);
    if (i >= 30) sqliteCommit.push(performance.now() - t);
  }
  db.close();
  return { roundTrip: median(rtt), pgCommit, sqliteCommit };
}
