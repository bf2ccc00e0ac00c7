/**
 * Issue 10's day at the till, end to end on the real shop, as one cashier works it: sign in →
 * close the demo's shift and open one with a float → a sale whose cash is rounded, its receipt
 * printed → a return of it from the journal by scanning the QR of its receipt, the return
 * receipt printed → cash out with a manager's PIN → X-report → drawer count → Z-report, whose
 * totals are checked against what the day did.
 */
import type { Page } from '@playwright/test';
import { cashDue } from './cash.js';
import { countExpected } from './drawer.js';
import { expect, test } from './fixtures.js';
import { catalogueRead, scan } from './floor-helpers.js';
import { DEMO_CASHIER, DEMO_MANAGER, managerConfirms, signInAs } from './people.js';
import { prints } from './printing.js';
import { closeShiftAtZ } from './shift-close.js';
import type { Shop } from './shop.js';

test.use({ signIn: false });

const money = (kopecks: number) => (kopecks / 100).toFixed(2);

async function openShiftScreen(page: Page): Promise<void> {
  await page.keyboard.press('Shift+F1');
  await expect(page.getByTestId('screen-shift')).toBeVisible();
}

/** The verification link the customer's paper receipt carries as its QR code, once the tax server numbered it. */
async function qrOf(shop: Shop, check: number): Promise<string> {
  let url = '';
  await expect
    .poll(async () => {
      const out = await shop.api.read('pos.receipt_print', { check_number: check });
      const head = out.result.rows.find((r) => (r as { tag: string }).tag === 'HEAD') as { mode: string; qr_url: string };
      url = head.mode === 'online' ? head.qr_url : '';
      return url;
    })
    .toMatch(/^https:\/\/cabinet\.tax\.gov\.ua\/cashregs\/check\?id=/);
  return url;
}

