/**
 * The back office's disk fills up (PRAGMA max_page_count: the same SQLITE_FULL a full disk gives,
 * without root). A write whose transaction cannot be stored must be answered as the back office
 * failing (502, retry under the same key), leave neither its business rows nor its key's record,
 * and be performed exactly once when it is sent again after space came back.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, afterEach, expect, it } from 'vitest';
import { jsonLogger, silentLogger } from '../shared-node/log/logger.js';
import { type RunningService, startService } from './service.js';
import { cashSale, demoProducts, receiptsPerNdoc } from './testing/demo-sales.js';
import { rpcCall, startTestService, type TestService } from './testing/harness.js';
import { mountSmallDisk } from './testing/small-disk.js';

let svc: TestService | undefined;
let running: RunningService | undefined;
afterEach(async () => {
  await svc?.close();
  await running?.close();
  svc = undefined;
  running = undefined;
});
// SQLite's own files (vitest.config.ts leaves this file out of the postgres project).
const disk = mountSmallDisk(64);
afterAll(() => disk?.unmount());

const pragma = (s: TestService, sql: string) => (s.service.db as unknown as { pragma(p: string): unknown }).pragma(sql);

it('a sale the full disk could not store is a 502 with no trace, and is performed once when sent again after space came back', async () => {
  const lines: Array<Record<string, unknown>> = [];
  svc = await startTestService({ demo: true, logger: jsonLogger('info', (l) => lines.push(JSON.parse(l))) });
  const s = svc;
  const [product] = demoProducts(s.service.db, 1);
  if (!product) throw new Error('no product');
  // The file may not grow by a page from here: the first sale that needs a new page fails as on a full disk.
  pragma(s, `max_page_count = ${(pragma(s, 'page_count') as Array<{ page_count: number }>)[0]?.page_count}`);
  const prefix = `full-${randomUUID().slice(0, 8)}-`;
  let failed: { key: string; ndoc: string; status: number; body: { error: { code: string; message: string } } } | undefined;
  for (let i = 0; i < 2000 && !failed; i += 1) {
    const key = randomUUID();
    const ndoc = `${prefix}${i}`;
    const r = await s.call('pos.checkout_close_sale', cashSale(ndoc, product), { idempotencyKey: key });
    if (r.status !== 200) failed = { key, ndoc, status: r.status, body: r.body };
  }
  if (!failed) throw new Error('the back office never filled up');
  expect(failed.status).toBe(502);
  expect(failed.body.error.code).toBe('UPSTREAM_FAILURE');
  expect(failed.body.error.message).not.toMatch(/SQLITE|disk/i);
  expect(receiptsPerNdoc(s.service.db, failed.ndoc).get(failed.ndoc)).toBeUndefined();
  const record = s.service.db.prepare('SELECT count(*) FROM idempotency_records WHERE idem_key = ?').pluck().get(failed.key);
  expect(record).toBe(0);

  // Still full: the same answer again, not "in progress" and not "unknown".
  const again = await s.call('pos.checkout_close_sale', cashSale(failed.ndoc, product), { idempotencyKey: failed.key });
  expect(again.status).toBe(502);
  expect(again.body.error.code).toBe('UPSTREAM_FAILURE');

  pragma(s, 'max_page_count = 1073741823');
  const done = await s.call('pos.checkout_close_sale', cashSale(failed.ndoc, product), { idempotencyKey: failed.key });
  expect(done.status).toBe(200);
  expect(done.headers.get('Idempotent-Replayed')).toBeNull();
  const replay = await s.call('pos.checkout_close_sale', cashSale(failed.ndoc, product), { idempotencyKey: failed.key });
  expect(replay.status).toBe(200);
  expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
  expect(receiptsPerNdoc(s.service.db, failed.ndoc).get(failed.ndoc)).toBe(1);

  // The log says each failed request once, naming the cause, as an error of the back office.
  const full = lines.filter((l) => String(l.cause ?? '').includes('full'));
  expect(full).toHaveLength(2);
  expect(full.every((l) => l.status === 502)).toBe(true);
});

// A real full file system (server/testing/small-disk.ts) fails at the commit that writes the WAL,
// after the business rows and the key's record were written in the transaction: they must go together.
it.skipIf(disk === undefined)(
  'on a really full disk a sale is a 502 with no trace, and once space is back it is performed once',
  async () => {
    const { dir, fill } = disk as NonNullable<typeof disk>;
    running = await startService({
      logger: silentLogger,
      rateLimit: false,
      port: 0,
      demo: true,
      dbFile: join(dir, 'shop.sqlite'),
    });
    const s = running;
    const { key } = s.keys.create('test', 'all');
    const [product] = demoProducts(s.db, 1);
    if (!product) throw new Error('no product');
    const idem = randomUUID();
    const ndoc = `full-${idem.slice(0, 8)}`;
    const sell = () => rpcCall(s.url, key, 'pos.checkout_close_sale', cashSale(ndoc, product), { idempotencyKey: idem });
    const free = fill();
    const refused = await sell();
    expect(refused.status).toBe(502);
    expect(refused.body.error.code).toBe('UPSTREAM_FAILURE');
    free();
    expect(receiptsPerNdoc(s.db, ndoc).get(ndoc)).toBeUndefined();
    expect(s.db.prepare('SELECT count(*) FROM idempotency_records WHERE idem_key = ?').pluck().get(idem)).toBe(0);
    const done = await sell();
    expect(done.status).toBe(200);
    expect(done.headers.get('Idempotent-Replayed')).toBeNull();
    expect((await sell()).headers.get('Idempotent-Replayed')).toBe('true');
    expect(receiptsPerNdoc(s.db, ndoc).get(ndoc)).toBe(1);
  },
);
