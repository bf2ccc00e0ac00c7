/**
 * Issue 9, what every cashier expects on day one: search by name, quick keys, parking a sale,
 * quick cash, the age check, and a manual price confirmed by a manager's PIN and recorded.
 */
import { expect, test } from './fixtures.js';
import { catalogueRead, closedWithReceipt, plainGoods, scan } from './floor-helpers.js';

test('search by name, a quick key, a parked sale recalled, and quick cash', async ({ page, shop, snap }) => {
  const [a, b] = plainGoods(shop, 5, 2);
  if (!a || !b) throw new Error('the demo shop lacks goods');
  await catalogueRead(page);

  // Quick keys are set up in the settings: slot 1 is product a.
  await page.keyboard.press('F9');
  await page.getByTestId('quick-code-1').fill(a.code);
  await page.getByTestId('quick-label-1').fill('Хліб');
  await page.getByTestId('quick-save').click();
  await expect(page.getByTestId('quick-saved')).toBeVisible();
  await snap('floor-day1-settings-quick-keys');

  // Search by name: a key opens it, results come while typing, Enter adds.
  await page.keyboard.press('F1');
  await page.keyboard.press('Control+f');
  const words = b.name.split(' ').slice(0, 2).join(' ').toLocaleLowerCase('uk');
  await page.getByTestId('search-input').pressSequentially(words);
  await expect(page.locator(`[data-testid="search-result"][data-code="${b.code}"]`)).toBeVisible();
  await snap('floor-day1-search');
  await page.locator(`[data-testid="search-result"][data-code="${b.code}"]`).click();
  await expect(page.locator(`[data-testid="sale-line"][data-code="${b.code}"]`)).toBeVisible();

  // The quick key: Alt+1.
  await expect(page.getByTestId('quick-key-1')).toContainText('Хліб');
  await page.keyboard.press('Alt+1');
  await expect(page.locator(`[data-testid="sale-line"][data-code="${a.code}"]`)).toBeVisible();
  await snap('floor-day1-sale-with-quick-keys');

  // Parked for the next buyer, who pays for one item; then the parked sale comes back as it was.
  await page.keyboard.press('Control+p');
  await expect(page.getByTestId('sale-empty')).toBeVisible();
  await expect(page.getByTestId('open-parked')).toContainText('(1)');
  await scan(page, b.code);
  // The line first: F12 on a sale whose only scan is still being looked up has nothing to pay.
  await expect(page.locator(`[data-testid="sale-line"][data-code="${b.code}"]`)).toBeVisible();
  await page.keyboard.press('F12');
  await expect(page.getByTestId('cash-dialog')).toBeVisible();
  // Quick cash: the next banknote, with its change.
  const quick = page.getByTestId('quick-cash').nth(1);
  const amount = (await quick.getAttribute('data-amount')) ?? '';
  await page.keyboard.press('Alt+2');
  await expect(page.getByTestId('cash-given')).toHaveValue(amount.replace('.', ','));
  await snap('floor-day1-quick-cash');
  await page.keyboard.press('Enter');
  await closedWithReceipt(page);

  await page.keyboard.press('Control+o');
  await expect(page.getByTestId('parked-sale')).toHaveCount(1);
  await snap('floor-day1-parked');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sale-line')).toHaveCount(2);
});

test('adults-only goods ask the age once; a manual price needs a manager PIN, a wrong one is counted, and it is recorded', async ({
  page,
  shop,
  snap,
}) => {
  const [adult] = shop.query<{ code: string; name: string }>(
    `SELECT g.code, g.name FROM goods g JOIN goods_stock s ON s.code = g.code AND s.sk = 0
     WHERE g.age_limit = 18 AND g.category = 'Горілка' AND s.quantity >= 3000 ORDER BY g.code LIMIT 1`,
  );
  const [good] = plainGoods(shop);
  if (!adult || !good) throw new Error('the demo shop lacks adults-only or plain goods');
  await catalogueRead(page);

  // Adults only: the question first; "no" leaves it off the receipt, "yes" holds for the rest of the sale.
  await scan(page, adult.code);
  await expect(page.getByTestId('age-text')).toContainText('18');
  await snap('floor-day1-age-check');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('sale-empty')).toBeVisible();
  await expect(page.getByTestId('scan-message')).toContainText('вік покупця не підтверджено');
  await scan(page, adult.code);
  await expect(page.getByTestId('age-text')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('stamp-dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('sale-line')).toHaveCount(1);
  await scan(page, adult.code);
  await expect(page.getByTestId('sale-line')).toHaveAttribute('data-quantity', '2');
  await expect(page.getByTestId('age-text')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // A manual price on the plain product: the demo manager's card 1002 and PIN.
  await scan(page, good.code);
  await expect(page.locator('[data-testid="sale-line"][data-price-state="confirmed"]')).toHaveCount(2);
  await expect(page.locator(`[data-testid="sale-line"][data-code="${good.code}"]`)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Control+d');
  await page.getByTestId('manual-kind-percent').check();
  await page.getByTestId('manual-value').fill('10');
  await page.getByTestId('manual-reason').fill('пошкоджена упаковка');
  await page.getByTestId('manual-card').fill('1002');
  await page.getByTestId('manual-pin').fill('0000');
  await page.getByTestId('manual-confirm').click();
  await expect(page.getByTestId('manual-answer')).toContainText('Неправильний PIN: лишилося 4 спроби');
  await snap('floor-day1-manual-price-wrong-pin');
  await page.getByTestId('manual-pin').fill('2002');
  await page.getByTestId('manual-confirm').click();
  await expect(page.getByTestId('manual-dialog')).toBeHidden();
  const line = page.locator(`[data-testid="sale-line"][data-code="${good.code}"]`);
  await expect(line.getByTestId('line-manual')).toBeVisible();
  await snap('floor-day1-manual-price-applied');
  expect(shop.query('SELECT code, percent, manager_name, reason FROM manual_price_changes')).toEqual([
    { code: good.code, percent: 100_000, manager_name: 'Мельник Андрій Петрович', reason: 'пошкоджена упаковка' },
  ]);
  const sum = Number(await line.getAttribute('data-sum'));
  const price = good.price / 10_000;
  expect(sum).toBeCloseTo(Math.round(price * 90) / 100, 2);
});
