/**
 * Restart safety of the service itself: SIGKILL in the middle of a stream of writes loses no
 * write it answered and keeps no half-written one. The service runs as a child process (its real
 * command line) on a real SQLite file (`serve --db FILE`) or, in the `postgres` test project, on a
 * PostgreSQL database of its own (`serve --db postgres://…`, the one client `keys create` made);
 * after every kill it is started again on the same database.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { invariantBreaches, NO_BREACHES } from './back-office/sales/testing/invariants.js';
import { createTestDatabase, TEST_ENGINE } from './testing/back-office-db.js';
import { cashSale, demoProducts, type Product, receiptsPerNdoc } from './testing/demo-sales.js';
import { freePort, killAll, sleep } from './testing/processes.js';
import { allowNegativeStock, createServiceKey, openShopDb, startServiceProcess } from './testing/service-process.js';

const ROUNDS = 6;
const WORKERS = 4;
const dir = mkdtempSync(join(tmpdir(), 'restart-'));
const postgres = TEST_ENGINE === 'postgres' ? createTestDatabase('restart') : undefined;
afterAll(async () => {
  await killAll();
  rmSync(dir, { recursive: true, force: true });
  postgres?.drop();
});

interface Attempt {
  readonly ndoc: string;
  readonly key: string;
  readonly params: ReturnType<typeof cashSale>;
  /** 200 when the service answered the write; undefined when the answer was lost in the kill. */
  status?: number;
}

async function send(url: string, apiKey: string, a: Attempt): Promise<number | undefined> {
  try {
    const res = await fetch(`${url}/v1/rpc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}`, 'idempotency-key': a.key },
      body: JSON.stringify({ method: 'pos.checkout_close_sale', params: a.params }),
    });
    await res.text();
    return res.status;
  } catch {
    return undefined;
  }
}

it('loses no answered write and keeps no half-written one when killed mid-stream, again and again', async () => {
  const dbFile = postgres?.url ?? join(dir, 'shop.sqlite');
  const apiKey = await createServiceKey(dbFile);
  allowNegativeStock(dbFile);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const attempts: Attempt[] = [];
  let products: Product[] = [];
  let n = 0;

  for (let round = 1; round <= ROUNDS; round++) {
    const service = await startServiceProcess(dbFile, port);
    // A client of many (PostgreSQL) is opened at its first request, and its demo shop seeded then:
    // the writes start once it is open, so that the kill falls among them, not into the opening.
    const ping = await fetch(`${url}/v1/rpc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
      body: JSON.stringify({ method: 'service.ping', params: {} }),
    });
    expect(ping.status, await ping.text()).toBe(200);
    if (products.length === 0) {
      const db = openShopDb(dbFile);
      products = demoProducts(db, 10);
      db.close();
    }
    let killed = false;
    const worker = async () => {
      while (!killed) {
        const ndoc = `restart-${++n}`;
        const a: Attempt = { ndoc, key: randomUUID(), params: cashSale(ndoc, products[n % products.length] as Product) };
        attempts.push(a);
        a.status = await send(url, apiKey, a);
      }
    };
    const workers = Array.from({ length: WORKERS }, worker);
    await sleep(150 + ((round * 97) % 400));
    killed = true;
    await service.kill();
    await Promise.all(workers);
  }

  const service = await startServiceProcess(dbFile, port);
  const answered = attempts.filter((a) => a.status === 200);
  const lost = attempts.filter((a) => a.status === undefined);
  // Nothing else may happen to a valid sale: no refusal, no server error.
  expect(attempts.filter((a) => a.status !== 200 && a.status !== undefined)).toEqual([]);

  const db = openShopDb(dbFile);
  try {
    if (TEST_ENGINE === 'sqlite') expect(db.prepare('PRAGMA integrity_check').pluck().get()).toBe('ok');
    expect(invariantBreaches(db)).toEqual(NO_BREACHES);
    const before = receiptsPerNdoc(db, 'restart-');
    for (const a of answered) expect(before.get(a.ndoc), `answered ${a.ndoc}`).toBe(1);
    for (const a of lost) expect(before.get(a.ndoc) ?? 0).toBeLessThanOrEqual(1);

    // A lost answer is retried under its key: the stored answer or one execution decides.
    for (const a of lost) expect(await send(url, apiKey, a), `retry of ${a.ndoc}`).toBe(200);
    const after = receiptsPerNdoc(db, 'restart-');
    for (const a of attempts) expect(after.get(a.ndoc), a.ndoc).toBe(1);
    expect(invariantBreaches(db)).toEqual(NO_BREACHES);
    const committedBeforeRetry = lost.filter((a) => before.get(a.ndoc) === 1).length;
    console.log(
      `restart safety: ${ROUNDS} kills, ${attempts.length} writes, ${answered.length} answered, ${lost.length} answers lost ` +
        `(${committedBeforeRetry} of them had committed, ${lost.length - committedBeforeRetry} had not), ` +
        `${after.size} receipts, 0 duplicates, 0 missing, invariants hold`,
    );
  } finally {
    db.close();
    await service.kill();
  }
}, 180_000);
