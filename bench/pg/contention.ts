/**
 * Issue 24, item 3: do concurrent tills of one shop make each other's closes run again? One
 * PostgreSQL shop with 5 tills, each with an open shift, behind `serve --workers 2` (two processes:
 * today the only way one shop has two transactions in flight), the tills closing sales at once for
 * a fixed time: mixed goods (some every till sells, some each till's own), cash and card in turn.
 *
 * What it counts is what PostgreSQL says: every serialization failure (40001) and deadlock (40P01)
 * is an ERROR in the cluster's log with its SQLSTATE (the bench's cluster logs `%e`), and PgDb runs
 * the transaction again for each one — a refusal also rolls back, but is neither logged as one nor
 * run again. The log's STATEMENT line says which statement lost, so the figure comes with where.
 * The rate is retries ÷ closes: an upper bound of the share of closes retried (a close may lose
 * twice). Two rounds: goods shared between tills (a real conflict: two tills selling the last
 * loaf must not both take it) and each till its own goods, so the part stock makes is measured.
 * Every close goes with an Idempotency-Key, a tenth of them sent twice at once (a till resending
 * after a lost answer): the shop's receipts must be exactly the ones the answers named.
 *
 * Tills: the demo shop has three, and keeps till 3 stuck on purpose (a rejected document holds its
 * chain), and no operation adds a till yet. So tills 4–6 and their cash boxes are inserted as the
 * demo's own seed inserts its tills (the lowest level there is: rows in `tills` and `cash_boxes`),
 * and their shifts opened through pos.shift_open, as a till would.
 */

import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { KeyStore } from '../../server/auth/keys.js';
import { fmtDb } from '../../server/back-office/decimal.js';
import { seedDemo } from '../../server/back-office/demo/index.js';
import { invoke } from '../../server/back-office/operations.js';
import { ClientRegistry } from '../../server/clients/registry.js';
import { postgresStore } from '../../server/clients/store.js';
import { type Child, spawnScript } from '../../server/testing/processes.js';
import { op } from '../../shared/contract/index.js';
import { quoteIdent } from '../../shared-node/pg/pg-db.js';
import { SyncPg } from '../../shared-node/pg/sync-pg.js';
import type { TestPostgres } from '../../shared-node/pg/test-cluster.js';
import { parsePgUrl } from '../../shared-node/pg/url.js';
import { sellableGoods, stockToLast } from '../demo-stock.js';
import { addTillBySql } from '../hosted/tills.js';
import { loadavg, pct } from './measure.js';
import { RaceLog } from './races.js';

/** Issue 24's target: retried closes under 5 concurrent tills of one shop. */
export const RETRY_TARGET = 0.05;

export interface ContentionOptions {
  readonly seconds: number;
  /** Lines of each close. */
  readonly lines: number;
  /** Goods in the demo shop. */
  readonly goods: number;
  /** Service processes. */
  readonly workers: number;
}

/** The five tills: the demo's 1 and 2, and three added (3 is the demo's stuck one). */
const TILLS = [1, 2, 4, 5, 6];
const ADDED = [4, 5, 6];
/** Goods every till sells (the rest of a close is the till's own). */
const SHARED_POOL = 10;
const OWN_POOL = 30;

interface Sold {
  readonly code: string;
  readonly price: number;
}

interface Round {
  readonly name: string;
  readonly closes: number;
  readonly seconds: number;
  readonly times: readonly number[];
  readonly retries: number;
  readonly deadlocks: number;
  /** Where the retries arose: the statement (its first words) → how many. */
  readonly where: ReadonlyMap<string, number>;
  readonly failed: ReadonlyMap<string, number>;
  readonly duplicated: number;
  readonly missing: number;
  readonly keys: number;
  readonly resent: number;
  readonly loadavg: string;
}

