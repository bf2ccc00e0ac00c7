/**
 * A till's lookups made in the service's main thread on PostgreSQL (main-reads.ts), through HTTP
 * on a real cluster: made there once a thread holds the shop, with the answers a service without
 * them gives; never a write; a read that cannot be made there (a lock past its timeout, a lost
 * connection) made by a thread instead, answered all the same; no more connections than the
 * main thread's share of the budget.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { findOperation } from '../../../shared/contract/index.js';
import { silentLogger } from '../../../shared-node/log/logger.js';
import { quoteIdent } from '../../../shared-node/pg/pg-db.js';
import { pgClientKind, SyncPg } from '../../../shared-node/pg/sync-pg.js';
import { parsePgUrl } from '../../../shared-node/pg/url.js';
import { MAIN_THREAD_READS } from '../../back-office/main-thread-reads.js';
import { type RunningDataService, startDataService } from '../../service.js';
import { TEST_ENGINE } from '../../testing/back-office-db.js';
import { startTestDataService, type TestDataService } from '../../testing/data-harness.js';
import { rpcCall } from '../../testing/harness.js';

const services: TestDataService[] = [];
const others: RunningDataService[] = [];
const connections: SyncPg[] = [];
afterEach(async () => {
  for (const pg of connections.splice(0)) pg.close();
  for (const s of others.splice(0)) await s.close();
  for (const s of services.splice(0)) await s.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function connect(svc: TestDataService): SyncPg {
  const pg = new SyncPg(parsePgUrl(svc.dataDir));
  connections.push(pg);
  return pg;
}

/** The shop's back office opened in a thread (its schema migrated), and two goods put in it. */
async function openShop(svc: TestDataService, name: string): Promise<string> {
  expect((await svc.call(name, 'pos.cashdesk_balance', { akas: 'KAS1' })).status).toBe(200);
  const schema = quoteIdent(svc.clients[name]?.id as string);
  const pg = connect(svc);
  // The catalogue's triggers write to the shop's change log by its bare name.
  pg.query(`SET search_path TO ${schema}`);
  pg.query(
    `INSERT INTO goods (code, name, unit_type, price, date_added) VALUES
       ('4820000000011', 'Сир плавлений', 'шт', 425000, '2025-01-10'),
       ('4820000000028', 'Хліб житній', 'шт', 198000, '2025-01-10')`,
  );
  return schema;
}

function mainReadsOf(svc: TestDataService) {
  const reads = svc.service.mainReads;
  if (!reads) throw new Error('the service makes no reads in its main thread');
  return reads;
}

const LOOKUPS: [string, Record<string, unknown>][] = [
  ['pos.find_code', { code: '4820000000011' }],
  ['pos.find_code', { code: '4820000000099' }],
  ['goods.card_open', { code: '4820000000028', sk: 0 }],
  ['goods.card_main', { code: '4820000000011' }],
];

describe("the main thread's reads", () => {
  it('are reads of the registry', () => {
    for (const name of MAIN_THREAD_READS) expect(findOperation(name)?.kind, name).toBe('read');
  });
});

// Only where libpq loads: through node-postgres the service makes no reads in its main thread (service.ts mainReadsShare).
const withLibpq = TEST_ENGINE === 'postgres' && pgClientKind().kind === 'libpq';

