/**
 * Issue 20, items 6 and 7, on the real shop in Chromium at 1024×768: the Z asks what is collected
 * and what the drawer keeps, books the collection before the Z-report and shows both papers to
 * print; the next shift opens on the float kept; the X-report, a cash-in and the opening float
 * print from the shift screen (Alt+P); a debt repaid in cash prints its receipt; and the rounding
 * has one sign: the mixed payment shows it beside the sum, and the receipt prints the same.
 * Screenshots of each paper and screen at 1024×768, and of the Z's at 1280×1024 and 1366×768.
 */
import type { Page } from '@playwright/test';
import { cashDue } from './cash.js';
import { expect, test } from './fixtures.js';
import { catalogueRead, closedWithReceipt, scan } from './floor-helpers.js';
import { completingPrints, printShown, prints } from './printing.js';
import type { Shop } from './shop.js';

test.use({ viewport: { width: 1024, height: 768 } });

const KASM = 1;

test.beforeEach(({ page, shop }) => completingPrints(page, shop));

/** Prints asked of the browser since the page loaded. */

async function shiftRow(shop: Shop): Promise<Record<string, string>> {
  return (await shop.api.read('pos.shift_state', { kasm: KASM })).result.rows[0] as Record<string, string>;
}

async function openShiftScreen(page: Page): Promise<void> {
  await page.keyboard.press('Shift+F1');
  await expect(page.getByTestId('screen-shift')).toBeVisible();
}

