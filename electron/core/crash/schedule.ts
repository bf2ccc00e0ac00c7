/**
 * The crash test's rounds: a desk process rings up sales until it is SIGKILLed, round after round,
 * while outages run beside the rounds (one of each kind at a time, and they may outlast a desk): the
 * network between the desk and the service drops or hangs, and every few rounds the service itself
 * is SIGKILLed and started again on the same database and port — on PostgreSQL every other such
 * outage cuts the database's power instead (back-office-store.ts). The schedule comes from a seed, so a
 * failing run can be replayed (the machine's timing still varies).
 */
import { type Child, sleep, spawnScript } from '../../../server/testing/processes.js';
import { startServiceProcess } from '../../../server/testing/service-process.js';
import type { FaultMode, FaultProxy } from '../testing/fault-proxy.js';

export const RING_SALES = 'electron/core/crash/ring-sales.ts';

export interface Tally {
  rounds: number;
  deskKills: number;
  killedWhileStarting: number;
  serviceKills: number;
  /** PostgreSQL only: the database stopped as by a power cut and started again (crash recovery). */
  databaseCrashes: number;
  drops: number;
  hangs: number;
}

export interface RoundsSetup {
  readonly rounds: number;
  /** The service is SIGKILLed in every N-th round (while no earlier outage still runs); 0: never. */
  readonly serviceKillEvery: number;
  readonly seed: number;
  readonly progress?: (line: string) => void;
  readonly deskDir: string;
  /** The back office's database as `serve --db` takes it: a file or a PostgreSQL URL. */
  readonly db: string;
  readonly port: number;
  readonly products: unknown;
  readonly faults: FaultProxy;
  /** PostgreSQL: its server, for a power cut in place of every other service kill. */
  readonly database?: { crash(): void; start(): void };
  /** The service as started before the rounds; a killed one is replaced. */
  service: Child;
}

export interface RoundsOutcome {
  readonly tally: Tally;
  /** ndoc → done | queued: what each desk told its cashier. */
  readonly acked: Map<string, string>;
  readonly setAside: string[];
  readonly problems: string[];
}

export async function ringRounds(s: RoundsSetup): Promise<RoundsOutcome> {
  const random = mulberry32(s.seed);
  const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const out: RoundsOutcome = {
    tally: { rounds: 0, deskKills: 0, killedWhileStarting: 0, serviceKills: 0, databaseCrashes: 0, drops: 0, hangs: 0 },
    acked: new Map(),
    setAside: [],
    problems: [],
  };
  const outages = new Outages(s, out.tally);
  for (let round = 0; round < s.rounds && outages.failure === undefined && out.problems.length === 0; round++) {
    await oneRound(s, round, out, outages, between);
    if ((round + 1) % 25 === 0)
      s.progress?.(
        `round ${round + 1}/${s.rounds}: ${out.acked.size} sales acknowledged, ${out.tally.serviceKills} service kills`,
      );
  }
  await outages.settle();
  if (outages.failure !== undefined) out.problems.push(`a network fault or service restart failed: ${String(outages.failure)}`);
  s.faults.setMode('pass');
  return out;
}

async function oneRound(
  s: RoundsSetup,
  round: number,
  out: RoundsOutcome,
  outages: Outages,
  between: (lo: number, hi: number) => number,
): Promise<void> {
  const desk = spawnScript(`desk ${round}`, RING_SALES, [
    '--data',
    s.deskDir,
    // A killed desk may have stored a sale it never acknowledged: no ndoc is ever rung up twice.
    '--start',
    String(round * 100_000),
    '--products',
    JSON.stringify(s.products),
    // Short: a desk lives a few hundred ms, and should acknowledge some sales as queued in an outage.
    '--wait-ms',
    '100',
  ]);
  out.tally.rounds += 1;
  if (round % 6 === 5) {
    // Killed at any moment of its start: loading, opening the outbox, putting back what a dead desk left sending.
    await sleep(between(50, 1000));
  } else {
    await desk.waitForLine((l) => l === 'READY', 60_000);
    const runMs = between(100, 600);
    // Early in the run, so the desk spends some of its short life offline and acknowledges queued sales.
    // (The seed's numbers are drawn only for an outage that starts, so a seed replays the same schedule.)
    if (round % 3 === 1 && !outages.networkDown) outages.network(between(0, runMs / 3), between(200, 1500));
    const every = s.serviceKillEvery;
    if (every > 0 && round % every === 2 % every && !outages.serviceDown)
      outages.service(between(0, runMs / 2), between(100, 1000));
    await sleep(runMs);
  }
  const exit = await desk.kill();
  if (exit.signal !== 'SIGKILL')
    out.problems.push(`${desk.name} ended by itself (${JSON.stringify(exit)}):\n${desk.stderrTail()}`);
  out.tally.deskKills += 1;
  if (!desk.lines.includes('READY')) out.tally.killedWhileStarting += 1;
  for (const line of desk.lines) {
    const [word, ndoc, status] = line.split(' ');
    if (word === 'ACK') out.acked.set(ndoc!, status!);
    if (word === 'SETASIDE') out.setAside.push(line);
  }
}

/** The outages beside the rounds: at most one network fault and one service outage at a time. */
class Outages {
  #network: Promise<void> | undefined;
  #service: Promise<void> | undefined;
  /** The first outage that failed (a service that would not start again): the run stops. */
  failure: unknown;

  constructor(
    private readonly s: RoundsSetup,
    private readonly tally: Tally,
  ) {}

  /** A network fault is scheduled or on. */
  get networkDown(): boolean {
    return this.#network !== undefined;
  }

  /** A service outage is scheduled or on. */
  get serviceDown(): boolean {
    return this.#service !== undefined;
  }

  /** Drops or hangs the network (whichever came less often) after `afterMs`, for `forMs`. */
  network(afterMs: number, forMs: number): void {
    const mode: FaultMode = this.tally.drops <= this.tally.hangs ? 'drop' : 'hang';
    this.#network = this.#background(async () => {
      await sleep(afterMs);
      this.s.faults.setMode(mode);
      this.tally[mode === 'drop' ? 'drops' : 'hangs'] += 1;
      await sleep(forMs);
      this.s.faults.setMode('pass');
    }).finally(() => {
      this.#network = undefined;
    });
  }

  /**
   * SIGKILLs the service after `afterMs` and starts it again on the same database and port `downMs`
   * later; or, every other time on PostgreSQL, cuts the database's power instead: the service stays
   * up, its connections break mid-transaction (a COMMIT among them, sometimes), and it must answer
   * nothing as done that the database did not keep.
   */
  service(afterMs: number, downMs: number): void {
    const database = this.s.database;
    const powerCut = database !== undefined && this.tally.serviceKills > this.tally.databaseCrashes;
    this.#service = this.#background(async () => {
      await sleep(afterMs);
      if (powerCut) {
        database.crash();
        this.tally.databaseCrashes += 1;
        await sleep(downMs);
        database.start();
        return;
      }
      await this.s.service.kill();
      this.tally.serviceKills += 1;
      await sleep(downMs);
      this.s.service = await startServiceProcess(this.s.db, this.s.port);
    }).finally(() => {
      this.#service = undefined;
    });
  }

  async settle(): Promise<void> {
    await this.#network;
    await this.#service;
  }

  #background(task: () => Promise<void>): Promise<void> {
    return task().catch((err: unknown) => {
      this.failure ??= err;
    });
  }
}

/** A small seeded generator, so a failing schedule can be run again. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
