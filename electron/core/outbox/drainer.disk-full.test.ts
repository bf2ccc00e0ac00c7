/**
 * The till's disk fills up while a sale is on its way: the service performs it, and the outbox
 * cannot store that it was done. A real outbox file and a real service. `PRAGMA query_only` makes
 * every write of the outbox's connection fail, as on a full disk, where even putting the item
 * back in line is a write that fails (max_page_count would let that shrinking write through).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { cashSale, demoProducts, receiptsPerNdoc } from '../../../server/testing/demo-sales.js';
import { startTestService, type TestService } from '../../../server/testing/harness.js';
import { openDatabase } from '../../../shared-node/sqlite/open.js';
import { RpcClient } from '../rpc/client.js';
import { OutboxDrainer } from './drainer.js';
import { OutboxStore } from './store.js';
import { CLOSE_SALE } from './testing/scripted-client.js';

let svc: TestService | undefined;
let dir: string | undefined;
afterEach(async () => {
  await svc?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  svc = undefined;
  dir = undefined;
});

it('a sale done by the service while the disk was full is sent again under its key once space is back, and performed once', async () => {
  svc = await startTestService({ demo: true });
  const s = svc;
  const [product] = demoProducts(s.service.db, 1);
  if (!product) throw new Error('no product');
  dir = mkdtempSync(join(tmpdir(), 'outbox-full-'));
  const db = openDatabase(join(dir, 'outbox.sqlite'));
  const store = new OutboxStore(db);
  const client = new RpcClient({ baseUrl: () => s.url, apiKey: () => s.key });
  const faults: unknown[] = [];
  let filled = false;
  const drainer = new OutboxDrainer(store, client, {
    baseDelayMs: 10,
    maxDelayMs: 20,
    // The disk fills while the sale is on its way: after it was marked sending, before its answer is stored.
    onChange: (item) => {
      if (item.state !== 'sending' || filled) return;
      filled = true;
      db.pragma('query_only = ON');
    },
    onError: (err) => faults.push(err),
  });
  const ndoc = `full-${Date.now()}`;
  const item = store.enqueue({ method: CLOSE_SALE, params: cashSale(ndoc, product), group: `sale-${ndoc}`, summary: 'close' });
  drainer.start();
  // What the cashier is told: still on its way (queued), never refused. (A demo service signs what
  // its seed left waiting as it starts, so the answer may take a while.)
  const told = await drainer.waitFor(item.id, 3000);
  expect(told.state).toBe('sending');
  expect(faults.length).toBeGreaterThan(0);
  expect(receiptsPerNdoc(s.service.db, ndoc).get(ndoc)).toBe(1);

  // Space is back: no restart, no kick.
  db.pragma('query_only = OFF');
  const settled = await drainer.waitFor(item.id, 2000);
  await drainer.stop();
  expect(settled.state).toBe('done');
  expect(settled.result?.rows[0]).toMatchObject({ ndoc });
  expect(settled.idempotencyKey).toBe(item.idempotencyKey);
  expect(receiptsPerNdoc(s.service.db, ndoc).get(ndoc)).toBe(1);
  db.close();
});

it('a wait that ends while the outbox cannot be read answers the item as it was, and reports the fault instead of ending the process', async () => {
  dir = mkdtempSync(join(tmpdir(), 'outbox-unreadable-'));
  const db = openDatabase(join(dir, 'outbox.sqlite'));
  const store = new OutboxStore(db);
  const faults: unknown[] = [];
  // Never started: the sale stays queued, and the wait ends on its timer.
  const drainer = new OutboxDrainer(store, new RpcClient({ baseUrl: () => 'http://127.0.0.1:9', apiKey: () => 'unused-key' }), {
    onError: (err) => faults.push(err),
  });
  const item = store.enqueue({ method: CLOSE_SALE, params: {}, group: 'sale-1', summary: 'close' });
  const told = drainer.waitFor(item.id, 20);
  // The file is gone from under the connection (a failing disk): every read now throws.
  db.close();
  expect((await told).state).toBe('queued');
  expect(faults).toHaveLength(1);
});