test('the Z asks what is collected and what stays, books the collection before the Z-report, and prints both; the next shift opens on the float kept', async ({
  page,
  shop,
  snap,
}) => {
  await openShiftScreen(page);
  await expect(page.getByTestId('shift-unsent')).toHaveAttribute('data-count', '0', { timeout: 60_000 });
  const before = await shiftRow(shop);
  const drawer = before.cash_balance ?? '0.00';
  expect(Number(drawer)).toBeGreaterThan(500);

  // Alt+Z: the collection is asked at once, the whole drawer by default, nothing kept.
  await page.keyboard.press('Alt+KeyZ');
  const collect = page.getByTestId('shift-collect');
  const keep = page.getByTestId('shift-keep');
  await expect(collect).toBeFocused();
  await expect(collect).toHaveValue(drawer.replace('.', ','));
  await expect(keep).toHaveValue('0,00');
  // More than the drawer holds is said beside the field, and nothing is asked.
  await collect.fill('99999');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('shift-close')).toContainText('У касі лише');
  await expect(page.getByTestId('shift-close-confirm-text')).toHaveCount(0);
  // 500.00 stays for tomorrow; the rest is collected.
  await keep.fill('500');
  const collected = (Number(drawer) - 500).toFixed(2);
  await expect(collect).toHaveValue(collected.replace('.', ','));
  await snap('papers-z-collection-1024');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('shift-close-confirm-cash')).toContainText('У касі залишиться на наступну зміну 500,00');
  await snap('papers-z-confirm-1024');
  await page.keyboard.press('Enter');

  // Closed: the collection and the Z-report are shown to print, the collection first.
  const dialog = page.getByTestId('receipt-dialog');
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect(dialog).toHaveAttribute('data-kind', 'preview');
  await expect(dialog.locator('h2')).toHaveText(`Друкувати чек інкасації і Z-звіт зміни № ${before.shift_id}?`);
  const slip = dialog.getByTestId('receipt-paper');
  await expect(slip).toHaveAttribute('data-kind', 'withdrawal');
  await expect(slip).toContainText('Підстава: Інкасація');
  const z = dialog.getByTestId('report-paper');
  await expect(z).toHaveAttribute('data-kind', 'z');
  for (const text of ['Z-ЗВІТ', 'РЕАЛІЗАЦІЯ', 'ПОВЕРНЕННЯ', 'СЛУЖБОВА ВИДАЧА', 'у т. ч. інкасація', 'ФІСКАЛЬНИЙ ЗВІТНИЙ ЧЕК'])
    await expect(z).toContainText(text);
  await expect(z).toContainText('Залишок готівки в касі500,00');
  await snap('papers-z-preview-1024');
  for (const [w, h] of [
    [1280, 1024],
    [1366, 768],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await snap(`papers-z-preview-${w}x${h}`);
  }
  await page.setViewportSize({ width: 1024, height: 768 });
  await printShown(page, 2);
  // The print area holds the last one printed: the Z-report.
  await expect(page.getByTestId('receipt-print').getByTestId('report-paper')).toHaveAttribute('data-kind', 'z');

  // The books: a service withdrawal chained right before the Z-report, the drawer keeping 500.00.
  const [shift] = shop.query<{ collection_doc_id: number; z_doc_id: number; closing_cash: number }>(
    'SELECT collection_doc_id, z_doc_id, closing_cash FROM shifts WHERE id = ?',
    Number(before.shift_id),
  );
  const docs = shop.query<{ id: number; doc_type: string }>(
    'SELECT id, doc_type FROM prro_docs WHERE shift_id = ? ORDER BY local_num',
    Number(before.shift_id),
  );
  expect(docs.slice(-3).map((d) => [d.doc_type, d.id])).toEqual([
    ['service_withdrawal', shift?.collection_doc_id],
    ['z_report', shift?.z_doc_id],
    ['shift_close', expect.any(Number)],
  ]);
  expect((await shiftRow(shop)).cash_balance).toBe('500.00');
  await expect(page.getByTestId('shift-z-collection')).toHaveAttribute('data-collected', collected);
  await snap('papers-z-closed-1024');

  // The next shift: the drawer already holds the float kept, and a new float comes on top of it.
  await expect(page.getByTestId('shift-open-drawer')).toContainText('У касі вже 500,00');
  await page.getByTestId('shift-float').fill('100');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('shift-open-confirm-drawer')).toHaveText('Разом у касі буде 600,00 ₴.');
  await snap('papers-open-next-1024');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('shift-facts')).toHaveAttribute('data-state', 'open');
  await expect(page.getByTestId('shift-cash')).toHaveAttribute('data-amount', '600.00');

  // The X-report prints from its panel (Alt+P), shown first; so does the opening float's deposit.
  await page.keyboard.press('Alt+KeyX');
  await expect(page.getByTestId('x-report')).toBeVisible();
  await page.keyboard.press('Alt+KeyP');
  await expect(dialog.getByTestId('report-paper')).toHaveAttribute('data-kind', 'x');
  await expect(dialog.getByTestId('report-paper')).toContainText('X-ЗВІТ');
  await expect(dialog.getByTestId('report-paper')).toContainText('Готівка на початок зміни500,00');
  await expect(dialog.getByTestId('report-paper')).toContainText('НЕФІСКАЛЬНИЙ ДОКУМЕНТ');
  await snap('papers-x-preview-1024');
  await printShown(page, 1);
  await page.getByTestId('shift-papers').locator('summary').click();
  await page.getByTestId('shift-service-paper-print').first().click();
  await expect(dialog.getByTestId('receipt-paper')).toHaveAttribute('data-kind', 'deposit');
  await expect(dialog.getByTestId('receipt-paper')).toContainText('СЛУЖБОВЕ ВНЕСЕННЯ');
  await expect(dialog.getByTestId('receipt-paper')).toContainText('СУМА100,00');
  await snap('papers-deposit-preview-1024');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test('cash put in prints its service receipt from the shift screen', async ({ page, snap }) => {
  await openShiftScreen(page);
  await page.keyboard.press('Alt+KeyI');
  await page.getByTestId('shift-cash-amount').fill('200');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Розмінна монета');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('shift-cash-done')).toContainText('Внесено 200,00');
  await page.keyboard.press('Alt+KeyP');
  const paper = page.getByTestId('receipt-dialog').getByTestId('receipt-paper');
  await expect(paper).toHaveAttribute('data-kind', 'deposit');
  await expect(paper).toContainText('Підстава: Розмінна монета');
  await expect(paper).toContainText('СЛУЖБОВИЙ ЧЕК');
  await snap('papers-cash-in-preview-1024');
  await printShown(page, 1);
  await expect(page.getByTestId('receipt-print').getByTestId('receipt-paper')).toHaveAttribute('data-kind', 'deposit');
});

