/**
 * The fiscal day at the till (Shift+F1) on the real shop: the Z-report waits while the tax server
 * lacks documents of the shift, a sale without a shift offers to open one, cash in and out, the
 * X-report, a drawer count with a difference, the Z-report; and the offline clock of the status
 * bar, shown and warned while the simulated tax server is cut (pos.prro_fiscal_server_set).
 */
import type { Page } from '@playwright/test';
import { countExpected } from './drawer.js';
import { expect, test } from './fixtures.js';
import { catalogueRead, closedWithReceipt, payExact, plainGoods, scan } from './floor-helpers.js';
import { DEMO_CASHIER, DEMO_MANAGER, managerConfirms } from './people.js';
import { closeShiftAtZ } from './shift-close.js';
import type { Shop } from './shop.js';

const KASM = 1;

/** Cuts or restores the simulated tax server: the register then works offline, or goes online and sends. */
async function taxServer(shop: Shop, reachable: boolean): Promise<void> {
  expect((await shop.api.write('pos.prro_fiscal_server_set', { reachable })).status).toBe('done');
}

async function shiftRow(shop: Shop): Promise<Record<string, string>> {
  return (await shop.api.read('pos.shift_state', { kasm: KASM })).result.rows[0] as Record<string, string>;
}

async function openShiftScreen(page: Page): Promise<void> {
  await page.keyboard.press('Shift+F1');
  await expect(page.getByTestId('screen-shift')).toBeVisible();
  await expect(page.getByTestId('tab-shift')).toHaveAttribute('aria-current', 'page');
}

/** One product scanned and paid in cash with exact money, the receipt closed. */
async function sellOne(page: Page, code: string): Promise<void> {
  await page.keyboard.press('F1');
  await expect(page.getByTestId('screen-sale')).toBeVisible();
  await scan(page, code);
  await expect(page.locator('[data-testid="sale-line"][data-price-state="confirmed"]')).toHaveCount(1);
  await payExact(page);
}

