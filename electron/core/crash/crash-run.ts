/**
 * The desk's central promise, tested against the real service under fire: a sale the desk told
 * the cashier was saved (done or queued) reaches the back office exactly once, whatever happens.
 *
 * A child process rings up sales through the core while this run SIGKILLs it at random moments,
 * round after round; in some rounds the network between them (a fault proxy) drops or hangs, and
 * in some the service itself is SIGKILLed and started again on the same database and port. After a
 * last start that only drains the queue, the back office must hold every acknowledged sale once,
 * none twice, and exactly the sales the desk had stored, no more; the back office's database and
 * the desk's outbox must pass their integrity checks and the books must balance. The back office
 * runs on a SQLite file or on PostgreSQL (back-office-store.ts): the promise is the same on both.
 *
 * Used by the short CI test (crash.test.ts) and by `npm run crash` (cli.ts) for long runs.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoProducts } from '../../../server/testing/demo-sales.js';
import { killAll, spawnScript } from '../../../server/testing/processes.js';
import { allowNegativeStock, createServiceKey, startServiceProcess } from '../../../server/testing/service-process.js';
import { op } from '../../../shared/contract/op.js';
import { FileSecretStore } from '../secrets/file-secret-store.js';
import { SettingsStore } from '../settings/settings-store.js';
import { type FaultProxy, freePort, startFaultProxy } from '../testing/fault-proxy.js';
import { type Audit, audit, type DrainReport } from './audit.js';
import { type CrashEngine, openCrashStore, withShop } from './back-office-store.js';
import { RING_SALES, ringRounds, type Tally } from './schedule.js';

export interface CrashOptions {
  readonly rounds: number;
  /** The service is SIGKILLed in every N-th round (while no earlier outage still runs); 0: never. */
  readonly serviceKillEvery: number;
  /** The schedule's seed: the same seed replays the same schedule (the machine's timing still varies). */
  readonly seed: number;
  /** The back office's database: a SQLite file (the default) or a PostgreSQL cluster of the run's own. */
  readonly engine?: CrashEngine;
  /** Progress lines for a long run. */
  readonly progress?: (line: string) => void;
}

/**
 * The run's figures. From the audit: `present` (acknowledged sales the back office holds exactly
 * once), `unacknowledged` (stored by the desk, killed before it could say so: in the back office
 * too, once), the integrity checks of both files and the bookkeeping invariants that break
 * (server/back-office/sales/testing/invariants.ts; empty: the books balance).
 */
export interface CrashReport extends Readonly<Tally>, Omit<Audit, 'problems'> {
  readonly options: Omit<CrashOptions, 'progress'>;
  readonly acknowledged: number;
  readonly setAside: readonly string[];
  readonly drained: DrainReport | undefined;
  /** Every check that failed, in words; empty: the run held. */
  readonly problems: readonly string[];
  readonly seconds: number;
}

export async function runCrash(opts: CrashOptions): Promise<CrashReport> {
  const t0 = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'crash-test-'));
  const engine = opts.engine ?? 'sqlite';
  let faults: FaultProxy | undefined;
  const store = await openCrashStore(engine, dir);
  try {
    const { db } = store;
    // keys create makes and migrates the database; the setting is changed before the shop is seeded.
    const key = await createServiceKey(db);
    allowNegativeStock(db);
    const port = await freePort();
    const service = await startServiceProcess(db, port);
    // On PostgreSQL the client is opened, and its demo shop seeded, by its first request.
    await ping(port, key);
    const products = withShop(db, (shop) => demoProducts(shop, 5));
    faults = await startFaultProxy({ targetPort: port });
    const deskDir = join(dir, 'desk');
    mkdirSync(deskDir);
    new SettingsStore(join(deskDir, 'settings.json')).update({ serviceUrl: faults.url });
    await new FileSecretStore(join(deskDir, 'api-key')).set(key);

    const setup = {
      ...opts,
      deskDir,
      db,
      ...(store.database ? { database: store.database } : {}),
      port,
      products,
      faults,
      service,
    };
    const rounds = await ringRounds(setup);
    const drain = await drainQueue(deskDir);
    const found = audit({ db, outboxFile: join(deskDir, 'outbox.sqlite'), ...rounds, drained: drain.drained });
    await setup.service.kill();
    return {
      options: { rounds: opts.rounds, serviceKillEvery: opts.serviceKillEvery, seed: opts.seed, engine },
      ...rounds.tally,
      ...found,
      acknowledged: rounds.acked.size,
      setAside: rounds.setAside,
      drained: drain.drained,
      problems: [...rounds.problems, ...drain.problems, ...found.problems],
      seconds: Math.round((Date.now() - t0) / 1000),
    };
  } finally {
    await killAll();
    await faults?.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function ping(port: number, key: string): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${port}/v1/rpc`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ method: op.service.ping, params: {} }),
    signal: AbortSignal.timeout(120_000),
  });
  if (res.status !== 200) throw new Error(`the service's first answer was ${res.status}: ${await res.text()}`);
}

/** A last desk that only sends what is left and says what it could not. */
async function drainQueue(deskDir: string): Promise<{ drained: DrainReport | undefined; problems: string[] }> {
  const drainer = spawnScript('the draining desk', RING_SALES, ['--data', deskDir, '--drain']);
  try {
    const line = await drainer.waitForLine((l) => l.startsWith('DRAINED '), 120_000);
    const drained = JSON.parse(line.slice('DRAINED '.length)) as DrainReport;
    const exit = await drainer.closed;
    if (exit.code !== 0)
      return { drained, problems: [`the draining desk exited with ${JSON.stringify(exit)}:\n${drainer.stderrTail()}`] };
    return { drained, problems: [] };
  } catch (err) {
    return { drained: undefined, problems: [`the draining desk did not finish: ${String(err)}`] };
  }
}

export function formatReport(r: CrashReport): string {
  const books = Object.keys(r.booksBreaches).length === 0 ? 'balance' : `break: ${JSON.stringify(r.booksBreaches)}`;
  return [
    `crash test (--engine ${r.options.engine} --rounds ${r.options.rounds} --service-kill-every ${r.options.serviceKillEvery} --seed ${r.options.seed}), ${r.seconds} s:`,
    `  rounds ${r.rounds}, kills of the desk (core) ${r.deskKills} (${r.killedWhileStarting} while it started)`,
    `  kills of the service ${r.serviceKills}${r.options.engine === 'postgres' ? `, power cuts of the database ${r.databaseCrashes}` : ''}, proxy faults ${r.drops + r.hangs} (${r.drops} drop, ${r.hangs} hang)`,
    `  sales acknowledged ${r.acknowledged} (${r.acknowledged - r.acknowledgedQueued} done, ${r.acknowledgedQueued} queued)`,
    `  present ${r.present}, duplicated ${r.duplicated.length}, missing ${r.missing.length}`,
    `  stored by the desk ${r.storedByDesk}, of them killed before their acknowledgement ${r.unacknowledged}; sent more than once under their key ${r.sentMoreThanOnce}`,
    `  receipts in the back office ${r.receipts}`,
    `  set aside: refused ${(r.drained?.refused.length ?? 0) + r.setAside.length}, reconcile ${r.drained?.reconcile.length ?? 0} (retried ${r.drained?.reconcileRetried ?? 0}), left unsent ${r.drained?.left ?? '?'}`,
    `  integrity check: back office ${r.integrity.backOffice}, outbox ${r.integrity.outbox}; books ${books}`,
    r.problems.length === 0 ? 'PASSED' : `FAILED:\n${r.problems.map((p) => `  - ${p}`).join('\n')}`,
  ].join('\n');
}