test('a debt repaid in cash prints its repayment receipt at once, and shows it again on Alt+P', async ({ page, shop, snap }) => {
  const [debtor] = shop.query<{ card: string }>(
    'SELECT c.card FROM discount_cards c JOIN card_debts d ON d.card = c.card WHERE d.repaid < d.amount GROUP BY c.card ORDER BY c.debt DESC LIMIT 1',
  );
  if (!debtor) throw new Error('the demo shop has no card with debt');
  const before = await prints(page);
  await page.keyboard.press('F3');
  await page.getByTestId('debt-card-input').fill(debtor.card);
  await page.getByTestId('debt-card-input').press('Enter');
  await page.getByTestId('debt-pay-amount').fill('25,50');
  await page.getByTestId('debt-pay-cash').click();
  await page.getByTestId('confirm').click();
  await expect(page.getByTestId('debt-result')).toBeVisible();
  // Printed as a sale's receipt is: at once, as the till's printer settings say.
  await expect.poll(() => prints(page), { timeout: 15_000 }).toBe(before + 1);
  const printed = page.getByTestId('receipt-print').getByTestId('receipt-paper');
  await expect(printed).toHaveAttribute('data-kind', 'repayment');
  for (const text of ['ОПЛАТА БОРГУ', 'ЧАСТКОВА ОПЛАТА', 'ФІСКАЛЬНИЙ ЧЕК']) await expect(printed).toContainText(text);
  await page.keyboard.press('Alt+KeyP');
  const dialog = page.getByTestId('receipt-dialog');
  await expect(dialog.getByTestId('receipt-paper')).toHaveAttribute('data-kind', 'repayment');
  await snap('papers-debt-preview-1024');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test('the mixed payment shows the cash rounding beside the sum, and the receipt prints it with the same sign', async ({
  page,
  shop,
  snap,
}) => {
  // A product whose price the cash rounding of today moves.
  const [good] = shop
    .query<{ code: string; price: number }>(
      `SELECT g.code, g.price FROM goods g JOIN goods_stock s ON s.code = g.code AND s.sk = 0
     WHERE g.excise_input = 0 AND g.weighted = 0 AND g.age_limit = 0 AND g.price > 0 AND s.quantity >= 5000
     ORDER BY g.code`,
    )
    .filter((g) => cashDue(g.price / 100) !== g.price / 100);
  if (!good) throw new Error('the demo shop lacks goods the cash rounding moves');
  const exact = good.price / 100;
  const due = cashDue(exact);
  const shown = (kopecks: number) => `${(kopecks / 100).toFixed(2).replace('.', ',')}`;
  const signed = (kopecks: number) => `${kopecks > 0 ? '+' : '−'}${shown(Math.abs(kopecks))}`;
  await catalogueRead(page);
  await scan(page, good.code);
  await expect(page.locator('[data-testid="sale-line"][data-price-state="confirmed"]')).toHaveCount(1);
  await page.keyboard.press('F2');
  await expect(page.getByTestId('mixed-total')).toHaveAttribute('data-total', (exact / 100).toFixed(2));
  const rounding = page.getByTestId('mixed-rounding');
  await expect(rounding).toHaveAttribute('data-rounding', ((due - exact) / 100).toFixed(2));
  await expect(rounding).toHaveAttribute('data-to-pay', (due / 100).toFixed(2));
  await expect(rounding).toContainText(signed(due - exact));
  await expect(page.getByTestId('mixed-remainder')).toHaveAttribute('data-remainder', (due / 100).toFixed(2));
  await snap('papers-mixed-rounding-1024');
  await page.getByTestId('mixed-cash').fill(shown(due));
  await page.keyboard.press('F12');
  await closedWithReceipt(page);
  await expect(page.getByTestId('receipt-print').getByTestId('receipt-paper')).toContainText(
    `ЗАОКРУГЛЕННЯ${signed(due - exact)}`,
  );
});
