/**
 * Issue 9, item 4: goods by the piece take whole pieces in reason; a weighted product's plain
 * barcode asks its weight; a wrong "N*" says why; the PLU of goods by weight is shown.
 */
import { expect, test } from './fixtures.js';
import { catalogueRead, ean13, plainGoods, scan } from './floor-helpers.js';

test('quantities say what is wrong, goods by weight are weighed, and their PLUs are on screen', async ({ page, shop, snap }) => {
  const [bread] = plainGoods(shop);
  const [cheese] = shop.query<{ code: string; plu: string }>(
    'SELECT code, plu FROM goods WHERE weighted = 1 AND plu IS NOT NULL ORDER BY CAST(plu AS INTEGER) LIMIT 1',
  );
  if (!bread || !cheese) throw new Error('the demo shop lacks plain or weighted goods');
  await catalogueRead(page);
  const message = page.getByTestId('scan-message');
  const line = page.getByTestId('sale-line');

  await scan(page, bread.code);
  await expect(line).toHaveAttribute('data-quantity', '1');
  for (const [typed, words] of [
    ['0,001', 'лише ціле число'],
    ['999999', 'не більше 999'],
    ['0', 'більша за нуль'],
    ['-2', 'більша за нуль'],
    ['abc', 'Введіть число'],
  ] as const) {
    await page.keyboard.type(typed);
    await page.keyboard.press('*');
    await expect(message).toContainText(words);
    await expect(page.getByTestId('quantity-dialog')).toHaveCount(0);
    await expect(line).toHaveAttribute('data-quantity', '1');
  }
  await snap('floor-4-quantity-refused');
  await page.keyboard.type('3');
  await page.keyboard.press('*');
  await expect(line).toHaveAttribute('data-quantity', '3');

  // A weighted product by its plain barcode: its weight is asked, not 1 kg taken.
  await scan(page, cheese.code);
  await expect(page.getByTestId('weigh-dialog')).toBeVisible();
  await snap('floor-4-weigh-dialog');
  await page.getByTestId('quantity-input').fill('0,350');
  await page.keyboard.press('Enter');
  await expect(page.locator(`[data-testid="sale-line"][data-code="${cheese.code}"]`)).toHaveAttribute('data-quantity', '0.35');
  // Its scale label: prefix 20, the PLU, the grams.
  await scan(page, ean13(`20${cheese.plu.padStart(5, '0')}01250`));
  await expect(page.locator(`[data-testid="sale-line"][data-code="${cheese.code}"]`)).toHaveAttribute('data-quantity', '1.6');

  // The PLU: on the product card, and in the list scales are set up from.
  await page.keyboard.press('F7');
  await expect(page.getByTestId('scales-row').first()).toBeVisible();
  await expect(page.locator(`[data-testid="scales-row"][data-plu="${cheese.plu}"]`)).toBeVisible();
  await snap('floor-4-scales-list');
  await page.getByTestId('product-code').fill(cheese.code);
  await page.getByTestId('product-code').press('Enter');
  await expect(page.getByTestId('product-plu')).toHaveText(cheese.plu);
  await snap('floor-4-product-card-plu');
});
