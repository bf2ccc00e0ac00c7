/** The close of a shift at the till as a cashier does it (Shift+F1, Alt+Z), for the specs that need one. */
import type { Page } from '@playwright/test';
import { expect } from './fixtures.js';

/**
 * Alt+Z on the shift screen, the collection answered (`collect`: what is handed over, '0' for none;
 * by default the whole drawer), the close confirmed; the Z's papers are then shown to print, and
 * left unprinted (Esc): a spec that does not stub the browser's print must not call it.
 */
export async function closeShiftAtZ(page: Page, opts: { collect?: string } = {}): Promise<void> {
  await page.keyboard.press('Alt+KeyZ');
  const collect = page.getByTestId('shift-collect');
  await expect(collect).toBeFocused();
  if (opts.collect !== undefined) await collect.fill(opts.collect);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('shift-close-confirm-text')).toBeVisible();
  await page.keyboard.press('Enter');
  const papers = page.getByTestId('receipt-dialog');
  await expect(papers).toBeVisible({ timeout: 15_000 });
  await page.keyboard.press('Escape');
  await expect(papers).toHaveCount(0);
}
