/**
 * The service's PostgreSQL connections stay within its bound (issue 24, item 4): a process given
 * N holds the registry's and at most N − 1 shops' at once, however many shops its requests reach,
 * counted by PostgreSQL itself (pg_stat_activity); and `--workers` share one budget.
 */
import { describe, expect, it } from 'vitest';
import { PgDb } from '../../shared-node/pg/pg-db.js';
import { parsePgUrl } from '../../shared-node/pg/url.js';
import { TEST_ENGINE } from '../testing/back-office-db.js';
import { startTestDataService } from '../testing/data-harness.js';
import {
  backOfficesWithin,
  connectionsPerProcess,
  DEFAULT_PG_CONNECTIONS,
  DEFAULT_PG_THREADS,
  threadShares,
} from './pg-connections.js';

describe("a service's budget of PostgreSQL connections", () => {
  it('gives each of its processes an equal share, the registry one of it, and keeps the default well under 100', () => {
    expect(connectionsPerProcess(60, 1)).toBe(60);
    expect(connectionsPerProcess(60, 4)).toBe(15);
    expect(connectionsPerProcess(10, 3)).toBe(3);
    expect(backOfficesWithin(15)).toBe(14);
    expect(() => connectionsPerProcess(5, 3)).toThrow(/at least 2/);
    for (const workers of [1, 2, 3, 4, 8])
      expect(connectionsPerProcess(DEFAULT_PG_CONNECTIONS, workers) * workers).toBeLessThanOrEqual(60);
  });

  it("splits a process's back offices over its threads and its main thread's reads, never past them nor with a thread of none", () => {
    expect(threadShares(59, 4)).toEqual({ threads: 4, each: 14, main: 0 });
    expect(threadShares(29, 4)).toEqual({ threads: 4, each: 7, main: 0 });
    expect(threadShares(2, 4)).toEqual({ threads: 2, each: 1, main: 0 });
    expect(threadShares(5, 1)).toEqual({ threads: 1, each: 5, main: 0 });
    // The main thread's reads count as one more thread's share, where there is room for one.
    expect(threadShares(59, 4, true)).toEqual({ threads: 4, each: 11, main: 11 });
    expect(threadShares(59, 3, true)).toEqual({ threads: 3, each: 14, main: 14 });
    expect(threadShares(5, 1, true)).toEqual({ threads: 1, each: 2, main: 2 });
    expect(threadShares(3, 2, true)).toEqual({ threads: 2, each: 1, main: 1 });
    expect(threadShares(2, 4, true)).toEqual({ threads: 2, each: 1, main: 0 });
    expect(threadShares(1, 3, true)).toEqual({ threads: 1, each: 1, main: 0 });
    for (const workers of [1, 2, 3, 4, 7, 8]) {
      const backOffices = backOfficesWithin(connectionsPerProcess(DEFAULT_PG_CONNECTIONS, workers));
      for (const mainReads of [false, true]) {
        const { threads, each, main } = threadShares(backOffices, DEFAULT_PG_THREADS, mainReads);
        expect(threads * each + main).toBeLessThanOrEqual(backOffices);
        expect(each).toBeGreaterThanOrEqual(1);
      }
    }
  });

  it.skipIf(TEST_ENGINE !== 'postgres')(
    'holds no more than its bound while requests reach more shops than it, and answers them all',
    async () => {
      const shops = ['s1', 's2', 's3', 's4', 's5'];
      const svc = await startTestDataService(shops, { pgConnections: 3 });
      const watch = PgDb.connect(parsePgUrl(svc.dataDir), 'public', new Map());
      const held = () =>
        Number(
          watch.query(
            'SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
          )[0]?.n,
        );
      try {
        let most = 0;
        for (let round = 0; round < 3; round++) {
          for (const shop of shops) {
            expect((await svc.call(shop, 'pos.cashdesk_balance', { akas: 'KAS1' })).status).not.toBe(502);
            most = Math.max(most, held());
          }
        }
        // All at once: those that find no room wait for one to be released, none is refused.
        const answers = await Promise.all(shops.map((shop) => svc.call(shop, 'pos.cashdesk_balance', { akas: 'KAS1' })));
        most = Math.max(most, held());
        expect(answers.map((a) => a.status).filter((s) => s === 502)).toEqual([]);
        expect(most).toBeLessThanOrEqual(3);
        expect(svc.service.openClients().length).toBeLessThanOrEqual(2);
      } finally {
        watch.close();
        await svc.close();
      }
    },
  );
});
