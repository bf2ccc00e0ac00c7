/**
 * Issue 12, speed: a scanned product the page's own copy of the goods holds goes on the receipt
 * without a round trip to the desk (renderer/features/sale/catalog-mirror.ts), and a price the
 * back office changes reaches that copy, so even a sale rung up offline uses the new price.
 */

import type { Request } from '@playwright/test';
import Database from 'better-sqlite3';
import { expect, test } from './fixtures.js';
import { catalogueRead, closedWithReceipt, payExact, plainGoods, scan } from './floor-helpers.js';

test.use({ shopMode: 'remote' });

test("a scan the page's copy knows asks the desk nothing, and a new price in the back office reaches it", async ({
  page,
  shop,
}) => {
  const [milk, bread] = plainGoods(shop, 5, 2);
  if (!milk || !bread) throw new Error('the demo shop has too few plain goods');
  await expect(page.getByTestId('connection')).toHaveAttribute('data-state', 'online', { timeout: 20_000 });
  await catalogueRead(page);
  const { version } = await shop.api.catalogMirror({ epoch: '', since: 0, limit: 1 });
  await expect(page.locator('html')).toHaveAttribute('data-catalog-mirror-version', String(version));

  // What the page asks the desk for a product: its catalogue copy, or the service's find_code.
  const lookups: string[] = [];
  const onRequest = (r: Request) => {
    const message = new URL(r.url()).pathname.replace('/bridge/', '');
    if (message === 'catalogItem' || (message === 'read' && (r.postData() ?? '').includes('pos.find_code'))) {
      lookups.push(message);
    }
  };
  page.on('request', onRequest);
  await scan(page, milk.code);
  await expect(page.getByTestId('sale-line')).toHaveAttribute('data-code', milk.code);
  expect(lookups).toEqual([]);
  await payExact(page);
  await closedWithReceipt(page);

  // The back office reprices bread (price ×10^4 as stored); the sale just closed made the till
  // read its catalogue again, and the page follows the copy's new version.
  const db = new Database(shop.backofficeFile);
  db.prepare('UPDATE goods SET price = ? WHERE code = ?').run(bread.price + 12_300, bread.code);
  db.close();
  const repriced = ((bread.price + 12_300) / 10_000).toFixed(2);
  await expect.poll(async () => (await shop.api.catalogItem(bread.code))?.price, { timeout: 30_000 }).toBe(repriced);
  const now = await shop.api.catalogMirror({ epoch: '', since: 0, limit: 1 });
  await expect(page.locator('html')).toHaveAttribute('data-catalog-mirror-version', String(now.version));

  // Offline, the line stands on what the page holds: the new price, and still no lookup.
  await shop.stopService();
  await scan(page, bread.code);
  const line = page.getByTestId('sale-line');
  await expect(line).toHaveAttribute('data-code', bread.code);
  await expect(line).toHaveAttribute('data-sum', repriced);
  expect(lookups).toEqual([]);
  page.off('request', onRequest);
});
