/**
 * Issue 9, item 7: the till keeps a full copy of the catalogue, so any product sells offline, not
 * only those scanned here before; the status bar says how old the copy is. Item 8's offline
 * banner goes once the service is back and the outbox drains.
 */
import { expect, test } from './fixtures.js';
import { catalogueRead, payExact, plainGoods, scan } from './floor-helpers.js';

test.use({ shopMode: 'remote' });

test('a product this till never scanned sells offline from the catalogue copy, and the banner goes once all is sent', async ({
  page,
  shop,
  snap,
}) => {
  const [a, b] = plainGoods(shop, 5, 2);
  const [card] = shop.query<{ card: string }>("SELECT card FROM discount_cards WHERE card LIKE '2299%' ORDER BY card LIMIT 1");
  if (!a || !b || !card) throw new Error('the demo shop lacks goods or cards');
  await expect(page.getByTestId('connection')).toHaveAttribute('data-state', 'online', { timeout: 20_000 });
  await catalogueRead(page);
  await expect(page.getByTestId('catalog-age')).toContainText('Каталог каси: оновлено');
  expect(Number(await page.getByTestId('catalog-age').getAttribute('data-goods'))).toBeGreaterThan(1000);

  await shop.stopService();
  // Never looked up on this till: found in the copy, at its shelf price, marked unconfirmed.
  await scan(page, a.code);
  await scan(page, b.code);
  await scan(page, card.card);
  await expect(page.getByTestId('sale-line')).toHaveCount(2);
  await expect(page.locator('[data-testid="sale-line"][data-price-state="unconfirmed"]')).toHaveCount(2);
  await expect(page.getByTestId('sale-card')).toHaveAttribute('data-card', card.card);
  await expect(page.getByTestId('stale')).toBeVisible();
  await snap('floor-7-offline-sale-from-the-copy');
  await payExact(page);
  await expect(page.getByTestId('close-result')).toHaveAttribute('data-status', 'queued');

  await shop.startService();
  await expect(page.getByTestId('queue-indicator')).toHaveAttribute('data-waiting', '0', { timeout: 60_000 });
  await expect(page.getByTestId('stale')).toBeHidden();
  await expect(page.getByTestId('close-result')).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  await expect(page.getByTestId('close-result')).toContainText('Збережений продаж надіслано: чек №');
  await snap('floor-7-sent-and-banner-gone');
  const ndoc = (await page.getByTestId('close-result').getAttribute('data-ndoc')) ?? '';
  expect(shop.query('SELECT card FROM receipts WHERE ndoc = ?', ndoc)).toEqual([{ card: card.card }]);
});
