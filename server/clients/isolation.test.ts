/**
 * Cross-client isolation (issue 11, item 1): for every operation of the contract, a request of
 * client A's key changes nothing in client B's back office, and B's own reads answer after all
 * of A's writes what they answered before. Both clients are demo shops behind one real service,
 * each on its own file (or, in the `postgres` test project, its own schema); each is watched by a
 * connection of the test's own (see `version`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationSpec } from '../../shared/contract/dsl/operation.js';
import { OPERATIONS } from '../../shared/contract/registry.js';
import { validParams } from '../../shared/contract/testing/cases.js';
import { PgDb } from '../../shared-node/pg/pg-db.js';
import type { Db } from '../../shared-node/sql/db.js';
import { userTables } from '../testing/back-office-db.js';
import { openClientDb, startTestDataService, type TestDataService } from '../testing/data-harness.js';

const operations = OPERATIONS as readonly OperationSpec[];
const reads = operations.filter((op) => op.kind === 'read');

let svc: TestDataService;
let watchB: Db;
let watchA: Db;
/**
 * What moves whenever anything commits to a client's database. SQLite: `PRAGMA data_version`,
 * which moves when any other connection commits to the file. PostgreSQL: each table's row count
 * and the sum of its rows' xmin (the id of the transaction that wrote each row version): an
 * insert or delete changes the count, an update gives rows a newer xmin.
 */
const version = (db: Db): unknown => {
  if (!(db instanceof PgDb)) return db.prepare('PRAGMA data_version').pluck().get();
  const perTable = userTables(db).map(
    (t) => `SELECT '${t}' AS t, count(*) AS n, coalesce(sum(xmin::text::bigint), 0) AS x FROM "${t}"`,
  );
  return db.query(`SELECT string_agg(t || ':' || n || ':' || x, ',' ORDER BY t) AS v FROM (${perTable.join(' UNION ALL ')}) s`)[0]
    ?.v;
};
/** B's answer to every read before A did anything. */
const readsOfB = new Map<string, unknown>();

const readAll = async (client: string) => {
  const out = new Map<string, unknown>();
  for (const op of reads) {
    const r = await svc.call(client, op.name, validParams(op));
    out.set(op.name, r.status === 200 ? r.body.data.result : r.body.error);
  }
  return out;
};

beforeAll(async () => {
  // No simulator rounds: nothing but requests may commit to either file.
  svc = await startTestDataService(['shop-a', 'shop-b'], { demo: { goods: 300 }, simulatorIntervalMs: 3_600_000 });
  for (const name of ['shop-a', 'shop-b']) expect((await svc.call(name, 'service.ping', {})).status).toBe(200);
  const watch = (name: string) => openClientDb(svc.dataDir, svc.clients[name]?.id as string);
  watchA = watch('shop-a');
  watchB = watch('shop-b');
  for (const [k, v] of await readAll('shop-b')) readsOfB.set(k, v);
}, 120_000);

afterAll(async () => {
  watchA?.close();
  watchB?.close();
  await svc?.close();
});

describe.each(operations.map((op) => [op.name, op] as const))('%s under client A', (_name, op) => {
  it("changes nothing of client B's", async () => {
    const beforeB = version(watchB);
    const beforeA = version(watchA);
    const r = await svc.call('shop-a', op.name, validParams(op));
    expect([200, 422], JSON.stringify(r.body)).toContain(r.status);
    expect(version(watchB)).toBe(beforeB);
    // A write A's back office performed is in A's database: the request did reach a back office.
    // (a performed write commits its idempotency record with it, so its database always changes).
    if (op.kind === 'write' && r.status === 200) expect(version(watchA)).not.toBe(beforeA);
  });
});

describe('after every operation under client A', () => {
  it("client B's reads answer what they answered before", async () => {
    const after = await readAll('shop-b');
    for (const op of reads) expect(after.get(op.name), op.name).toEqual(readsOfB.get(op.name));
  });

  it("the same Idempotency-Key is each client's own: performed once in each, replayed within each", async () => {
    const { key: _existing, ...generated } = validParams(
      operations.find((o) => o.name === 'catalog.users.save') as OperationSpec,
    );
    const params = { ...generated, nt: 'Isolation cashier', card: 'ISO-CARD-1' };
    const saved = async (client: string) => {
      const r = await svc.call(client, 'catalog.users.save', params, { idempotencyKey: 'same-key-in-two-shops' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r;
    };
    const a = await saved('shop-a');
    const b = await saved('shop-b');
    expect(b.body.data.result).toEqual(a.body.data.result);
    expect(a.headers.get('idempotent-replayed')).toBeNull();
    expect(b.headers.get('idempotent-replayed')).toBeNull();
    const again = await svc.call('shop-b', 'catalog.users.save', params, { idempotencyKey: 'same-key-in-two-shops' });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data.result).toEqual(b.body.data.result);
    // Performed in both databases, once each.
    const count = (db: Db) =>
      db.prepare("SELECT count(*) FROM idempotency_records WHERE idem_key = 'same-key-in-two-shops'").pluck().get();
    expect(count(watchA)).toBe(1);
    expect(count(watchB)).toBe(1);
  });
});