test('the fiscal day: no Z-report while documents are unsent, then a whole shift from the float to its Z-report', async ({
  page,
  shop,
  snap,
}) => {
  const [good] = plainGoods(shop, 10, 1);
  if (!good) throw new Error('the demo shop has nothing in stock');
  await catalogueRead(page);

  // The demo's shift at till 1 is open; its last documents reach the tax server within seconds.
  await openShiftScreen(page);
  const facts = page.getByTestId('shift-facts');
  await expect(facts).toHaveAttribute('data-state', 'open');
  const demo = await shiftRow(shop);
  await expect(page.getByTestId('shift-cashier-name')).toHaveText(demo.cashier ?? '');
  await expect(page.getByTestId('shift-unsent')).toHaveAttribute('data-count', '0', { timeout: 30_000 });
  await expect(page.getByTestId('shift-mode')).toHaveAttribute('data-mode', 'online');
  await snap('shift-open');

  // The tax server is cut: a sale's receipt cannot reach it, and the Z-report has to wait for it.
  await taxServer(shop, false);
  await sellOne(page, good.code);
  await closedWithReceipt(page);
  await openShiftScreen(page);
  const unsent = page.getByTestId('shift-unsent');
  await expect(unsent).not.toHaveAttribute('data-count', '0', { timeout: 30_000 });
  await page.keyboard.press('Alt+KeyZ');
  const refused = page.getByTestId('shift-close-refused');
  await expect(refused).toBeVisible();
  // The count may grow meanwhile (the register going offline queues a document of its own): the
  // words and the count are compared as one reading.
  await expect(async () => {
    const count = (await refused.getAttribute('data-count')) ?? '';
    expect(Number(count)).toBeGreaterThan(0);
    expect(await refused.textContent()).toContain(`Зміну не можна закрити: ${count} документ`);
  }).toPass({ timeout: 10_000 });
  await expect(refused).toContainText('ще не прийняла податкова');
  await expect(page.getByTestId('confirm')).toHaveCount(0);
  // The back office agrees: it refuses the close for the same documents (that refusal is then settled).
  const direct = await shop.api.write('pos.shift_close', { kasm: KASM });
  expect(direct.status).toBe('refused');
  await shop.api.queueReconcile(direct.id, 'e2e: the back office refused, as the screen said');
  await snap('shift-close-refused');
  await page.getByTestId('shift-open-queue').click();
  await expect(page.getByTestId('screen-prro')).toBeVisible();

  // The server is back: the register sends the documents by itself, and the Z-report closes the shift.
  await taxServer(shop, true);
  await openShiftScreen(page);
  await expect(unsent).toHaveAttribute('data-count', '0', { timeout: 60_000 });
  await expect(page.getByTestId('shift-close-refused')).toHaveCount(0);
  // The close asks what is collected (the whole drawer by default) and what stays: Enter, Enter.
  await page.keyboard.press('Alt+KeyZ');
  await expect(page.getByTestId('shift-collect')).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('shift-close-confirm-text')).toContainText(demo.cashier ?? '');
  await page.keyboard.press('Enter');
  // The collection and the Z-report are shown to print; not printed here (this spec keeps the browser's print).
  await expect(page.getByTestId('receipt-dialog')).toBeVisible({ timeout: 15_000 });
  await page.keyboard.press('Escape');
  const z = page.getByTestId('shift-z');
  await expect(z).toBeVisible();
  await expect(z).toHaveAttribute('data-shift', demo.shift_id ?? '');
  await expect(page.getByTestId('z-report')).toBeVisible();
  await expect(facts).toHaveAttribute('data-state', 'closed');
  expect((await shiftRow(shop)).shift_id).toBe('');
  await snap('shift-z-report-demo');

  // A sale with no shift open: the close is refused, and the sale offers the way to open one.
  await sellOne(page, good.code);
  const offer = page.getByTestId('shift-offer');
  await expect(offer).toHaveAttribute('data-reason', 'shift.not_open');
  await snap('sale-offers-shift');
  await page.getByTestId('shift-offer-open').click();
  await expect(page.getByTestId('screen-shift')).toBeVisible();
  await expect(page.getByTestId('shift-for-sale')).toBeVisible();
  // The shift opens for whoever is signed in.
  const cashierName = DEMO_CASHIER.name;
  await expect(page.getByTestId('shift-signed-in')).toContainText(cashierName);
  await page.getByTestId('shift-float').fill('500');
  await snap('shift-closed-open-form');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('shift-open-confirm-text')).toContainText('500,00');
  await page.keyboard.press('Enter');
  // Back at the sale, which kept its line: it closes now.
  await expect(page.getByTestId('screen-sale')).toBeVisible();
  await expect(page.getByTestId('scan-message')).toContainText('Зміну відкрито');
  await expect(page.getByTestId('sale-line')).toHaveCount(1);
  await payExact(page);
  await closedWithReceipt(page);

  await openShiftScreen(page);
  await expect(facts).toHaveAttribute('data-state', 'open');
  await expect(page.getByTestId('shift-cashier-name')).toHaveText(cashierName);
  await expect(page.getByTestId('shift-receipts')).toHaveText('1');
  const opened = await shiftRow(shop);
  expect(opened.cashier).toBe(cashierName);

  // Cash in and cash out with their reasons; cash out only once a manager confirmed with a PIN.
  await page.keyboard.press('Alt+KeyI');
  await page.getByTestId('shift-cash-amount').fill('200');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Розмінна монета');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('shift-cash-confirm-text')).toContainText('Внести 200,00');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('shift-cash-done')).toContainText('Внесено 200,00');
  await page.keyboard.press('Alt+KeyO');
  await page.getByTestId('shift-cash-amount').fill('100');
  await page.getByTestId('shift-cash-reason').fill('Інкасація');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('shift-cash-confirm-text')).toContainText('Видати 100,00');
  await snap('shift-cash-out-confirm');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('manager-confirm-what')).toContainText(/100,00\s₴: Інкасація/);
  await snap('shift-cash-out-manager-pin');
  await managerConfirms(page);
  await expect(page.getByTestId('shift-cash-done')).toContainText('Видано 100,00');
  const [confirmation] = shop.query<{ manager_name: string; used_by: string }>(
    "SELECT manager_name, used_by FROM manager_confirmations WHERE action = 'cash_withdrawal' ORDER BY id DESC LIMIT 1",
  );
  expect(confirmation).toMatchObject({ manager_name: DEMO_MANAGER.name, used_by: expect.stringMatching(/^cash:withdrawal:/) });
  const withdrawals = shop.query<{ comment: string }>(
    "SELECT payment_name AS comment FROM cash_movements WHERE tdoc = 'Службова видача' ORDER BY id DESC LIMIT 1",
  );
  expect(withdrawals.map((w) => w.comment)).toEqual(['Інкасація']);

  // The X-report: one sale, the float and the cash in, the cash out.
  await page.keyboard.press('Alt+KeyX');
  const x = page.getByTestId('x-report');
  await expect(x).toHaveAttribute('data-shift', opened.shift_id ?? '');
  await expect(page.getByTestId('report-sales')).toHaveAttribute('data-count', '1');
  await expect(page.getByTestId('report-service-input')).toHaveAttribute('data-amount', '700.00');
  await expect(page.getByTestId('report-service-output')).toHaveAttribute('data-amount', '100.00');
  await snap('shift-x-report');

  // The drawer counted banknote by banknote: exact to the till's figure, then one 20 over.
  await page.keyboard.press('Alt+KeyC');
  await expect(page.getByTestId('drawer-count')).toBeVisible();
  const { expected, counted } = await countExpected(page);
  await expect(page.getByTestId('drawer-counted')).toHaveAttribute('data-amount', counted.toFixed(2));
  const n20 = page.getByTestId('drawer-pieces-n20');
  await n20.fill(String(Number((await n20.inputValue()) || '0') + 1));
  const difference = page.getByTestId('drawer-difference');
  await expect(difference).toHaveAttribute('data-amount', counted.plus(20).minus(expected).toFixed(2));
  await expect(difference).toHaveAttribute('data-balance', 'surplus');
  await snap('shift-drawer-count');
  // The count is the cashier's: it survives a look at the sale, and nothing of it was sent.
  await page.keyboard.press('F1');
  await openShiftScreen(page);
  await expect(page.getByTestId('drawer-difference')).toHaveAttribute('data-balance', 'surplus');

  // The Z-report once the tax server has every document of the shift (no collection: the drawer keeps it all).
  await expect(unsent).toHaveAttribute('data-count', '0', { timeout: 60_000 });
  await closeShiftAtZ(page, { collect: '0' });
  await expect(page.getByTestId('shift-z')).toHaveAttribute('data-shift', opened.shift_id ?? '');
  await expect(page.getByTestId('shift-z-sales')).toHaveAttribute('data-count', '1');
  await expect(page.getByTestId('shift-z-service')).toHaveAttribute('data-input', '700.00');
  await expect(page.getByTestId('shift-z-service')).toHaveAttribute('data-output', '100.00');
  await snap('shift-z-report');
  expect(shop.query('SELECT id FROM shifts WHERE id = ? AND z_doc_id IS NOT NULL', Number(opened.shift_id))).toHaveLength(1);
});

