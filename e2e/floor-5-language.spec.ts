/**
 * Issue 9, item 5: refusals are worded in the interface language with their values formatted, the
 * raw English only in a details disclosure; the journal, the outbox and the sale screen show no
 * technical rows or document ids.
 */
import { expect, test } from './fixtures.js';
import { catalogueRead, closedWithReceipt, payExact, plainGoods, scan } from './floor-helpers.js';

test('refusals, the outbox and the journal speak Ukrainian, and English when chosen', async ({ page, shop, snap }) => {
  const [good] = plainGoods(shop);
  const [sold] = shop.query<{ mark: string; check_number: number; kasm: number }>(
    `SELECT mark, check_number, kasm FROM excise_stamps WHERE state = 'bound'
     AND mark NOT IN (SELECT mark FROM excise_stamps WHERE duplicate = 1) ORDER BY id LIMIT 1`,
  );
  if (!good || !sold) throw new Error('the demo shop lacks goods or sold stamps');
  await catalogueRead(page);

  // The sale shows when it began, not its document id.
  await scan(page, good.code);
  await expect(page.getByTestId('sale-started')).toContainText('Чек розпочато о');
  await expect(page.locator('.sale-side')).not.toContainText('K1-');
  await payExact(page);
  await closedWithReceipt(page);

  // A refusal of the back office (a stamp sold before), written through the outbox like any write.
  const refused = await shop.api.write('pos.excise_add_mark', { code: sold.mark, etax: true, kasm: 1 }, { group: 'e2e-lang' });
  expect(refused.status).toBe('refused');
  await page.keyboard.press('F8');
  const item = page.locator(`[data-testid="outbox-item"][data-id="${refused.id}"]`);
  const problem = page.getByTestId(`outbox-problem-${refused.id}`);
  await expect(item.getByTestId('outbox-label')).toHaveText(`Акцизна марка ${sold.mark}`);
  await expect(problem.locator('p.error')).toHaveText(
    `Марку ${sold.mark} уже продано чеком № ${sold.check_number} (каса ${sold.kasm}): дублікат марки не приймається.`,
  );
  // The service's own words are one click away, not on the screen.
  await expect(problem.getByTestId('error-raw')).toBeHidden();
  await problem.locator('summary').click();
  await expect(problem.getByTestId('error-raw')).toContainText('was already sold on receipt');
  await snap('floor-5-outbox-in-ukrainian');

  // The journal's sales in the queue: worded rows.
  await page.keyboard.press('F6');
  await expect(page.getByTestId('journal-outbox-row').first()).toContainText('Продаж: 1 позиція на');
  await expect(page.getByTestId('journal-outbox-row').first()).not.toContainText('pos.checkout_close_sale');
  await snap('floor-5-journal');

  // In English, the same refusal in English words.
  await page.keyboard.press('F9');
  await page.keyboard.press('Alt+L');
  await expect(page.getByTestId('tab-settings')).toContainText('Settings');
  await page.keyboard.press('F8');
  await expect(problem.locator('p.error')).toHaveText(
    `Stamp ${sold.mark} was already sold on receipt No. ${sold.check_number} (till ${sold.kasm}): a duplicate stamp is refused.`,
  );
  await expect(item.getByTestId('outbox-label')).toHaveText(`Excise stamp ${sold.mark}`);
  await snap('floor-5-outbox-in-english');
  await page.keyboard.press('F9');
  await page.keyboard.press('Alt+L');
  await expect(page.getByTestId('tab-settings')).toContainText('Налаштування');
});
