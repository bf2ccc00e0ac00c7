/**
 * Issue 20, item 8: tills run at 1024×768, 1280×1024 and 1366×768, and at 1024×768 the tabs F8–F10
 * were off the screen, product names wrapped to 3–5 lines so only four lines of a receipt showed,
 * and the hint bar covered "Скасувати чек". Each screen is visited at each size with a receipt of
 * long names; its screenshot is saved (test-results/screens/size-WxH-screen.png) and what a cashier
 * must be able to reach is checked.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { catalogueRead, scan } from './floor-helpers.js';
import { DEMO_MANAGER, switchTo } from './people.js';
import type { Shop } from './shop.js';
import { TILL_SIZES } from './till-sizes.js';

/** Every tab's screen, by its key, and the sub-screen of the keys. */
const SCREENS: readonly { id: string; key: string }[] = [
  { id: 'sale', key: 'F1' },
  { id: 'shift', key: 'Shift+F1' },
  { id: 'mixed', key: 'F2' },
  { id: 'debt', key: 'F3' },
  { id: 'excise', key: 'F4' },
  { id: 'prro', key: 'F5' },
  { id: 'journal', key: 'F6' },
  { id: 'product', key: 'F7' },
  { id: 'outbox', key: 'F8' },
  { id: 'settings', key: 'F9' },
  { id: 'keys', key: 'Alt+P' },
  { id: 'diagnostics', key: 'F10' },
];

/** Goods with the longest names the shop has, sold by the piece and in stock: the receipt a till struggles with. */
const longNamed = (shop: Shop, n: number) =>
  shop.query<{ code: string; name: string }>(
    `SELECT g.code, g.name FROM goods g JOIN goods_stock s ON s.code = g.code AND s.sk = 0
     WHERE g.excise_input = 0 AND g.weighted = 0 AND g.age_limit = 0 AND g.price > 0 AND s.quantity >= 5000
     ORDER BY length(g.name) DESC, g.code LIMIT ?`,
    n,
  );

async function box(page: Page, testId: string) {
  const b = await page.getByTestId(testId).first().boundingBox();
  if (!b) throw new Error(`${testId} is not on the screen`);
  return b;
}

for (const size of TILL_SIZES) {
  test(`every screen works at ${size.width}×${size.height}`, async ({ page, shop, snap }) => {
    await page.setViewportSize(size);
    const goods = longNamed(shop, 8);
    await catalogueRead(page);
    for (const g of goods) await scan(page, g.code);
    await expect(page.getByTestId('sale-line')).toHaveCount(goods.length);
    const tag = `size-${size.width}x${size.height}`;

    // Every tab is on the screen, F10 included, without scrolling the row.
    for (const s of SCREENS.filter((x) => x.id !== 'keys')) {
      const tab = await box(page, `tab-${s.id}`);
      expect.soft(tab.x + tab.width, `tab ${s.id}`).toBeLessThanOrEqual(size.width);
      expect.soft(tab.y + tab.height, `tab ${s.id}`).toBeLessThan(80);
    }
    // A receipt's lines: each name on at most two lines, and at least six lines in sight.
    const lines = page.getByTestId('sale-line');
    const nameLines = await page
      .locator('.line-name')
      .evaluateAll((names) =>
        names.map((n) => Math.round(n.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(n).lineHeight))),
      );
    for (const [i, n] of nameLines.entries()) expect.soft(n, `line ${i + 1}'s name in lines`).toBeLessThanOrEqual(2);
    const wrap = await box(page, 'sale-lines');
    const visible = await lines.evaluateAll(
      (rows, bottom) => rows.filter((r) => r.getBoundingClientRect().bottom <= bottom + 1).length,
      wrap.y + wrap.height,
    );
    expect.soft(visible, 'receipt lines in sight').toBeGreaterThanOrEqual(6);
    // The side's buttons all clear of the hint bar, "Скасувати чек" last of them.
    const hints = (await page.getByTestId('screen-sale').getByTestId('key-hints').boundingBox()) ?? { y: 0 };
    const cancel = await box(page, 'cancel-sale');
    expect.soft(cancel.y + cancel.height, 'Скасувати чек above the hints').toBeLessThanOrEqual(hints.y);
    expect.soft(cancel.y + cancel.height).toBeLessThanOrEqual(size.height);
    await snap(`${tag}-sale-receipt`);

    await switchTo(page, DEMO_MANAGER);
    for (const s of SCREENS) {
      if (s.id === 'keys') await page.keyboard.press('F9');
      await page.keyboard.press(s.key);
      await expect(page.getByTestId(`screen-${s.id}`)).toBeVisible();
      // Settled: what the screen reads is on it (a loading line is no screenshot).
      await expect(page.getByTestId(`screen-${s.id}`).locator('.loading')).toHaveCount(0);
      // Nothing pushes the page sideways: a cashier never scrolls a screen left and right.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect.soft(overflow, `${s.id} wider than the window`).toBeLessThanOrEqual(0);
      await snap(`${tag}-${s.id}`);
    }

    // The sign-in screen, where the day starts.
    await page.getByTestId('lock').click();
    await page.keyboard.press('F1');
    await expect(page.getByTestId('sign-in')).toBeVisible();
    await snap(`${tag}-sign-in`);
  });
}
