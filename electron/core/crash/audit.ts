/**
 * What the crash test checks once the last desk drained the queue: the back office holds every
 * acknowledged sale once, none twice, and exactly the sales the desk had stored; the back office's
 * database (a SQLite file or PostgreSQL) and the desk's outbox file pass their integrity checks and
 * the books balance.
 */
import Database from 'better-sqlite3';
import { invariantBreaches } from '../../../server/back-office/sales/testing/invariants.js';
import { receiptsPerNdoc } from '../../../server/testing/demo-sales.js';
import { integrityOf, withShop } from './back-office-store.js';

export interface DrainReport {
  readonly refused: unknown[];
  readonly reconcile: unknown[];
  readonly reconcileRetried: number;
  readonly left: number;
}

export interface Audit {
  readonly present: number;
  readonly duplicated: readonly string[];
  readonly missing: readonly string[];
  readonly acknowledgedQueued: number;
  readonly storedByDesk: number;
  readonly unacknowledged: number;
  readonly sentMoreThanOnce: number;
  readonly receipts: number;
  readonly integrity: { readonly backOffice: string; readonly outbox: string };
  readonly booksBreaches: Readonly<Record<string, number>>;
  /** Every check that failed, in words. */
  readonly problems: readonly string[];
}

export function audit(a: {
  /** The back office's database as `serve --db` takes it: a file or a PostgreSQL URL. */
  db: string;
  outboxFile: string;
  acked: ReadonlyMap<string, string>;
  setAside: readonly string[];
  drained: DrainReport | undefined;
}): Audit {
  const receipts = withShop(a.db, (db) => receiptsPerNdoc(db, 'crash-'));
  const stored = readOutbox(a.outboxFile);
  const acked = [...a.acked.keys()];
  const integrity = {
    backOffice: withShop(a.db, integrityOf),
    outbox: withDb(a.outboxFile, (db) => String(db.pragma('integrity_check', { simple: true }))),
  };
  const breaches = withShop(a.db, (db) => invariantBreaches(db));
  const found: Omit<Audit, 'problems'> = {
    present: acked.filter((ndoc) => receipts.get(ndoc) === 1).length,
    duplicated: [...receipts].filter(([, n]) => n > 1).map(([ndoc]) => ndoc),
    missing: acked.filter((ndoc) => !receipts.has(ndoc)),
    acknowledgedQueued: [...a.acked.values()].filter((s) => s === 'queued').length,
    storedByDesk: stored.length,
    unacknowledged: [...receipts.keys()].filter((ndoc) => !a.acked.has(ndoc)).length,
    sentMoreThanOnce: stored.filter((s) => s.attempts > 1).length,
    receipts: receipts.size,
    integrity,
    booksBreaches: Object.fromEntries(
      Object.entries(breaches)
        .filter(([, rows]) => rows.length > 0)
        .map(([name, rows]) => [name, rows.length]),
    ),
  };
  return { ...found, problems: problemsOf(a, found, receipts, stored) };
}

function problemsOf(
  a: Parameters<typeof audit>[0],
  f: Omit<Audit, 'problems'>,
  receipts: Map<string, number>,
  stored: { ndoc: string; state: string }[],
): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, problem: string) => {
    if (!ok) problems.push(problem);
  };
  const { drained } = a;
  check(a.setAside.length === 0, `sales set aside while ringing: ${a.setAside.slice(0, 5).join('; ')}`);
  check((drained?.refused.length ?? 0) === 0, `refused in the drain: ${JSON.stringify(drained?.refused.slice(0, 5))}`);
  check((drained?.reconcile.length ?? 0) === 0, `left to reconcile: ${JSON.stringify(drained?.reconcile.slice(0, 5))}`);
  check((drained?.left ?? 0) === 0, `${drained?.left} writes left unsent after the drain`);
  check(f.duplicated.length === 0, `duplicated sales: ${f.duplicated.slice(0, 20).join(', ')}`);
  check(f.missing.length === 0, `acknowledged sales missing: ${f.missing.slice(0, 20).join(', ')}`);
  const notDone = stored.filter((s) => s.state !== 'done').map((s) => `${s.ndoc} ${s.state}`);
  check(notDone.length === 0, `stored by the desk but not done: ${notDone.slice(0, 20).join(', ')}`);
  // Nothing reached the back office that the desk had not stored, and everything it stored did.
  const storedNdocs = new Set(stored.map((s) => s.ndoc));
  const strangers = [...receipts.keys()].filter((ndoc) => !storedNdocs.has(ndoc));
  const undelivered = [...storedNdocs].filter((ndoc) => !receipts.has(ndoc));
  check(strangers.length === 0, `in the back office but never stored by the desk: ${strangers.slice(0, 20).join(', ')}`);
  check(undelivered.length === 0, `stored by the desk, not in the back office: ${undelivered.slice(0, 20).join(', ')}`);
  check(f.integrity.backOffice === 'ok', `the back office's integrity check: ${f.integrity.backOffice}`);
  check(f.integrity.outbox === 'ok', `the outbox's integrity check: ${f.integrity.outbox}`);
  check(Object.keys(f.booksBreaches).length === 0, `the books do not balance: ${JSON.stringify(f.booksBreaches)}`);
  // The run proves something only if sales were acknowledged, some of them while the service was out of reach.
  // (How many were done at once depends on the machine's load: a slow answer is acknowledged as queued.)
  check(a.acked.size > 0, 'no sale was acknowledged: the run proved nothing');
  check(f.acknowledgedQueued > 0, 'no sale was acknowledged as queued: the run never sold through an outage');
  return problems;
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
