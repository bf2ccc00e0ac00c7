/** Issue 9, item 1: after a debt repayment, typing in the amount field kept the whole app white. */
import { expect, test } from './fixtures.js';

test('after a repayment, typing the next amount goes on, and the rest of the app stays alive', async ({ page, shop, snap }) => {
  const [debtor] = shop.query<{ card: string }>(
    'SELECT card FROM card_debts WHERE repaid < amount GROUP BY card ORDER BY sum(amount - repaid) DESC LIMIT 1',
  );
  if (!debtor) throw new Error('the demo shop has no open debt');
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));

  await page.keyboard.press('F3');
  await page.getByTestId('debt-card-input').fill(debtor.card);
  await page.getByTestId('debt-card-input').press('Enter');
  await page.getByTestId('debt-pay-amount').fill('1,00');
  await page.getByTestId('debt-pay-cash').click();
  await page.getByTestId('confirm').click();
  await expect(page.getByTestId('debt-result')).toBeVisible();

  // The next amount, one digit: the answer leaves the screen, and the screen stays.
  await page.getByTestId('debt-pay-amount').click();
  await page.keyboard.type('2');
  await expect(page.getByTestId('debt-pay-amount')).toHaveValue('2');
  await expect(page.getByTestId('screen-failed')).toHaveCount(0);
  await expect(page.getByTestId('debt-pay-cash')).toBeVisible();
  await snap('floor-1-debt-after-repayment');
  expect(errors).toEqual([]);

  // And every other screen still answers its key.
  await page.keyboard.press('F1');
  await expect(page.getByTestId('scan-input')).toBeFocused();
});
