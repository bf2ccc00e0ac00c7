/**
 * Issue 10, the people at a till: a cashier signs in with a PIN (wrong ones counted, the card
 * locked after five), every sale carries the cashier into its fiscal document and the outbox, and
 * the till locks itself after the idle minutes set in Settings.
 */
import { expect, test } from './fixtures.js';
import { catalogueRead, closedWithReceipt, payExact, plainGoods, scan } from './floor-helpers.js';
import { DEMO_CASHIER, signInAs } from './people.js';

test.describe('signing in', () => {
  test.use({ signIn: false });

  test('a wrong PIN is counted, five lock the card, and another cashier still signs in', async ({ page, shop, snap }) => {
    expect(shop.url).toContain('http');
    await expect(page.getByTestId('sign-in')).toBeVisible();
    await expect(page.getByTestId('tab-sale')).toHaveCount(0);
    await snap('people-sign-in');
    const tryPin = async (pin: string) => {
      await page.getByTestId('sign-in-card').fill('1004');
      await page.getByTestId('sign-in-pin').fill(pin);
      await page.keyboard.press('Enter');
    };
    for (const left of [4, 3, 2, 1]) {
      await tryPin('0000');
      await expect(page.getByTestId('sign-in-answer')).toHaveAttribute('data-outcome', 'wrong_pin');
      await expect(page.getByTestId('sign-in-answer')).toContainText(String(left));
    }
    await snap('people-wrong-pin');
    await tryPin('0000');
    await expect(page.getByTestId('sign-in-answer')).toHaveAttribute('data-outcome', 'locked');
    await expect(page.getByTestId('sign-in-answer')).toContainText('заблоковано до');
    // The right PIN waits out the lock too.
    await tryPin('4004');
    await expect(page.getByTestId('sign-in-answer')).toHaveAttribute('data-outcome', 'locked');
    await snap('people-locked');
    await signInAs(page, DEMO_CASHIER);
    await expect(page.getByTestId('tab-sale')).toBeVisible();
  });
});

test('a sale carries the signed-in cashier into its receipt and the outbox', async ({ page, shop }) => {
  const [good] = plainGoods(shop);
  if (!good) throw new Error('the demo shop lacks goods');
  await catalogueRead(page);
  await scan(page, good.code);
  await expect(page.locator(`[data-testid="sale-line"][data-code="${good.code}"]`)).toBeVisible();
  await payExact(page);
  await closedWithReceipt(page);
  const [last] = shop.query<{ n: number }>('SELECT max(check_number) AS n FROM receipts');
  const printed = await shop.api.read('pos.receipt_print', { check_number: Number(last?.n) });
  const head = printed.result.rows.find((r) => (r as { tag?: string }).tag === 'HEAD') as { cashier?: string } | undefined;
  expect(head?.cashier).toBe(DEMO_CASHIER.name);
  const items = await shop.api.queueList({ states: ['done'] });
  const close = items.find((i) => i.method === 'pos.checkout_close_sale');
  expect(close?.cashier?.name).toBe(DEMO_CASHIER.name);
});

test('the till locks after the idle minutes set, keeps the sale, and the cashier signs back in', async ({ page, shop, snap }) => {
  const [good] = plainGoods(shop);
  if (!good) throw new Error('the demo shop lacks goods');
  // A fake clock, so a minute of idleness takes no minute of the test.
  await page.clock.install();
  await page.reload();
  await expect(page.getByTestId('session')).toContainText(DEMO_CASHIER.name);
  await page.keyboard.press('F9');
  await page.getByTestId('settings-idle-minutes').fill('1');
  await page.getByTestId('settings-idle-save').click();
  await expect(page.getByTestId('settings-idle-saved')).toBeVisible();
  await page.keyboard.press('F1');
  await catalogueRead(page);
  await scan(page, good.code);
  await expect(page.locator(`[data-testid="sale-line"][data-code="${good.code}"]`)).toBeVisible();
  await page.clock.fastForward('00:50');
  await expect(page.getByTestId('session')).toBeVisible();
  await page.clock.fastForward('00:15');
  await expect(page.getByTestId('sign-in')).toBeVisible();
  await expect(page.getByTestId('sign-in')).toContainText('Касу заблоковано');
  await snap('people-idle-locked');
  await signInAs(page, DEMO_CASHIER);
  await expect(page.locator(`[data-testid="sale-line"][data-code="${good.code}"]`)).toBeVisible();
});