test('the offline clock: shown in the status bar while the tax server is out of reach, and warned before the limit', async ({
  page,
  shop,
  snap,
}) => {
  const [good] = plainGoods(shop, 10, 1);
  if (!good) throw new Error('the demo shop has nothing in stock');
  await catalogueRead(page);
  const clock = page.getByTestId('offline-clock');
  await expect(clock).toHaveCount(0);

  // The tax server is cut; the next receipt cannot reach it and the register goes offline by itself.
  await taxServer(shop, false);
  await sellOne(page, good.code);
  await closedWithReceipt(page);
  await expect(clock).toHaveAttribute('data-state', 'offline', { timeout: 30_000 });
  await expect(clock).toContainText("Немає зв'язку з податковою з");
  await expect(clock).toContainText('з 36');
  await snap('offline-clock');

  // Limits are the shop's configuration: a one-hour session with a one-hour warning warns at once.
  expect(
    (await shop.api.write('settings.fiscal_limits_save', { offline_session_hours: 1, offline_warn_session_hours_left: 1 }))
      .status,
  ).toBe('done');
  await expect(clock).toHaveAttribute('data-state', 'warning', { timeout: 30_000 });
  await expect(clock).toHaveAttribute('data-limit', 'session');
  await expect(clock).toContainText("Каса працює без зв'язку з податковою");
  await expect(clock).toContainText("з 1: відновіть зв'язок, інакше через");
  await expect(clock).toContainText('продаж зупиниться');
  await snap('offline-clock-warning');

  // The clock opens the shift screen, which says the same about the register.
  await clock.click();
  await expect(page.getByTestId('screen-shift')).toBeVisible();
  await expect(page.getByTestId('shift-mode')).toHaveAttribute('data-mode', 'offline');

  // The server is back: the register goes online and the clock goes away.
  await taxServer(shop, true);
  await expect(clock).toHaveCount(0, { timeout: 60_000 });
  await expect(page.getByTestId('shift-mode')).toHaveAttribute('data-mode', 'online');
});
