/**
 * The screenshots of the cashier's and manager's guide (docs/user-guide.uk.md), taken on the real
 * desk and service with the demo shop, at 1280×1024, and what each screen must show checked as it
 * is taken. They go to test-results/user-guide/ on every run; `npm run docs:screens` writes them to
 * docs/user-guide/, where the guide links them (so a change of a screen is a change of the guide).
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { catalogueRead, closedWithReceipt, payExact, scan } from './floor-helpers.js';
import { DEMO_CASHIER, DEMO_MANAGER, signInAs, switchTo } from './people.js';
import { completingPrints } from './printing.js';
import { openQueue, rejected } from './prro.js';
import { testStamp } from './stamps.js';

test.use({ signIn: false, viewport: { width: 1280, height: 1024 } });

const OUT = join(import.meta.dirname, '..', 'test-results', 'user-guide');
const DOCS = join(import.meta.dirname, '..', 'docs', 'user-guide');

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const path = join(OUT, `${name}.png`);
  await page.screenshot({ path });
  if (process.env.USER_GUIDE_SCREENS === '1') {
    mkdirSync(DOCS, { recursive: true });
    copyFileSync(path, join(DOCS, `${name}.png`));
  }
}

const line = (page: Page, code: string) => page.locator(`[data-testid="sale-line"][data-code="${code}"]`);

test.beforeEach(({ page, shop }) => completingPrints(page, shop));

test('the guide’s screens: sign-in, a sale with a weighed and an excise good, payment, receipt, mixed payment, debts, the shift, the PRRO queue, settings', async ({
  page,
  shop,
}) => {
  // Sign-in: the card and the PIN.
  await expect(page.getByTestId('sign-in')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('sign-in-card').fill(DEMO_CASHIER.card);
  await shot(page, '01-sign-in');
  await page.getByTestId('sign-in-card').fill('');
  await signInAs(page, DEMO_CASHIER);
  await catalogueRead(page);

  // A sale: bread by the piece, cheese weighed by its scale label, cheese by its own barcode (its weight asked).
  await scan(page, '4821053000016');
  await expect(line(page, '4821053000016')).toHaveAttribute('data-quantity', '1');
  await scan(page, '2000001012505');
  await expect(line(page, '4821002000012')).toHaveAttribute('data-quantity', '1.25');
  await scan(page, '4821008000023');
  await expect(line(page, '4821008000023')).toBeVisible();
  await scan(page, '4821012000019');
  await expect(page.getByTestId('weigh-dialog')).toBeVisible();
  await page.getByTestId('quantity-input').fill('0,845');
  await shot(page, '03-weigh');
  await page.keyboard.press('Enter');
  await expect(line(page, '4821012000019')).toHaveAttribute('data-quantity', '0.845');
  await shot(page, '02-sale');

  // An excise good: the buyer's age, then its stamp.
  await scan(page, '4821005000019');
  await expect(page.getByTestId('age-text')).toContainText('18');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('stamp-dialog')).toBeVisible();
  await expect(page.getByTestId('stamp-progress')).toHaveText('Марка 1 з 1');
  await shot(page, '04-stamp');
  await scan(page, testStamp(91));
  await expect(page.getByTestId('stamp-dialog')).toBeHidden();
  await expect(page.locator('[data-testid="sale-line"][data-price-state="confirmed"]')).toHaveCount(5);

  // Cash: F12, the amount handed over, the change; the receipt with its QR code.
  await page.keyboard.press('F12');
  await expect(page.getByTestId('cash-dialog')).toBeVisible();
  await expect(page.getByTestId('cash-pay')).toBeEnabled();
  await shot(page, '05-cash');
  await page.keyboard.press('Enter');
  await closedWithReceipt(page);
  const check = (await page.getByTestId('close-result').getAttribute('data-check')) ?? '';
  await expect(page.getByTestId('receipt-print').getByTestId('receipt-paper')).toBeVisible();
  await shot(page, '06-closed');
  await page.keyboard.press('Escape');

  // Mixed payment: a discount card, then the split.
  await scan(page, '4821053000016');
  await expect(line(page, '4821053000016')).toHaveAttribute('data-price-state', 'confirmed');
  await scan(page, '2299001001491');
  await expect(page.getByTestId('sale-card')).toHaveAttribute('data-card', '2299001001491');
  await page.keyboard.press('F2');
  await expect(page.getByTestId('screen-mixed')).toBeVisible();
  await expect(page.getByTestId('mixed-card-debt')).toBeVisible();
  await shot(page, '07-mixed');
  await page.keyboard.press('Escape');
  await payExact(page);
  await closedWithReceipt(page);
  await page.keyboard.press('Escape');

  // Debts: the card's open receipts, repaid in cash or bonus.
  await page.keyboard.press('F3');
  await expect(page.getByTestId('screen-debt')).toBeVisible();
  await page.getByTestId('debt-card-input').fill('2299001001491');
  await page.getByTestId('debt-card-input').press('Enter');
  await expect(page.getByTestId('debt-row').first()).toBeVisible();
  await shot(page, '08-debt');

  // The shift: its state and the X-report.
  await page.keyboard.press('Shift+F1');
  await expect(page.getByTestId('screen-shift')).toBeVisible();
  await page.keyboard.press('Alt+KeyX');
  await expect(page.getByTestId('x-report')).toBeVisible();
  await expect(page.getByTestId('report-sales')).not.toHaveAttribute('data-count', '0');
  await shot(page, '09-shift-x');

  // The receipts journal, where a return starts.
  await page.keyboard.press('F6');
  await expect(page.getByTestId('screen-journal')).toBeVisible();
  await shot(page, '10-journal');

  // A return: Alt+R, the receipt (its number here; the customer's QR code at the till), its lines.
  await page.keyboard.press('Alt+r');
  await expect(page.getByTestId('return-find')).toBeFocused();
  await page.getByTestId('return-find').fill(check);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('return-form')).toHaveAttribute('data-check', check);
  await expect(page.getByTestId('return-line')).toHaveCount(5);
  await shot(page, '15-return');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('return-dialog')).toBeHidden();

  // The manager: the PRRO queue with the document the tax server refused, and the settings.
  await switchTo(page, DEMO_MANAGER);
  const { doc, start, end } = rejected<{ id: number; kasm: number; numprro: string }>(shop, 'id, kasm, numprro');
  await openQueue(page, { ...doc, start, end });
  await expect(page.locator(`[data-testid="prro-row"][data-id="${doc.id}"]`)).toBeVisible();
  // When the list was read, on the shop's clock (the machine's may be UTC, as here).
  const readAt = /(\d\d):(\d\d):(\d\d)/.exec((await page.getByTestId('prro-read-at').textContent()) ?? '');
  expect(readAt, 'the time the list was read').not.toBeNull();
  const kyivNow = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Kyiv',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date())
    .split(':')
    .map(Number) as [number, number];
  const minutes = (h: number, m: number) => h * 60 + m;
  const apart = Math.abs(minutes(kyivNow[0], kyivNow[1]) - minutes(Number(readAt?.[1]), Number(readAt?.[2])));
  expect(Math.min(apart, 1440 - apart), 'minutes between the shown time and Kyiv’s').toBeLessThanOrEqual(2);
  await shot(page, '11-prro-queue');
  await page.keyboard.press('F9');
  await expect(page.getByTestId('screen-settings')).toBeVisible();
  await shot(page, '12-settings');
  await page.keyboard.press('F10');
  await expect(page.getByTestId('screen-diagnostics')).toBeVisible();
  await shot(page, '13-diagnostics');
});

test.describe('offline', () => {
  test.use({ shopMode: 'remote', signIn: true });

  test('the guide’s offline screen: a sale closed while the service is down waits in the outbox', async ({ page, shop }) => {
    await expect(page.getByTestId('connection')).toHaveAttribute('data-state', 'online', { timeout: 20_000 });
    await catalogueRead(page);
    await shop.stopService();
    await scan(page, '4821053000016');
    await expect(line(page, '4821053000016')).toHaveAttribute('data-price-state', 'unconfirmed');
    await page.keyboard.press('F12');
    await page.keyboard.press('Enter');
    const result = page.getByTestId('close-result');
    await expect(result).toHaveAttribute('data-status', 'queued');
    await expect(result).toContainText('чекає відправлення');
    await expect(page.getByTestId('connection')).toHaveAttribute('data-state', 'offline');
    await expect(page.getByTestId('queue-indicator')).not.toHaveAttribute('data-waiting', '0');
    await shot(page, '14-offline');
  });
});
