/**
 * The browser's print at its boundary, shared by the specs that print. Headless Chromium
 * 156.0.8078.108 leaves a page "being printed" after window.print(), and every later page.pdf()
 * and screenshot then fails; the stub answers as a print that completes (beforeprint,
 * afterprint), so the app's own calls are what is counted (`window.beforeprint`, and the print
 * area's data-prints).
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures.js';
import type { Shop } from './shop.js';

/** Installs the stub and loads the shop afresh (the fixture's page is there already, where a goto would only change the hash). */
export async function completingPrints(page: Page, shop: Shop): Promise<void> {
  await page.addInitScript(() => {
    (window as unknown as { beforeprint: number }).beforeprint = 0;
    window.addEventListener('beforeprint', () => {
      (window as unknown as { beforeprint: number }).beforeprint++;
    });
    window.print = () => {
      window.dispatchEvent(new Event('beforeprint'));
      window.dispatchEvent(new Event('afterprint'));
    };
  });
  await page.goto('about:blank');
  await page.goto(shop.url);
  await expect(page.getByTestId('connection')).toHaveAttribute('data-state', /online|unknown/);
}

/** How many papers the print area has printed. */
export const prints = (page: Page) => page.getByTestId('receipt-print').getAttribute('data-prints').then(Number);

/** Enter prints what the dialog shows; the print area ends with the last paper and nothing is being printed. */
export async function printShown(page: Page, count: number): Promise<void> {
  const before = await prints(page);
  await expect(page.getByTestId('receipt-print-now')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('receipt-dialog')).toHaveCount(0);
  await expect.poll(() => prints(page)).toBe(before + count);
  await expect(page.getByTestId('receipt-print')).toHaveAttribute('data-busy', 'false');
}