test('sign in, open a shift with a float, a rounded sale, its return by QR, cash out with a manager, X, drawer count, Z', async ({
  page,
  shop,
  snap,
}) => {
  // Goods whose price is not a multiple of the cash step, so the cash really is rounded.
  const [good] = shop.query<{ code: string; price: number }>(
    `SELECT g.code, g.price FROM goods g JOIN goods_stock s ON s.code = g.code AND s.sk = 0
     WHERE g.excise_input = 0 AND g.weighted = 0 AND g.age_limit = 0 AND g.price > 0 AND s.quantity >= 5000
       AND (g.price / 100) % 50 NOT IN (0, 25) ORDER BY g.code LIMIT 1`,
  );
  if (!good) throw new Error('the demo shop lacks goods at an odd price');
  const priceKop = good.price / 100;
  const dueKop = cashDue(priceKop);
  expect(dueKop).not.toBe(priceKop);

  await signInAs(page, DEMO_CASHIER);
  await catalogueRead(page);

  // The demo's shift closes with its Z-report once its documents are sent; the new one opens with a float.
  await openShiftScreen(page);
  await expect(page.getByTestId('shift-unsent')).toHaveAttribute('data-count', '0', { timeout: 60_000 });
  await closeShiftAtZ(page);
  await expect(page.getByTestId('shift-z')).toBeVisible();
  await page.getByTestId('shift-float').fill('500');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('shift-open-confirm-text')).toContainText('500,00');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('shift-facts')).toHaveAttribute('data-state', 'open');
  await expect(page.getByTestId('shift-cashier-name')).toHaveText(DEMO_CASHIER.name);
  await snap('day-shift-opened');

  // The sale: the cash due is the total rounded by the NBU step; paid exactly, the receipt prints.
  await page.keyboard.press('F1');
  await scan(page, good.code);
  await expect(page.locator('[data-testid="sale-line"][data-price-state="confirmed"]')).toHaveCount(1);
  await page.keyboard.press('F12');
  await expect(page.getByTestId('cash-dialog')).toBeVisible();
  await expect(page.getByTestId('cash-given')).toHaveValue(money(dueKop).replace('.', ','));
  await snap('day-cash-rounded');
  await page.keyboard.press('Enter');
  const closed = page.getByTestId('close-result');
  await expect(closed).toHaveAttribute('data-status', 'done');
  const check = Number(await closed.getAttribute('data-check'));
  await expect.poll(() => prints(page)).toBe(1);
  await expect(page.getByTestId('receipt-print')).toContainText('ФІСКАЛЬНИЙ ЧЕК');
  const url = await qrOf(shop, check);

  // The customer brings it back with the paper receipt: its QR code is scanned in the journal's return.
  await page.keyboard.press('F6');
  await page.keyboard.press('Alt+r');
  await expect(page.getByTestId('return-find')).toBeFocused();
  await page.keyboard.type(url);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('return-form')).toHaveAttribute('data-check', String(check));
  await page.getByTestId('return-qty').first().fill('1');
  await expect(page.getByTestId('return-preview-cash')).toHaveAttribute('data-amount', money(dueKop));
  await page.getByTestId('return-qty').first().press('Enter');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('return-result')).toBeVisible();
  await expect.poll(() => prints(page)).toBe(2);
  await expect(page.getByTestId('receipt-print')).toContainText('ВИДАТКОВИЙ ЧЕК');
  await snap('day-returned');
  await page.keyboard.press('Escape');

  // Cash out: a manager confirms with a PIN, and the confirmation is recorded with what it allowed.
  await openShiftScreen(page);
  await page.keyboard.press('Alt+KeyO');
  await page.getByTestId('shift-cash-amount').fill('100');
  await page.getByTestId('shift-cash-reason').fill('Інкасація');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await managerConfirms(page, DEMO_MANAGER);
  await expect(page.getByTestId('shift-cash-done')).toContainText('Видано 100,00');

  // X-report: one sale, one return, the float in and the cash out.
  await page.keyboard.press('Alt+KeyX');
  await expect(page.getByTestId('report-sales')).toHaveAttribute('data-count', '1');
  await expect(page.getByTestId('report-returns')).toHaveAttribute('data-count', '1');
  await expect(page.getByTestId('report-service-input')).toHaveAttribute('data-amount', '500.00');
  await expect(page.getByTestId('report-service-output')).toHaveAttribute('data-amount', '100.00');
  await snap('day-x-report');

  // The drawer counted note by note comes to exactly what it should hold.
  await page.keyboard.press('Alt+KeyC');
  const { expected, counted } = await countExpected(page);
  expect(counted.toFixed(2)).toBe(expected.toFixed(2));
  await expect(page.getByTestId('drawer-difference')).toHaveAttribute('data-amount', '0.00');

  // Z-report: the day's totals, and every document of the shift names the signed-in cashier.
  await expect(page.getByTestId('shift-unsent')).toHaveAttribute('data-count', '0', { timeout: 60_000 });
  await closeShiftAtZ(page, { collect: '0' });
  await expect(page.getByTestId('shift-z-sales')).toHaveAttribute('data-count', '1');
  await expect(page.getByTestId('shift-z-sales')).toHaveAttribute('data-sum', money(dueKop));
  await expect(page.getByTestId('shift-z-returns')).toHaveAttribute('data-count', '1');
  await expect(page.getByTestId('shift-z-service')).toHaveAttribute('data-input', '500.00');
  await expect(page.getByTestId('shift-z-service')).toHaveAttribute('data-output', '100.00');
  await snap('day-z-report');
  const [shift] = shop.query<{ id: number; cashier: string }>(
    'SELECT id, cashier FROM shifts WHERE kasm = 1 ORDER BY id DESC LIMIT 1',
  );
  expect(shift?.cashier).toBe(DEMO_CASHIER.name);
  const confirmations = shop.query<{ manager_name: string; used_by: string }>(
    "SELECT manager_name, used_by FROM manager_confirmations WHERE action = 'cash_withdrawal'",
  );
  expect(confirmations).toEqual([{ manager_name: DEMO_MANAGER.name, used_by: expect.stringMatching(/^cash:withdrawal:\d+$/) }]);
});