/** Runs the bench on a cluster started with RACE_LOG_SETTINGS (races.ts), printing as it goes. */
export async function contentionBench(pg: TestPostgres, bin: string, o: ContentionOptions): Promise<Round[]> {
  const database = 'contention';
  const admin = new SyncPg(parsePgUrl(pg.url));
  try {
    admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    admin.query(`CREATE DATABASE ${database}`);
  } finally {
    admin.close();
  }
  const url = pg.url.replace(/\/[^/?]*(\?|$)/, `/${database}$1`);
  let t0 = performance.now();
  const shop = makeShop(url, o.goods);
  const { host, port, user } = pg.connection;
  execFileSync(join(bin, 'vacuumdb'), ['-h', host, '-p', String(port), '-U', user, '-d', database, '--analyze', '--quiet'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  console.log(
    `  one shop of ${o.goods} goods, tills ${TILLS.join(', ')} with open shifts (4–6 added as rows, their shifts opened by pos.shift_open), ` +
      `seeded and analysed in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  t0 = performance.now();
  const children: Child[] = [];
  const rounds: Round[] = [];
  try {
    const child = spawnScript('contention service', 'server/cli.ts', [
      'serve',
      '--data',
      url,
      '--workers',
      String(o.workers),
      '--port',
      '0',
      '--rate-limit',
      '0',
    ]);
    children.push(child);
    const line = await child.waitForLine((l) => l.includes('listening on'), 120_000);
    const base = /(http:\/\/[^/]+)\/v1\/rpc/.exec(line)?.[1] as string;
    console.log(`  serve --workers ${o.workers} listening in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const log = join(host, 'log');
    // A second of warm-up: every till's first close opens the client in whichever process it reaches.
    await drive(base, shop, { ...o, seconds: 1 }, true, log, 'warm-up');
    for (const shared of [true, false]) {
      const name = shared ? 'goods shared between tills' : "each till's own goods";
      const r = await drive(base, shop, o, shared, log, name);
      rounds.push(r);
      printRound(r, o);
    }
  } finally {
    for (const c of children) await c.kill();
  }
  return rounds;
}

interface ContentionShop {
  readonly key: string;
  readonly schema: string;
  readonly url: string;
  readonly goods: readonly Sold[];
}

function makeShop(url: string, goods: number): ContentionShop {
  const store = postgresStore(url);
  const registryDb = store.openRegistry();
  try {
    const client = new ClientRegistry(registryDb).create('contention');
    const db = store.openClient(client.id);
    try {
      seedDemo(db, { goods });
      stockToLast(db);
      const sellable = sellableGoods(db, SHARED_POOL + OWN_POOL * TILLS.length, 'code');
      const manager = db.prepare("SELECT name FROM users WHERE card = '1002'").pluck().get() as string;
      const cashier = db.prepare("SELECT id FROM users WHERE card = '1003'").pluck().get() as number;
      for (const kasm of ADDED) {
        addTillBySql(db, kasm, `ФОП Мельник А. П., термінал ${kasm}`);
        invoke({ db, user: manager, now: () => new Date(), timeZone: 'Europe/Kyiv' }, op.pos.shiftOpen, { kasm, cashier });
      }
      const key = new KeyStore(registryDb).create('contention', 'all', client.id).key;
      return { key, schema: client.id, url, goods: sellable };
    } finally {
      db.close();
    }
  } finally {
    registryDb.close();
  }
}

/** A till's close: half its lines from the goods every till sells, half from its own; cash or card in turn. */
function sale(shop: ContentionShop, kasm: number, n: number, lines: number, shared: boolean) {
  const t = TILLS.indexOf(kasm);
  const own = shop.goods.slice(SHARED_POOL + t * OWN_POOL, SHARED_POOL + (t + 1) * OWN_POOL);
  const common = shop.goods.slice(0, SHARED_POOL);
  const sold = Array.from({ length: lines }, (_, j) => {
    const pool = shared && j % 2 === 0 ? common : own;
    return pool[(n * lines + j) % pool.length] as Sold;
  });
  // One product once a close: a repeated one would be two lines of it.
  const unique = [...new Map(sold.map((g) => [g.code, g])).values()];
  const stored = unique.reduce((s, g) => s + g.price, 0);
  const total = fmtDb(stored);
  const card = n % 2 === 1;
  return {
    kasm,
    rows: unique.map((g) => ({ code: g.code, quant: '1', price: fmtDb(g.price), sum: fmtDb(g.price) })),
    payments: [{ type: card ? 'bn' : 'nal', amount: total }],
    ...(card
      ? {
          card_payment: {
            amount: total,
            rrn: randomUUID().replaceAll('-', '').slice(0, 12),
            auth_code: '123456',
            pan: '4149 49** **** 1234',
            payment_system: 'VISA',
            terminal_id: `T${kasm}`,
            acquirer: 'ПриватБанк',
            invoice_number: String(n),
          },
        }
      : // Whole hundreds handed over; the cash part is rounded and the change comes from it.
        { nal: fmtDb(Math.ceil(stored / 1_000_000) * 1_000_000) }),
    sum: total,
  };
}

interface Answer {
  readonly status: number;
  readonly body: { data?: { result?: { rows?: { check_number?: string }[] } }; error?: { code?: string; message?: string } };
}

function post(agent: Agent, base: string, key: string, idempotencyKey: string, params: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}/v1/rpc`, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, 'idempotency-key': idempotencyKey },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        try {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) });
        } catch {
          resolve({ status: res.statusCode ?? 0, body: { error: { code: 'unreadable', message: text.slice(0, 200) } } });
        }
      });
    });
    req.on('error', reject);
    req.end(JSON.stringify({ method: op.pos.checkoutCloseSale, params }));
  });
}

/** Answers a till sends again with the same key: nothing was performed, or it is being performed. */
const AGAIN = new Set([409, 502, 503]);

async function drive(
  base: string,
  shop: ContentionShop,
  o: ContentionOptions,
  shared: boolean,
  log: string,
  name: string,
): Promise<Round> {
  const races = new RaceLog(log);
  const logFrom = races.mark();
  const db = new SyncPg(parsePgUrl(shop.url));
  db.query(`SET search_path TO ${quoteIdent(shop.schema)}`);
  const lastBefore = Number(db.query('SELECT coalesce(max(check_number), 0) AS n FROM receipts').rows[0]?.n);
  const answered = new Map<string, Set<string>>();
  const failed = new Map<string, number>();
  const times: number[] = [];
  let resent = 0;
  const until = performance.now() + o.seconds * 1000;
  const start = performance.now();
  const till = async (kasm: number) => {
    // Each till its own connection, as a desk keeps one; node:cluster spreads them over the processes.
    const agent = new Agent({ keepAlive: true, maxSockets: 2 });
    try {
      for (let n = 0; performance.now() < until; n++) {
        const params = sale(shop, kasm, n, o.lines, shared);
        const idem = randomUUID();
        const twice = n % 10 === 5;
        if (twice) resent++;
        const t = performance.now();
        const send = async () => {
          for (let attempt = 0; ; attempt++) {
            const a = await post(agent, base, shop.key, idem, params);
            if (a.status === 200) return a.body.data?.result?.rows?.[0]?.check_number ?? '?';
            if (!AGAIN.has(a.status) || attempt > 50) {
              const what = `${a.status} ${a.body.error?.code}: ${a.body.error?.message?.slice(0, 160)}`;
              failed.set(what, (failed.get(what) ?? 0) + 1);
              return undefined;
            }
            await new Promise((r) => setTimeout(r, 20));
          }
        };
        const got = await Promise.all(twice ? [send(), send()] : [send()]);
        times.push(performance.now() - t);
        const numbers = new Set(got.filter((x): x is string => x !== undefined));
        if (numbers.size > 0) answered.set(idem, numbers);
      }
    } finally {
      agent.destroy();
    }
  };
  await Promise.all(TILLS.map(till));
  const seconds = (performance.now() - start) / 1000;
  // The shop's receipts since the round began against the numbers the answers gave their keys.
  const made = new Set(
    db.query('SELECT check_number FROM receipts WHERE check_number > $1', [lastBefore]).rows.map((r) => String(r.check_number)),
  );
  db.close();
  const named = new Set<string>();
  let duplicated = 0;
  for (const numbers of answered.values()) {
    if (numbers.size > 1) duplicated += numbers.size - 1;
    for (const n of numbers) named.add(n);
  }
  for (const n of made) if (!named.has(n)) duplicated++;
  let missing = 0;
  for (const n of named) if (!made.has(n)) missing++;
  const { retries, deadlocks, where } = races.since(logFrom);
  return {
    name,
    closes: times.length,
    seconds,
    times,
    retries,
    deadlocks,
    where,
    failed,
    duplicated,
    missing,
    keys: answered.size,
    resent,
    loadavg: loadavg(),
  };
}

function printRound(r: Round, o: ContentionOptions): void {
  const rate = r.closes === 0 ? 0 : r.retries / r.closes;
  const failed = [...r.failed].map(([k, c]) => `${c}× ${k}`).join('; ') || 'none failed';
  console.log(
    `  ${r.name}: ${r.closes} closes of ${o.lines} lines by ${TILLS.length} tills in ${r.seconds.toFixed(1)} s (${(r.closes / r.seconds).toFixed(1)}/s), ${failed}; ` +
      `close p50 ${pct(r.times, 50).toFixed(1)} ms p99 ${pct(r.times, 99).toFixed(1)} ms; load average ${r.loadavg}`,
  );
  console.log(
    `    transactions that lost a race and ran again: ${r.retries} (${r.deadlocks} of them deadlocks) = ${(100 * rate).toFixed(1)} % of the closes ` +
      `(target ≤ ${100 * RETRY_TARGET} %: ${rate <= RETRY_TARGET ? 'met' : 'not met'})`,
  );
  for (const [statement, n] of [...r.where].sort((a, b) => b[1] - a[1]).slice(0, 6))
    console.log(`      ${String(n).padStart(5)}× at ${statement}`);
  console.log(
    `    exactly once: ${r.keys} Idempotency-Keys answered (${r.resent} sent twice at once): ${r.duplicated} duplicated, ${r.missing} missing`,
  );
}
