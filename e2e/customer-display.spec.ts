/**
 * The customer display at the till, in Chromium on the real core and service, with an emulated
 * pole display on one end of a socat pty pair (the till's real serialport code on the other): a
 * manager sets it up in F9 and tests it; a cashier scans two goods (the display shows each), pays
 * cash with change (it shows what is due, then what was paid and the change), and the display
 * greets the next customer again. Screenshots of the settings at the tills' three sizes.
 */

import { screenOf } from '../electron/devices/display/screen.js';
import { startSerialDisplay } from '../electron/devices/display/testing/emulator.js';
import { printable } from '../electron/devices/printer/escpos/code-page.js';
import { hasSocat, type PtyPair, ptyPair } from '../electron/devices/testing/pty-pair.js';
import type { CustomerView } from '../shared/bridge/api.js';
import { formatAmount } from '../shared/money/format.js';
import { cashDue } from './cash.js';
import { expect, test } from './fixtures.js';
import { plainGoods, scan } from './floor-helpers.js';
import { DEMO_CASHIER, DEMO_MANAGER, switchTo } from './people.js';
import { snapSizes } from './till-sizes.js';

const GREETING = 'Дякуємо, що ви з нами';

let pair: PtyPair;
let pole: Awaited<ReturnType<typeof startSerialDisplay>>;

test.skip(!hasSocat(), 'needs socat for a pair of virtual serial ports');
test.beforeEach(async ({ page, shop }) => {
  pair = await ptyPair();
  pole = await startSerialDisplay(pair.device, 9600);
  await page.goto('about:blank');
  await page.goto(shop.url);
  await expect(page.getByTestId('connection')).toHaveAttribute('data-state', /online|unknown/);
});
test.afterEach(async () => {
  await pole?.stop();
  await pair?.stop();
});

/** The two lines the customer sees, as the display's table (cp866) writes them. */
const seen = (view: CustomerView) => screenOf(view, GREETING).map((l) => printable(l, 'cp866').trim());
const shows = async (view: CustomerView) => expect.poll(() => pole.screen.text(), { timeout: 15_000 }).toEqual(seen(view));

test('the customer display: set up by a manager, it follows a cash sale with change and greets again', async ({
  page,
  shop,
  snap,
}) => {
  await switchTo(page, DEMO_MANAGER);
  await page.keyboard.press('F9');
  const section = page.getByTestId('settings-display');
  await section.getByTestId('settings-display-enabled').check();
  await section.getByTestId('settings-display-serial').fill(pair.till);
  await section.getByTestId('settings-display-baud').selectOption('9600');
  await section.getByTestId('settings-display-greeting').fill(GREETING);
  await section.getByTestId('settings-display-save').click();
  await expect(section.getByTestId('settings-display-saved')).toBeVisible();
  await shows({ kind: 'idle' });
  await section.getByTestId('settings-display-test').click();
  await expect(section.getByTestId('settings-display-tested')).toHaveAttribute('data-state', 'ready');
  await expect.poll(() => pole.screen.text()).toEqual(['Тест: cp866, 17', printable('АБВГДЕЄЖЗИЇЙ абвгдеє', 'cp866')]);
  await expect(page.getByTestId('display-state')).toHaveAttribute('data-state', 'ready');
  await section.scrollIntoViewIfNeeded();
  await snapSizes(page, snap, 'display-settings');
  await page.setViewportSize({ width: 1280, height: 1024 });

  // The cashier rings up two goods: the display shows each as it is scanned.
  await switchTo(page, DEMO_CASHIER);
  await page.keyboard.press('F1');
  const goods = plainGoods(shop, 5, 2);
  if (goods.length < 2) throw new Error('the demo shop has fewer than two plain goods');
  let kopecks = 0;
  for (const [i, good] of goods.entries()) {
    await scan(page, good.code);
    await expect(page.locator('[data-testid="sale-line"][data-price-state="confirmed"]')).toHaveCount(i + 1);
    const price = (good.price / 10_000).toFixed(2);
    kopecks += Math.round(good.price / 100);
    await shows({ kind: 'line', name: good.name, quantity: '1', price, sum: price });
  }

  // Cash with change: what is due as the cashier asks for the cash, then what was paid and the change.
  const due = cashDue(kopecks);
  await page.keyboard.press('F12');
  await expect(page.getByTestId('cash-dialog')).toBeVisible();
  await shows({ kind: 'total', total: (due / 100).toFixed(2) });
  const given = Math.ceil((due + 1) / 10_000) * 10_000;
  await page.getByTestId('cash-given').fill(String(given / 100));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('close-result')).toHaveAttribute('data-status', 'done');
  const change = ((given - due) / 100).toFixed(2);
  await shows({ kind: 'paid', paid: (given / 100).toFixed(2), change });
  expect(pole.screen.text()[1]).toContain(formatAmount(change));
  // The payment stays a while, then the display greets the next customer.
  await shows({ kind: 'idle' });
  await expect(page.getByTestId('display-state')).toHaveAttribute('data-state', 'ready');
});
