/**
 * The desk's central promise, tested against the real service under fire: a sale the desk told
 * the cashier was saved (done or queued) reaches the back office exactly once, whatever happens.
 *
 * A child process rings up sales through the core while this run SIGKILLs it at random moments,
 * round after round; in some rounds the network between them (a fault proxy) drops or hangs, and
 * in some the service itself is SIGKILLed and started again on the same file and port. After a
 * last start that only drains the queue, the back office must hold every acknowledged sale once,
 * none twice, and exactly the sales the desk had stored, no more; both SQLite files must pass
 * their integrity check and the books must balance.
 *
 * Used by the short CI test (crash.test.ts) and by `npm run crash` (cli.ts) for long runs.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { invariantBreaches } from '../../../server/back-office/sales/testing/invariants.js';
import { demoProducts, receiptsPerNdoc } from '../../../server/testing/demo-sales.js';
import { type Child, killAll, sleep, spawnScript } from '../../../server/testing/processes.js';
import { allowNegativeStock, createServiceKey, startServiceProcess } from '../../../server/testing/service-process.js';
import { FileSecretStore } from '../secrets/file-secret-store.js';
import { SettingsStore } from '../settings/settings-store.js';
import { type FaultMode, type FaultProxy, freePort, startFaultProxy } from '../testing/fault-proxy.js';

const RING_SALES = 'electron/core/crash/ring-sales.ts';

export interface CrashOptions {
  readonly rounds: number;
  /** The service is SIGKILLed in every N-th round (while no earlier outage still runs); 0: never. */
  readonly serviceKillEvery: number;
  /** The schedule's seed: the same seed replays the same schedule (the machine's timing still varies). */
  readonly seed: number;
  /** Progress lines for a long run. */
  readonly progress?: (line: string) => void;
}

export interface CrashReport {
  readonly options: Omit<CrashOptions, 'progress'>;
  readonly rounds: number;
  readonly deskKills: number;
  readonly killedWhileStarting: number;
  readonly serviceKills: number;
  readonly drops: number;
  readonly hangs: number;
  readonly acknowledged: number;
  readonly acknowledgedQueued: number;
  /** Acknowledged sales the back office holds exactly once. */
  readonly present: number;
  readonly duplicated: readonly string[];
  readonly missing: readonly string[];
  readonly storedByDesk: number;
  /** Stored by the desk, killed before it could say so: in the back office too, once. */
  readonly unacknowledged: number;
  readonly sentMoreThanOnce: number;
  readonly receipts: number;
  readonly setAside: readonly string[];
  readonly drained: DrainReport | undefined;
  /** `PRAGMA integrity_check` of the back office and of the desk's outbox. */
  readonly integrity: { readonly backOffice: string; readonly outbox: string };
  /** The bookkeeping invariants that break (server/back-office/sales/testing/invariants.ts); empty: the books balance. */
  readonly booksBreaches: Readonly<Record<string, number>>;
  /** Every check that failed, in words; empty: the run held. */
  readonly problems: readonly string[];
  readonly seconds: number;
}

interface DrainReport {
  readonly refused: unknown[];
  readonly reconcile: unknown[];
  readonly reconcileRetried: number;
  readonly left: number;
}

