import { Decimal } from 'decimal.js';
import { formatMoney } from '../renderer/money/money.js';
import { expect, test } from './fixtures.js';

/**
 * Part of a demo card's debt paid in cash at F3: the question names the cash the drawer takes, rounded
 * by the NBU step of the day (0.50 since 2025-10-01: 12.30 is taken as 12.50) and the rounding; the
 * service's summary says the same, the debt falls by 12.30 and the cash box rises by 12.50.
 */
test('a card debt is paid in part in cash into the till cash box: the question, the answer and the books say the same rounded cash', async ({
  page,
  shop,
  snap,
}) => {
  // A card whose oldest open receipt owes at least 12.30, so the whole payment is that receipt's.
  const [debtor] = shop.query<{ card: string }>(
    `SELECT d.card FROM card_debts d
     WHERE d.amount - d.repaid >= 123000
       AND d.id = (SELECT x.id FROM card_debts x WHERE x.card = d.card AND x.repaid < x.amount ORDER BY x.date_added, x.id LIMIT 1)
     ORDER BY d.card LIMIT 1`,
  );
  if (!debtor) throw new Error('the demo shop has no card whose oldest debt is 12.30 or more');
  const { card } = debtor;
  const { akas } = (await shop.api.settingsGet()).till;
  const debtOf = async () => new Decimal((await shop.api.read('checks.discount_debt', { code: card })).result.status.value ?? '');
  const boxOf = async () =>
    new Decimal(((await shop.api.read('pos.cashdesk_balance', { akas })).result.rows[0] as { balance: string }).balance);
  const debtBefore = await debtOf();
  const boxBefore = await boxOf();
  const paid = new Decimal('12.30');
  const cash = new Decimal('12.50');

  await page.keyboard.press('F3');
  await expect(page.getByTestId('screen-debt')).toBeVisible();
  await page.getByTestId('debt-card-input').fill(card);
  await page.getByTestId('debt-card-input').press('Enter');
  await expect(page.getByTestId('debt-row').first()).toBeVisible();
  await expect(page.getByTestId('debt-cash-box')).toContainText(akas);

  // Typed the Ukrainian way, with a decimal comma.
  await page.getByTestId('debt-pay-amount').fill('12,30');
  await page.getByTestId('debt-pay-cash').click();
  const question = page.getByTestId('debt-confirm-text');
  await expect(question).toContainText(`Прийняти ${formatMoney('12.50')} готівкою в касу ${akas}`);
  await expect(question).toContainText(`борг зменшиться на ${formatMoney('12.30')}, заокруглення +${formatMoney('0.20')}`);
  await expect(question).toContainText(card);
  await snap('debt-question');
  await page.setViewportSize({ width: 1024, height: 768 });
  await snap('debt-question-1024x768');
  await page.getByTestId('confirm').click();

  const result = page.getByTestId('debt-result');
  await expect(result).toBeVisible();
  await expect(page.getByTestId('debt-result-paid')).toHaveText(formatMoney('12.30'));
  await expect(page.getByTestId('debt-result-cash')).toHaveText(`${formatMoney('12.50')} (заокруглення +${formatMoney('0.20')})`);
  await expect(page.getByTestId('debt-result-remaining')).toHaveText(formatMoney(debtBefore.minus(paid).toFixed(2)));
  await expect(page.getByTestId('debt-result-row').first()).toBeVisible();
  await snap('debt-1024x768');
  await page.setViewportSize({ width: 1280, height: 1024 });
  await snap('debt-1280x1024');
  await page.setViewportSize({ width: 1366, height: 768 });
  await snap('debt');

  expect((await debtOf()).toFixed(2)).toBe(debtBefore.minus(paid).toFixed(2));
  expect((await boxOf()).toFixed(2)).toBe(boxBefore.plus(cash).toFixed(2));
});

test('an amount above the debt of the chosen receipts is refused beside the amount, before anything is sent', async ({
  page,
  shop,
}) => {
  const [debtor] = shop.query<{ card: string; check_number: number }>(
    'SELECT card, check_number FROM card_debts WHERE repaid < amount ORDER BY id LIMIT 1',
  );
  if (!debtor) throw new Error('the demo shop has no open debt');
  await page.keyboard.press('F3');
  await page.getByTestId('debt-card-input').fill(debtor.card);
  await page.getByTestId('debt-card-input').press('Enter');
  await page.locator(`[data-testid="debt-row"][data-check="${debtor.check_number}"] [data-testid="debt-row-select"]`).check();
  await page.getByTestId('debt-pay-amount').fill('999999');
  await page.getByTestId('debt-pay-amount').press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'більше за борг' })).toBeVisible();
  await expect(page.getByTestId('debt-pay-amount')).toHaveValue('999999');
  await expect(page.getByTestId('debt-confirm-text')).toHaveCount(0);
  expect(await shop.api.queueList()).toEqual([]);
});