describe.skipIf(!withLibpq)("a till's lookups in the main thread on PostgreSQL", { timeout: 120_000 }, () => {
  it('are made there once a thread holds the shop, and answer as a service without them does', async () => {
    const svc = await startTestDataService(['shop'], { pgThreads: 2 });
    services.push(svc);
    const reads = mainReadsOf(svc);
    await openShop(svc, 'shop');
    const plain = await startDataService({
      dataDir: svc.dataDir,
      port: 0,
      logger: silentLogger,
      rateLimit: false,
      pgThreads: 2,
      pgMainReads: false,
    });
    others.push(plain);
    expect(plain.mainReads).toBeUndefined();
    for (const [method, params] of LOOKUPS) {
      const here = await svc.call('shop', method, params);
      const there = await rpcCall(plain.url, svc.keyOf('shop'), method, params);
      expect(here.status, method).toBe(200);
      expect(here.body.data.result, method).toEqual(there.body.data.result);
    }
    expect(reads.count).toEqual({ here: LOOKUPS.length, failed: 0 });
    expect(reads.openClients()).toEqual([svc.clients.shop?.id]);
    // A refusal of the lookup's own is answered from the main thread too, in the same words.
    const letters = { code: 'ABC' };
    const refused = await svc.call('shop', 'pos.find_code', letters);
    const refusedThere = await rpcCall(plain.url, svc.keyOf('shop'), 'pos.find_code', letters);
    expect(refused.status).toBe(422);
    expect(refused.status).toBe(refusedThere.status);
    expect(refused.body.error).toEqual(refusedThere.body.error);
    expect(reads.count).toEqual({ here: LOOKUPS.length, failed: 0 });
    const found = await svc.call('shop', 'pos.find_code', { code: '4820000000011' });
    expect(found.body.data.result.rows[0]).toMatchObject({ code: '4820000000011', name: 'Сир плавлений', price: '42.50' });
  });

  it('make no write, and read what a write in a thread committed', async () => {
    const svc = await startTestDataService(['shop'], { pgThreads: 2 });
    services.push(svc);
    const reads = mainReadsOf(svc);
    await openShop(svc, 'shop');
    expect((await svc.call('shop', 'goods.card_main', { code: '4820000000011' })).body.data.result.rows[0].name).toBe(
      'Сир плавлений',
    );
    const renamed = await svc.call('shop', 'pos.card_setting_save', { code: '4820000000011', nt: 'Сир вершковий' });
    expect(renamed.status).toBe(200);
    expect(reads.count.here).toBe(1);
    const after = await svc.call('shop', 'goods.card_main', { code: '4820000000011' });
    expect(after.body.data.result.rows[0].name).toBe('Сир вершковий');
    expect(reads.count).toEqual({ here: 2, failed: 0 });
  });

  /** A service whose main thread has made one lookup of its shop, and that lookup. */
  async function lookedUp() {
    const svc = await startTestDataService(['shop'], { pgThreads: 2 });
    services.push(svc);
    const reads = mainReadsOf(svc);
    const schema = await openShop(svc, 'shop');
    const find = () => svc.call('shop', 'pos.find_code', { code: '4820000000011' });
    expect((await find()).status).toBe(200);
    expect(reads.count).toEqual({ here: 1, failed: 0 });
    return { svc, reads, schema, find };
  }

  it('hand a read held by a lock past their timeout to a thread, and then leave the reads to the threads for a while', async () => {
    const { svc, reads, schema, find } = await lookedUp();
    // A migration's lock (ACCESS EXCLUSIVE) stops even reads: the main thread waits 100 ms for
    // it, then a thread waits until it is released, and answers.
    const locker = connect(svc);
    locker.query('BEGIN');
    locker.query(`LOCK TABLE ${schema}.goods IN ACCESS EXCLUSIVE MODE`);
    const released = sleep(500).then(() => locker.query('COMMIT'));
    const started = performance.now();
    const behindLock = await find();
    await released;
    expect(behindLock.status).toBe(200);
    expect(behindLock.body.data.result.rows[0].code).toBe('4820000000011');
    expect(performance.now() - started).toBeGreaterThanOrEqual(450);
    expect(reads.count).toEqual({ here: 1, failed: 1 });
    // A 100 ms wait is past what the main thread may wait on average (pace.ts): the threads make
    // the next reads, and the connection stays for when the pause ends.
    expect((await find()).status).toBe(200);
    expect(reads.count).toEqual({ here: 1, failed: 1 });
    expect(reads.openClients()).toEqual([svc.clients.shop?.id]);
  });

  it('hand a read whose connection was lost to a thread, and let the connection go', async () => {
    const { svc, reads, find } = await lookedUp();
    // The main thread's connection ends (a restart, an administrator).
    const ended = connect(svc).query(
      "SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name = 'cashdesk main-thread reads'",
    );
    expect(ended.rows).toEqual([{ ended: true }]);
    const afterLoss = await find();
    expect(afterLoss.status).toBe(200);
    expect(afterLoss.body.data.result.rows[0].code).toBe('4820000000011');
    expect(reads.count).toEqual({ here: 1, failed: 1 });
    expect(reads.openClients()).toEqual([]);
    // Not opened again at once: the shop's reads go to the threads meanwhile.
    expect((await find()).status).toBe(200);
    expect(reads.count).toEqual({ here: 1, failed: 1 });
  });

  it('hold no more connections than their share of the budget', async () => {
    // 4 connections: the registry's, then 3 back offices: 1 thread of 1, and 1 for the main thread.
    const shops = ['s1', 's2', 's3'];
    const svc = await startTestDataService(shops, { pgThreads: 1, pgConnections: 4 });
    services.push(svc);
    const reads = mainReadsOf(svc);
    expect(reads.most).toBe(1);
    const watch = connect(svc);
    const held = () =>
      Number(
        watch.query('SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()')
          .rows[0]?.n,
      );
    let most = 0;
    for (let round = 0; round < 3; round++) {
      // Twice a shop: the second finds it held by the thread, and may be made in the main thread.
      for (const shop of [...shops, ...shops].sort()) {
        const answer = await svc.call(shop, 'pos.find_code', { code: '4820000000011' });
        expect(answer.status).toBe(200);
        most = Math.max(most, held());
        expect(reads.openClients().length).toBeLessThanOrEqual(1);
      }
    }
    expect(most).toBeLessThanOrEqual(4);
    expect(reads.count.here).toBeGreaterThan(0);
  });
});