export async function runCrash(opts: CrashOptions): Promise<CrashReport> {
  const t0 = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'crash-test-'));
  let proxy: FaultProxy | undefined;
  try {
    const dbFile = join(dir, 'backoffice.sqlite');
    // keys create makes and migrates the file; the setting is changed before the first serve seeds the shop.
    const key = await createServiceKey(dbFile);
    allowNegativeStock(dbFile);
    const port = await freePort();
    let service: Child = await startServiceProcess(dbFile, port);
    const products = withDb(dbFile, (db) => demoProducts(db, 5));
    const faults = await startFaultProxy({ targetPort: port });
    proxy = faults;
    const deskDir = join(dir, 'desk');
    mkdirSync(deskDir);
    new SettingsStore(join(deskDir, 'settings.json')).update({ serviceUrl: faults.url });
    await new FileSecretStore(join(deskDir, 'api-key')).set(key);

    const random = mulberry32(opts.seed);
    const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
    const acked = new Map<string, string>();
    const setAside: string[] = [];
    const problems: string[] = [];
    const tally = { rounds: 0, deskKills: 0, killedWhileStarting: 0, serviceKills: 0, drops: 0, hangs: 0 };
    // Outages run alongside the rounds (one of each kind at a time) and may outlast a desk.
    let network: Promise<void> | undefined;
    let outage: Promise<void> | undefined;
    let background: unknown;
    const inBackground = (task: Promise<void>) =>
      task.catch((err: unknown) => {
        background ??= err;
      });
    const cutNetwork = async (mode: FaultMode, afterMs: number, forMs: number) => {
      await sleep(afterMs);
      faults.setMode(mode);
      tally[mode === 'drop' ? 'drops' : 'hangs'] += 1;
      await sleep(forMs);
      faults.setMode('pass');
    };
    const killService = async (afterMs: number, downMs: number) => {
      await sleep(afterMs);
      await service.kill();
      tally.serviceKills += 1;
      await sleep(downMs);
      service = await startServiceProcess(dbFile, port);
    };
    const every = opts.serviceKillEvery;

    for (let round = 0; round < opts.rounds && background === undefined && problems.length === 0; round++) {
      const desk = spawnScript(`desk ${round}`, RING_SALES, [
        '--data',
        deskDir,
        // A killed desk may have stored a sale it never acknowledged: no ndoc is ever rung up twice.
        '--start',
        String(round * 100_000),
        '--products',
        JSON.stringify(products),
        // Short: a desk lives a few hundred ms, and should acknowledge some sales as queued in an outage.
        '--wait-ms',
        '100',
      ]);
      tally.rounds += 1;
      if (round % 6 === 5) {
        // Killed at any moment of its start: loading, opening the outbox, putting back what a dead desk left sending.
        await sleep(between(50, 1000));
      } else {
        await desk.waitForLine((l) => l === 'READY', 60_000);
        const runMs = between(100, 600);
        // Early in the run, so the desk spends some of its short life offline and acknowledges queued sales.
        if (round % 3 === 1 && !network) {
          const mode = tally.drops <= tally.hangs ? 'drop' : 'hang';
          network = inBackground(cutNetwork(mode, between(0, runMs / 3), between(200, 1500))).finally(() => {
            network = undefined;
          });
        }
        if (every > 0 && round % every === 2 % every && !outage) {
          outage = inBackground(killService(between(0, runMs / 2), between(100, 1000))).finally(() => {
            outage = undefined;
          });
        }
        await sleep(runMs);
      }
      const exit = await desk.kill();
      if (exit.signal !== 'SIGKILL')
        problems.push(`${desk.name} ended by itself (${JSON.stringify(exit)}):\n${desk.stderrTail()}`);
      tally.deskKills += 1;
      if (!desk.lines.includes('READY')) tally.killedWhileStarting += 1;
      for (const line of desk.lines) {
        const [word, ndoc, status] = line.split(' ');
        if (word === 'ACK') acked.set(ndoc!, status!);
        if (word === 'SETASIDE') setAside.push(line);
      }
      if ((round + 1) % 25 === 0)
        opts.progress?.(
          `round ${round + 1}/${opts.rounds}: ${acked.size} sales acknowledged, ${tally.serviceKills} service kills`,
        );
    }
    await network;
    await outage;
    if (background !== undefined) problems.push(`a network fault or service restart failed: ${String(background)}`);
    faults.setMode('pass');

    const drainer = spawnScript('the draining desk', RING_SALES, ['--data', deskDir, '--drain']);
    let drained: DrainReport | undefined;
    try {
      const line = await drainer.waitForLine((l) => l.startsWith('DRAINED '), 120_000);
      drained = JSON.parse(line.slice('DRAINED '.length)) as DrainReport;
      const exit = await drainer.closed;
      if (exit.code !== 0) problems.push(`the draining desk exited with ${JSON.stringify(exit)}:\n${drainer.stderrTail()}`);
    } catch (err) {
      problems.push(`the draining desk did not finish: ${String(err)}`);
    }

    const receipts = withDb(dbFile, (db) => receiptsPerNdoc(db, 'crash-'));
    const stored = readOutbox(join(deskDir, 'outbox.sqlite'));
    const duplicated = [...receipts].filter(([, n]) => n > 1).map(([ndoc]) => ndoc);
    const missing = [...acked.keys()].filter((ndoc) => !receipts.has(ndoc));
    const present = [...acked.keys()].filter((ndoc) => receipts.get(ndoc) === 1).length;
    const unacknowledged = [...receipts.keys()].filter((ndoc) => !acked.has(ndoc)).length;
    const acknowledgedQueued = [...acked.values()].filter((s) => s === 'queued').length;
    const integrity = {
      backOffice: withDb(dbFile, (db) => String(db.pragma('integrity_check', { simple: true }))),
      outbox: withDb(join(deskDir, 'outbox.sqlite'), (db) => String(db.pragma('integrity_check', { simple: true }))),
    };
    const breaches = withDb(dbFile, (db) => invariantBreaches(db));
    const booksBreaches = Object.fromEntries(
      Object.entries(breaches)
        .filter(([, rows]) => rows.length > 0)
        .map(([name, rows]) => [name, rows.length]),
    );

    const check = (ok: boolean, problem: string) => {
      if (!ok) problems.push(problem);
    };
    check(setAside.length === 0, `sales set aside while ringing: ${setAside.slice(0, 5).join('; ')}`);
    check((drained?.refused.length ?? 0) === 0, `refused in the drain: ${JSON.stringify(drained?.refused.slice(0, 5))}`);
    check((drained?.reconcile.length ?? 0) === 0, `left to reconcile: ${JSON.stringify(drained?.reconcile.slice(0, 5))}`);
    check((drained?.left ?? 0) === 0, `${drained?.left} writes left unsent after the drain`);
    check(duplicated.length === 0, `duplicated sales: ${duplicated.slice(0, 20).join(', ')}`);
    check(missing.length === 0, `acknowledged sales missing: ${missing.slice(0, 20).join(', ')}`);
    const notDone = stored.filter((s) => s.state !== 'done').map((s) => `${s.ndoc} ${s.state}`);
    check(notDone.length === 0, `stored by the desk but not done: ${notDone.slice(0, 20).join(', ')}`);
    // Nothing reached the back office that the desk had not stored, and everything it stored did.
    const storedNdocs = new Set(stored.map((s) => s.ndoc));
    const strangers = [...receipts.keys()].filter((ndoc) => !storedNdocs.has(ndoc));
    const undelivered = [...storedNdocs].filter((ndoc) => !receipts.has(ndoc));
    check(strangers.length === 0, `in the back office but never stored by the desk: ${strangers.slice(0, 20).join(', ')}`);
    check(undelivered.length === 0, `stored by the desk, not in the back office: ${undelivered.slice(0, 20).join(', ')}`);
    check(integrity.backOffice === 'ok', `the back office's integrity check: ${integrity.backOffice}`);
    check(integrity.outbox === 'ok', `the outbox's integrity check: ${integrity.outbox}`);
    check(Object.keys(booksBreaches).length === 0, `the books do not balance: ${JSON.stringify(booksBreaches)}`);
    // The run proves something only if sales were acknowledged, some of them while the service was out of reach.
    // (How many were done at once depends on the machine's load: a slow answer is acknowledged as queued.)
    check(acked.size > 0, 'no sale was acknowledged: the run proved nothing');
    check(acknowledgedQueued > 0, 'no sale was acknowledged as queued: the run never sold through an outage');

    await service.kill();
    return {
      options: { rounds: opts.rounds, serviceKillEvery: opts.serviceKillEvery, seed: opts.seed },
      ...tally,
      acknowledged: acked.size,
      acknowledgedQueued,
      present,
      duplicated,
      missing,
      storedByDesk: stored.length,
      unacknowledged,
      sentMoreThanOnce: stored.filter((s) => s.attempts > 1).length,
      receipts: receipts.size,
      setAside,
      drained,
      integrity,
      booksBreaches,
      problems,
      seconds: Math.round((Date.now() - t0) / 1000),
    };
  } finally {
    await killAll();
    await proxy?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function formatReport(r: CrashReport): string {
  const books = Object.keys(r.booksBreaches).length === 0 ? 'balance' : `break: ${JSON.stringify(r.booksBreaches)}`;
  return [
    `crash test (--rounds ${r.options.rounds} --service-kill-every ${r.options.serviceKillEvery} --seed ${r.options.seed}), ${r.seconds} s:`,
    `  rounds ${r.rounds}, kills of the desk (core) ${r.deskKills} (${r.killedWhileStarting} while it started)`,
    `  kills of the service ${r.serviceKills}, proxy faults ${r.drops + r.hangs} (${r.drops} drop, ${r.hangs} hang)`,
    `  sales acknowledged ${r.acknowledged} (${r.acknowledged - r.acknowledgedQueued} done, ${r.acknowledgedQueued} queued)`,
    `  present ${r.present}, duplicated ${r.duplicated.length}, missing ${r.missing.length}`,
    `  stored by the desk ${r.storedByDesk}, of them killed before their acknowledgement ${r.unacknowledged}; sent more than once under their key ${r.sentMoreThanOnce}`,
    `  receipts in the back office ${r.receipts}`,
    `  set aside: refused ${(r.drained?.refused.length ?? 0) + r.setAside.length}, reconcile ${r.drained?.reconcile.length ?? 0} (retried ${r.drained?.reconcileRetried ?? 0}), left unsent ${r.drained?.left ?? '?'}`,
    `  integrity check: back office ${r.integrity.backOffice}, outbox ${r.integrity.outbox}; books ${books}`,
    r.problems.length === 0 ? 'PASSED' : `FAILED:\n${r.problems.map((p) => `  - ${p}`).join('\n')}`,
  ].join('\n');
}

function withDb<T>(file: string, use: (db: Database.Database) => T): T {
  const db = new Database(file, { readonly: true });
  try {
    return use(db);
  } finally {
    db.close();
  }
}

/** Every sale the desk's outbox holds, and where it is. */
function readOutbox(file: string): { ndoc: string; state: string; attempts: number }[] {
  return withDb(file, (db) => {
    const rows = db.prepare('SELECT state, attempts, params FROM outbox').all() as {
      state: string;
      attempts: number;
      params: string;
    }[];
    return rows.map((r) => ({ ...r, ndoc: (JSON.parse(r.params) as { ndoc: string }).ndoc }));
  });
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
