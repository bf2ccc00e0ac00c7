/**
 * Playwright fixtures: every test gets its own shop (data folder, back office, outbox) and a
 * page opened on it; `snap` saves a named screenshot of every screen as a test artifact.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect } from '@playwright/test';
import { DEMO_CASHIER, signInAs } from './people.js';
import { type Shop, startShop } from './shop.js';

export const SCREENSHOT_DIR = join(import.meta.dirname, '..', 'test-results', 'screens');

interface Fixtures {
  /** Start the shop with its service in a separate process-like life (stop/start) instead of embedded. */
  shopMode: 'embedded' | 'remote';
  /** Sign the demo cashier in before the test starts (a sign-in test turns it off). */
  signIn: boolean;
  shop: Shop;
  snap: (name: string) => Promise<void>;
}

export const test = base.extend<Fixtures>({
  shopMode: ['embedded', { option: true }],
  signIn: [true, { option: true }],
  shop: async ({ page, shopMode, signIn }, use) => {
    const shop = await startShop({ mode: shopMode });
    await page.goto(shop.url);
    await expect(page.getByTestId('connection')).toHaveAttribute('data-state', /online|unknown/);
    if (signIn) await signInAs(page, DEMO_CASHIER);
    await use(shop);
    await shop.close();
  },
  snap: async ({ page }, use, testInfo) => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await use(async (name: string) => {
      const path = join(SCREENSHOT_DIR, `${name}.png`);
      await page.screenshot({ path, fullPage: true });
      await testInfo.attach(name, { path, contentType: 'image/png' });
    });
  },
});

export { expect };
