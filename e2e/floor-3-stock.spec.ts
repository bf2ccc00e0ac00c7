/**
 * Issue 9, item 3: a sale the cashier closed is never refused for stock. Online the till warns
 * and sells; offline the sale drains later without a refusal; the back office records the
 * shortage and the product card shows it.
 */
import { expect, test } from './fixtures.js';
import { catalogueRead, closedWithReceipt, payExact, scan } from './floor-helpers.js';

test.use({ shopMode: 'remote' });

test('goods the books say are gone sell online with a warning, and offline without a refusal later; the card shows the shortage', async ({
  page,
  shop,
  snap,
}) => {
  const [few] = shop.query<{ code: string; stock: number }>(
    `SELECT g.code, s.quantity AS stock FROM goods g JOIN goods_stock s ON s.code = g.code AND s.sk = 0
     WHERE g.excise_input = 0 AND g.weighted = 0 AND g.age_limit = 0 AND g.price > 0 AND s.quantity BETWEEN 1000 AND 5000
     ORDER BY g.code LIMIT 1`,
  );
  if (!few) throw new Error('the demo shop has no product with one to five units left');
  const units = few.stock / 1000;
  await expect(page.getByTestId('connection')).toHaveAttribute('data-state', 'online', { timeout: 20_000 });
  await catalogueRead(page);

  // Online: one more than the books hold. The till warns, and sells.
  for (let i = 0; i <= units; i++) await scan(page, few.code);
  await expect(page.getByTestId('sale-line')).toHaveAttribute('data-quantity', String(units + 1));
  await expect(page.getByTestId('scan-message')).toHaveAttribute('data-tone', 'warn');
  await expect(page.getByTestId('scan-message')).toContainText('нестачу облікова система запише');
  await expect(page.locator('[data-testid="sale-line"][data-price-state="confirmed"]')).toHaveCount(1);
  await snap('floor-3-stock-warning');
  await payExact(page);
  await closedWithReceipt(page);

  // Offline: the books now say below zero; the sale is saved, and drains without a refusal.
  await shop.stopService();
  await scan(page, few.code);
  await scan(page, few.code);
  await expect(page.getByTestId('sale-line')).toHaveAttribute('data-quantity', '2');
  await payExact(page);
  const result = page.getByTestId('close-result');
  await expect(result).toHaveAttribute('data-status', 'queued');
  await shop.startService();
  await expect(page.getByTestId('queue-indicator')).toHaveAttribute('data-waiting', '0', { timeout: 60_000 });
  expect((await shop.api.queueList({ states: ['refused', 'reconcile'] })).length).toBe(0);
  // The report of the saved sale turns into its receipt once it is sent.
  await expect(result).toHaveAttribute('data-status', 'done', { timeout: 20_000 });

  const shortages = shop.query<{ quantity: number; ref: string }>(
    'SELECT quantity, ref FROM stock_shortages WHERE code = ? ORDER BY id',
    few.code,
  );
  expect(shortages.map((s) => s.quantity)).toEqual([1000, 2000]);

  // The product card shows the negative remainder and each shortage with its receipt.
  await page.keyboard.press('F7');
  await page.getByTestId('product-code').fill(few.code);
  await page.getByTestId('product-code').press('Enter');
  await expect(page.getByTestId('product-short')).toBeVisible();
  await expect(page.getByTestId('product-shortage')).toHaveCount(2);
  await snap('floor-3-product-card-shortages');
});
