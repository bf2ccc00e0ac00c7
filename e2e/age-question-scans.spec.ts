/**
 * Issue 20, item 10: a barcode scanned while the age question opened was dropped, and a fast burst
 * of scans after an adults-only good lost the scans behind the question. They are held and rung
 * up after the answer, in order.
 */
import { expect, test } from './fixtures.js';
import { catalogueRead, plainGoods, scan } from './floor-helpers.js';

test('scans behind the age question are held and rung up after the answer', async ({ page, shop, snap }) => {
  const [adult] = shop.query<{ code: string }>(
    `SELECT g.code FROM goods g JOIN goods_stock s ON s.code = g.code AND s.sk = 0
     WHERE g.age_limit > 0 AND g.excise_input = 0 AND g.weighted = 0 AND g.price > 0 AND s.quantity >= 5000
     ORDER BY g.code LIMIT 1`,
  );
  const [a, b] = plainGoods(shop, 5, 2);
  if (!adult || !a || !b) throw new Error('the demo shop lacks an adults-only good or plain goods');
  await catalogueRead(page);

  // A burst: the adults-only good and two more, as fast as a scanner sends them.
  await Promise.all([scan(page, adult.code), scan(page, a.code), scan(page, b.code)]);
  await expect(page.getByTestId('age-text')).toBeVisible();
  // One more while the question is open: it lands in the question, which it must not answer.
  await scan(page, a.code);
  await expect(page.getByTestId('age-text')).toBeVisible();
  await snap('age-question-with-scans-held');
  await page.waitForTimeout(400);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('age-text')).toHaveCount(0);

  // Every good scanned is on the receipt: the adults-only one, and a twice.
  await expect(page.locator(`[data-testid="sale-line"][data-code="${adult.code}"]`)).toBeVisible();
  await expect(page.locator(`[data-testid="sale-line"][data-code="${a.code}"]`)).toHaveAttribute('data-quantity', '2');
  await expect(page.locator(`[data-testid="sale-line"][data-code="${b.code}"]`)).toHaveAttribute('data-quantity', '1');
  await expect(page.getByTestId('scan-input')).toHaveValue('');
});
