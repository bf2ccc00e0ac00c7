/**
 * The service behind Debian's PgBouncer in transaction mode (issue 24, item 4): a real pgbouncer
 * in front of a cluster of the test's own, `serve --workers 2` on it through
 * `?pool_mode=transaction`, two shops selling at once (closes and returns, each Idempotency-Key
 * sent three times at once across both processes, retried until answered for good). Every sale is
 * in its own shop exactly once and in no other shop, every send of a key got the same answer, and
 * the service's eight client connections went through PgBouncer's three server connections: the
 * engine needs nothing of a session (clients/pooled-pg.ts says what it pins and why).
 *
 * Skipped, saying why, only where the pgbouncer binary (or PostgreSQL) is not installed; it starts
 * a PostgreSQL of its own, so it runs in the sqlite project only (vitest.config.ts).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowidColumnsOf } from '../../shared-node/pg/migrate.js';
import { PgDb } from '../../shared-node/pg/pg-db.js';
import { postgresBin, startTestPostgres, type TestPostgres } from '../../shared-node/pg/test-cluster.js';
import { pgbouncerBin, startTestPgBouncer, type TestPgBouncer } from '../../shared-node/pg/test-pgbouncer.js';
import { parsePgUrl } from '../../shared-node/pg/url.js';
import { KeyStore } from '../auth/keys.js';
import { cashSale, demoProducts, type Product, receiptsPerNdoc } from '../testing/demo-sales.js';
import { type Child, spawnScript } from '../testing/processes.js';
import { ClientRegistry } from './registry.js';
import { CLIENT_MIGRATIONS, openStore } from './store.js';

const missing = !postgresBin()
  ? 'PostgreSQL is not installed (apt-get install -y postgresql)'
  : !pgbouncerBin()
    ? 'the pgbouncer binary is not installed (apt-get install -y pgbouncer)'
    : undefined;

const SHOPS = ['north', 'south'] as const;
const SALES = 6;
const RETURNS = 2;
const SENDS = 3;
const POOL_SIZE = 3;

describe.skipIf(missing)(`the service behind PgBouncer in transaction mode${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let cluster: TestPostgres;
  let bouncer: TestPgBouncer;
  let service: Child | undefined;
  let url = '';
  const shops: Record<string, { id: string; key: string }> = {};

  beforeAll(async () => {
    cluster = await startTestPostgres();
    bouncer = await startTestPgBouncer(cluster, { poolSize: POOL_SIZE });
  });
  afterAll(async () => {
    if (service?.running && service.pid) {
      process.kill(service.pid, 'SIGTERM');
      await service.closed;
    }
    bouncer?.stop();
    await cluster?.stop();
  });

  /** The test's own look at a shop's schema: straight to PostgreSQL, not through the pooler. */
  const shopDb = (shop: string) =>
    PgDb.connect(parsePgUrl(cluster.url), shops[shop]?.id as string, rowidColumnsOf(CLIENT_MIGRATIONS));

  /** Waits until the receipts have their fiscal numbers (the fiscal dispatch runs after a close, apart from it). */
  async function untilFiscalized(shop: string, checks: readonly number[]): Promise<void> {
    const db = shopDb(shop);
    try {
      const fiscalized = db
        .prepare(
          "SELECT count(*) AS n FROM receipts r JOIN prro_docs d ON d.id = r.prro_doc_id WHERE r.check_number = ? AND d.fiscal_number <> ''",
        )
        .pluck();
      for (let i = 0; i < 600; i++) {
        if (checks.every((c) => Number(fiscalized.get(c)) === 1)) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`${shop}: receipts ${checks.join(', ')} got no fiscal number within 60 s`);
    } finally {
      db.close();
    }
  }

  /** One send until it is answered for good: the same key under way elsewhere, or a busy upstream, is sent again. */
  async function send(shop: string, method: string, params: unknown, idem: string): Promise<Record<string, unknown>> {
    for (let attempt = 0; ; attempt++) {
      const res = await fetch(`${url}/v1/rpc`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${shops[shop]?.key}`, 'Idempotency-Key': idem },
        body: JSON.stringify({ method, params }),
      });
      const body = (await res.json()) as { data?: { result: { rows: Record<string, unknown>[] } }; error?: { code: string } };
      if (res.status === 200) return body.data?.result.rows[0] as Record<string, unknown>;
      if (!['IDEMPOTENCY_IN_PROGRESS', 'UPSTREAM_FAILURE'].includes(body.error?.code ?? '') || attempt > 50)
        throw new Error(`${shop} ${method}: ${res.status} ${JSON.stringify(body)}`);
      await new Promise((r) => setTimeout(r, 10 + attempt * 10));
    }
  }

  /** A write's key sent SENDS times at once; every answer must be the one result. */
  async function sendTimes(shop: string, method: string, params: unknown): Promise<Record<string, unknown>> {
    const idem = randomUUID();
    const answers = await Promise.all(Array.from({ length: SENDS }, () => send(shop, method, params, idem)));
    for (const a of answers) expect(a).toEqual(answers[0]);
    return answers[0] as Record<string, unknown>;
  }

  it('serves two shops from two processes through the pooler: closes and returns exactly once each, in their own shop', async () => {
    const pooled = `${bouncer.url}?pool_mode=transaction`;
    // The registry made through the pooler too.
    const registry = openStore(pooled).openRegistry();
    try {
      for (const name of SHOPS) {
        const client = new ClientRegistry(registry).create(name);
        shops[name] = { id: client.id, key: new KeyStore(registry).create(`till-${name}`, 'all', client.id).key };
      }
    } finally {
      registry.close();
    }
    service = spawnScript('the service', 'server/cli.ts', [
      'serve',
      ...['--db', pooled, '--port', '0', '--demo', '--goods', '60', '--rate-limit', '0'],
      ...['--workers', '2', '--pg-connections', '8'],
    ]);
    const line = await service.waitForLine((l) => l.includes('listening on'), 120_000);
    expect(line).toMatch(/PostgreSQL connections: at most 4 per process, 8 in all/);
    url = /(http:\/\/[^/]+)\/v1\/rpc/.exec(line)?.[1] as string;

    // Each shop opened (and its demo seeded) once, before the sales race.
    const products: Record<string, Product[]> = {};
    for (const shop of SHOPS) {
      await send(shop, 'service.ping', {}, randomUUID());
      const db = shopDb(shop);
      try {
        products[shop] = demoProducts(db, SALES);
      } finally {
        db.close();
      }
    }

    const closed: Record<string, Record<string, unknown>[]> = {};
    await Promise.all(
      SHOPS.map(async (shop) => {
        closed[shop] = await Promise.all(
          (products[shop] as Product[]).map((p, i) => sendTimes(shop, 'pos.checkout_close_sale', cashSale(`${shop}-${i}`, p))),
        );
      }),
    );
    // A sale is returned once the tax server (the demo's simulator) gave it its fiscal number.
    for (const shop of SHOPS) {
      const checks = (closed[shop] as Record<string, unknown>[]).slice(0, RETURNS).map((s) => Number(s.check_number));
      await untilFiscalized(shop, checks);
    }
    const returned: Record<string, Record<string, unknown>[]> = {};
    await Promise.all(
      SHOPS.map(async (shop) => {
        returned[shop] = await Promise.all(
          (closed[shop] as Record<string, unknown>[]).slice(0, RETURNS).map((sale) =>
            sendTimes(shop, 'pos.checkout_return', {
              check_number: Number(sale.check_number),
              kasm: 1,
              rows: [{ line_no: 1, quant: '1' }],
            }),
          ),
        );
      }),
    );

    for (const shop of SHOPS) {
      const other = SHOPS.find((s) => s !== shop) as string;
      const db = shopDb(shop);
      try {
        const receipts = receiptsPerNdoc(db, `${shop}-`);
        expect([...receipts.values()], `${shop}: one receipt per sale`).toEqual(Array(SALES).fill(1));
        expect(receiptsPerNdoc(db, `${other}-`).size, `${shop} holds none of ${other}'s sales`).toBe(0);
        const returns = db.prepare('SELECT check_number FROM returns ORDER BY check_number').pluck().all() as number[];
        // In number order: the sales were sent at once, so the first sent is not always numbered first.
        expect(returns, `${shop}: one return per returned sale`).toEqual(
          (closed[shop] as Record<string, unknown>[])
            .slice(0, RETURNS)
            .map((s) => Number(s.check_number))
            .sort((a, b) => a - b),
        );
        for (const r of returned[shop] as Record<string, unknown>[]) expect(r.total).not.toBe('0.00');
      } finally {
        db.close();
      }
    }

    // Two processes' connections (the registry's and the shops', up to 8) went through PgBouncer's few.
    const watch = PgDb.connect(parsePgUrl(cluster.url), 'public', new Map());
    try {
      const servers = Number(
        watch.query(
          'SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
        )[0]?.n,
      );
      expect(servers).toBeGreaterThan(0);
      expect(servers).toBeLessThanOrEqual(POOL_SIZE);
    } finally {
      watch.close();
    }
    expect(service.logged.filter((l) => /"level":"error"/.test(l))).toEqual([]);
  }, 300_000);
});
