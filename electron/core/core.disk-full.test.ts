/**
 * The till's disk really fills up: its data folder on a small tmpfs (server/testing/small-disk.ts),
 * filled to the last byte. Where mounting is not allowed this skips; the outbox's and the cache's
 * own tests cover the same with max_page_count.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { cashSale, demoProducts, receiptsPerNdoc } from '../../server/testing/demo-sales.js';
import { startTestService, type TestService } from '../../server/testing/harness.js';
import { mountSmallDisk } from '../../server/testing/small-disk.js';
import { BridgeError } from '../../shared/bridge/errors.js';
import { jsonLogger } from '../../shared-node/log/logger.js';
import { eventually, startDesk, type TestDesk } from './testing/desk.js';

const disk = mountSmallDisk();
afterAll(() => disk?.unmount());

let svc: TestService | undefined;
let desk: TestDesk | undefined;
afterEach(async () => {
  await desk?.close();
  await svc?.close();
  desk = undefined;
  svc = undefined;
});

describe.skipIf(disk === undefined)('a till whose disk is full', () => {
  it('refuses a sale as not saved, goes on answering reads, says so in its status once, and sells again once space is back', async () => {
    const { dir, fill } = disk as NonNullable<typeof disk>;
    svc = await startTestService({ demo: true });
    const [product] = demoProducts(svc.service.db, 1);
    if (!product) throw new Error('no product');
    const lines: Array<{ msg: string; store?: string }> = [];
    const dataDir = join(dir, 'desk');
    mkdirSync(dataDir);
    desk = await startDesk({
      serviceUrl: svc.url,
      apiKey: svc.key,
      dataDir,
      logger: jsonLogger('info', (l) => lines.push(JSON.parse(l))),
    });
    const { api } = desk;
    const tag = `full-${Date.now()}-`;
    expect((await api.write('pos.checkout_close_sale', cashSale(`${tag}before`, product), { waitMs: 3000 })).status).toBe('done');

    const free = fill();
    for (const n of [1, 2]) {
      const refused = await api.write('pos.checkout_close_sale', cashSale(`${tag}${n}`, product)).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(BridgeError);
      expect(refused).toMatchObject({ code: 'NOT_SAVED' });
    }
    const status = await api.status();
    expect(status.storageFault).not.toBeNull();
    expect(status.queue).toMatchObject({ queued: 0, sending: 0 });
    // Nothing of the refused sales: only the sale before.
    expect((await api.queueList()).map((i) => i.summary)).toEqual([expect.stringContaining(`${tag}before`)]);
    // A lookup the service answers is answered, though the disk will not keep it for selling offline.
    expect(await api.read('pos.find_code', { code: product.code })).toMatchObject({ stale: false });

    free();
    expect((await api.write('pos.checkout_close_sale', cashSale(`${tag}after`, product), { waitMs: 3000 })).status).toBe('done');
    await api.read('pos.find_code', { code: product.code });
    // The catalogue copy is brought up to date after the sale: every store writes again.
    await eventually(
      () => api.status(),
      (s) => s.storageFault === null,
      'the status clears',
    );
    expect([...receiptsPerNdoc(svc.service.db, tag)].sort()).toEqual([
      [`${tag}after`, 1],
      [`${tag}before`, 1],
    ]);
    const outbox = lines.filter((l) => l.store === 'outbox').map((l) => l.msg);
    expect(outbox).toEqual(['the disk refuses to store', 'the disk stores again']);
  });
});
