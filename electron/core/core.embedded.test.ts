/**
 * The composed core with no remote service configured: it starts the RPC service on a local
 * back-office file (the demo shop here) with a key of its own, and works through it.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashSale, demoProducts, type Product, receiptsPerNdoc } from '../../server/testing/demo-sales.js';
import { startDesk, type TestDesk } from './testing/desk.js';

let desk: TestDesk;
let backOffice: Database.Database;
let product: Product;

beforeAll(async () => {
  desk = await startDesk({ demo: true });
  backOffice = new Database(join(desk.dataDir, 'backoffice.sqlite'), { readonly: true });
  [product] = demoProducts(backOffice, 1) as [Product];
});
afterAll(async () => {
  backOffice?.close();
  await desk?.close();
});

describe('a desk with its own embedded back office', () => {
  it('starts the service on a loopback port with a key of its own, kept out of the settings', async () => {
    const settings = await desk.api.settingsGet();
    expect(settings).toMatchObject({ serviceUrl: '', embedded: true, hasApiKey: true });
    const status = await desk.api.status();
    expect(status).toMatchObject({ embedded: true, serviceUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) });
    const key = (JSON.parse(readFileSync(desk.secretFile, 'utf8')) as { keys: Record<string, string> }).keys[''] ?? '';
    expect(key).toMatch(/^rk_/);
    expect(statSync(desk.secretFile).mode & 0o777).toBe(0o600);
    expect(JSON.stringify([settings, status])).not.toContain(key);
  });

  it('takes the till’s PRRO number from the back office on its first start', async () => {
    const till = backOffice.prepare('SELECT akas, numprro FROM tills WHERE kasm = 1').get() as { akas: string; numprro: string };
    expect(till.numprro).not.toBe('');
    expect((await desk.api.settingsGet()).till).toEqual({ kasm: 1, ...till });
  });

  it('answers a read from the demo shop', async () => {
    const found = await desk.api.read('pos.find_code', { code: product.code });
    expect(found.stale).toBe(false);
    expect(found.result.rows).toEqual([expect.objectContaining({ kind: 'product', code: product.code, price: product.price })]);
    expect((await desk.api.testConnection()).ok).toBe(true);
  });

  it('closes a sale and returns done with the receipt, which the back office holds once', async () => {
    const outcome = await desk.api.write('pos.checkout_close_sale', cashSale('embedded-1', product));
    expect(outcome).toMatchObject({ status: 'done', result: { rows: [{ ndoc: 'embedded-1', total: product.price }] } });
    expect(receiptsPerNdoc(backOffice, 'embedded-1').get('embedded-1')).toBe(1);
    expect((await desk.api.status()).connection).toBe('online');
  });

  it('mints a key of its own when the stored one is not its service’s', async () => {
    const fresh = await startDesk({ demo: true, apiKey: 'rk_0000000000000000_aKeyForSomeOtherService' });
    try {
      const key = readFileSync(fresh.secretFile, 'utf8');
      expect(key).not.toBe('rk_0000000000000000_aKeyForSomeOtherService');
      expect((await fresh.api.read('service.ping', {})).stale).toBe(false);
    } finally {
      await fresh.close();
    }
  });

  // Last: it stops the desk the other tests share.
  it('keeps its back office, its key and its journal of sent sales across a restart', async () => {
    const key = readFileSync(desk.secretFile, 'utf8');
    const receipts = backOffice.prepare('SELECT count(*) FROM receipts').pluck().get();
    await desk.stop();
    const again = await startDesk({ demo: true, dataDir: desk.dataDir });
    try {
      expect(readFileSync(again.secretFile, 'utf8')).toBe(key);
      // No second demo seed on a back office that has goods.
      expect(backOffice.prepare('SELECT count(*) FROM receipts').pluck().get()).toBe(receipts);
      const journal = await again.api.queueList({ states: ['done'] });
      expect(journal.map((i) => i.summary)).toEqual([expect.stringContaining('embedded-1')]);
      expect((await again.api.read('pos.find_code', { code: product.code })).stale).toBe(false);
    } finally {
      await again.stop();
    }
  });
});
