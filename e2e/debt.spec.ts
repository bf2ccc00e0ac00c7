import { Decimal } from 'decimal.js';
import { formatMoney } from '../renderer/money/money.js';
import { expect, test } from './fixtures.js';

/** Part of a demo card's debt paid in cash at F3: the service's summary on screen, and the ledgers agree to the kopeck. */
test('a card debt is paid in part in cash into the till cash box, and the debt and the box move by exactly that', async ({
  page,
  shop,
  snap,
}) => {
  const [debtor] = shop.query<{ card: string }>(
    'SELECT c.card FROM discount_cards c JOIN card_debts d ON d.card = c.card WHERE d.repaid < d.amount GROUP BY c.card ORDER BY c.debt DESC LIMIT 1',
  );
  if (!debtor) throw new Error('the demo shop has no card with debt');
  const { card } = debtor;
  const { akas } = (await shop.api.settingsGet()).till;
  const debtOf = async () => new Decimal((await shop.api.read('checks.discount_debt', { code: card })).result.status.value ?? '');
  const boxOf = async () =>
    new Decimal(((await shop.api.read('pos.cashdesk_balance', { akas })).result.rows[0] as { balance: string }).balance);
  const debtBefore = await debtOf();
  const boxBefore = await boxOf();
  const paid = new Decimal('25.50');
  expect(debtBefore.gt(paid)).toBe(true);

  await page.keyboard.press('F3');
  await expect(page.getByTestId('screen-debt')).toBeVisible();
  await expect(page.getByTestId('debt-overdue-row').filter({ hasText: card })).toBeVisible();
  await page.getByTestId('debt-card-input').fill(card);
  await page.getByTestId('debt-card-input').press('Enter');
  await expect(page.getByTestId('debt-row').first()).toBeVisible();
  await expect(page.getByTestId('debt-cash-box')).toContainText(akas);

  // Typed the Ukrainian way, with a decimal comma.
  await page.getByTestId('debt-pay-amount').fill('25,50');
  await page.getByTestId('debt-pay-cash').click();
  await expect(page.getByTestId('debt-confirm-text')).toContainText('25,50');
  await expect(page.getByTestId('debt-confirm-text')).toContainText(card);
  await expect(page.getByTestId('debt-confirm-text')).toContainText(akas);
  await page.getByTestId('confirm').click();

  const result = page.getByTestId('debt-result');
  await expect(result).toBeVisible();
  await expect(page.getByTestId('debt-result-paid')).toHaveText(formatMoney('25.50'));
  await expect(page.getByTestId('debt-result-remaining')).toHaveText(formatMoney(debtBefore.minus(paid).toFixed(2)));
  await expect(page.getByTestId('debt-result-row').first()).toBeVisible();
  await snap('debt');

  expect((await debtOf()).toFixed(2)).toBe(debtBefore.minus(paid).toFixed(2));
  expect((await boxOf()).toFixed(2)).toBe(boxBefore.plus(paid).toFixed(2));
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
