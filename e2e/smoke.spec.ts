import { expect, test } from './fixtures.js';

test('the cash desk opens in Ukrainian, online, with every screen a function key away', async ({ page, shop, snap }) => {
  await expect(page.getByTestId('screen-sale')).toBeVisible();
  await expect(page.getByTestId('connection')).toHaveAttribute('data-state', 'online', { timeout: 15_000 });
  await expect(page.getByTestId('tab-sale')).toContainText('Продаж');
  await page.keyboard.press('F5');
  await expect(page.getByTestId('screen-prro')).toBeVisible();
  await page.keyboard.press('F1');
  await expect(page.getByTestId('screen-sale')).toBeVisible();
  expect((await shop.api.status()).embedded).toBe(true);
  await snap('shell');
});
