/**
 * Issue 9, item 8: the smaller things that stop a till. Each step is one of them.
 */
import { expect, test } from './fixtures.js';
import { catalogueRead, closedWithReceipt, payExact, plainGoods, scan } from './floor-helpers.js';
import { testStamp } from './stamps.js';

test.use({ timezoneId: 'UTC' });

test('releasing a stamp on F4 updates the sale; dialogs do what their blue button says; cancel is unambiguous', async ({
  page,
  shop,
  snap,
}) => {
  const [vodka] = shop.query<{ code: string }>(
    `SELECT g.code FROM goods g JOIN goods_stock s ON s.code = g.code AND s.sk = 0
     WHERE g.excise_input = 1 AND g.category = 'Горілка' AND s.quantity >= 5000 ORDER BY g.code LIMIT 1`,
  );
  if (!vodka) throw new Error('the demo shop has no vodka');
  await catalogueRead(page);
  const stamp = testStamp(81);
  await scan(page, vodka.code);
  await expect(page.getByTestId('age-text')).toBeVisible();
  await page.keyboard.press('Enter'); // of age
  await scan(page, stamp);
  await expect(page.getByTestId('line-stamps')).toHaveAttribute('data-have', '1');

  // F4: the stamp is on one line, and releasing it takes it off the sale.
  await page.keyboard.press('F4');
  const row = page.getByTestId('excise-pending-row').filter({ hasText: stamp });
  await expect(row).toBeVisible();
  expect((await row.locator('.excise-mark').boundingBox())?.height ?? 99).toBeLessThan(40);
  await page.getByTestId('excise-clear-code').fill(stamp);
  await page.getByTestId('excise-clear-code').press('Enter');
  await expect(page.getByTestId('confirm')).toBeFocused();
  await page.keyboard.press('Enter'); // the blue button: release
  await expect(page.getByTestId('excise-cleared')).toBeVisible();
  await page.keyboard.press('F1');
  await expect(page.getByTestId('line-stamps')).toHaveAttribute('data-have', '0');

  // "Cancel receipt?" offers going back and cancelling, not two "cancels".
  await page.keyboard.press('Control+Delete');
  await expect(page.getByTestId('confirm-cancel')).toHaveText('Повернутися до чека');
  await expect(page.getByTestId('confirm')).toHaveText('Скасувати чек');
  await snap('floor-8-cancel-receipt-question');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sale-empty')).toBeVisible();
});

test('journal times are the shop’s on a UTC machine; an overpaid split says so; a code with letters is answered', async ({
  page,
  shop,
  snap,
}) => {
  const [good] = plainGoods(shop);
  if (!good) throw new Error('the demo shop lacks goods');
  await catalogueRead(page);
  await scan(page, 'ABC123X');
  await expect(page.getByTestId('scan-message')).toContainText('не знайдено');

  await scan(page, good.code);
  await page.keyboard.press('F2');
  await page.getByTestId('mixed-cashless').fill('99999');
  await expect(page.getByTestId('mixed-remainder-box')).toHaveAttribute('data-state', 'overpaid');
  await expect(page.getByTestId('mixed-remainder-box')).toContainText('Переплата');
  await snap('floor-8-mixed-overpaid');
  await page.getByTestId('mixed-cashless').fill('');
  await page.keyboard.press('Escape');
  await payExact(page);
  await closedWithReceipt(page);

  // The browser runs on UTC; the journal shows the sale at the shop's (Kyiv) time.
  const [item] = await shop.api.queueList({ states: ['done'], limit: 1 });
  const kyiv = new Intl.DateTimeFormat('uk-UA', {
    timeZone: 'Europe/Kyiv',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(item?.createdAt ?? ''));
  await page.keyboard.press('F6');
  await expect(page.getByTestId('journal-outbox-row').first()).toContainText(kyiv);
  await snap('floor-8-journal-shop-time');
});

test('Alt+S in the status list changes the status; a scan on another screen goes to the sale; a stopped till says so', async ({
  page,
  shop,
  snap,
}) => {
  const [good] = plainGoods(shop);
  if (!good) throw new Error('the demo shop lacks goods');
  await catalogueRead(page);

  // PRRO queue: a document needing attention, its status list focused, Alt+S asks to change it.
  const [range] = shop.query<{ start: string; end: string }>(
    'SELECT min(created_date) AS start, max(created_date) AS end FROM prro_docs',
  );
  await page.keyboard.press('F5');
  await page.getByTestId('prro-start').fill(range?.start ?? '');
  await page.getByTestId('prro-end').fill(range?.end ?? '');
  await page.getByTestId('prro-kasm').fill('');
  await page.getByTestId('prro-numprro').fill('');
  await page.getByTestId('prro-numprro').press('Enter');
  await page.getByTestId('prro-row').first().click();
  await page.getByTestId('prro-status-select').selectOption({ index: 1 });
  await page.getByTestId('prro-status-select').focus();
  await page.keyboard.press('Alt+s');
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await page.keyboard.press('Escape');

  // On the journal, a scan: the sale screen opens with the product on it.
  await page.keyboard.press('F6');
  await page.locator('body').click({ position: { x: 5, y: 700 } });
  await page.keyboard.type(good.code);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('screen-sale')).toBeVisible();
  await expect(page.locator(`[data-testid="sale-line"][data-code="${good.code}"]`)).toBeVisible();

  // The till stops: the tab says so; it comes back with a new token: the tab says to open the new address.
  await shop.stopHost();
  await page.keyboard.press('F10');
  await expect(page.getByTestId('bridge-lost')).toHaveAttribute('data-health', 'down', { timeout: 20_000 });
  await shop.restartHost();
  await expect(page.getByTestId('bridge-lost')).toHaveAttribute('data-health', 'token', { timeout: 20_000 });
  await snap('floor-8-tab-after-restart');
});
