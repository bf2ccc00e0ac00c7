/**
 * The scale at the till, in Chromium on the real core and service, with an emulated CAS scale
 * (continuous output) on one end of a socat pty pair and the till's real serialport code on the
 * other: a manager sets it up in F9 and tests it; a cashier rings up a weighted good, the weight
 * still moving on the pan ("Зважування…"), then settled: the stable weight fills the field, Enter
 * confirms it, and the line is sold at that weight. An overloaded scale is said, and typing stays.
 * Screenshots at the tills' three sizes.
 */
import { ScaleEmulator } from '../electron/devices/scale/testing/emulator.js';
import { hasSocat, type PtyPair, ptyPair } from '../electron/devices/testing/pty-pair.js';
import { expect, test } from './fixtures.js';
import { scan } from './floor-helpers.js';
import { DEMO_CASHIER, DEMO_MANAGER, switchTo } from './people.js';
import { snapSizes } from './till-sizes.js';

let pair: PtyPair;
let scale: ScaleEmulator;

test.skip(!hasSocat(), 'needs socat for a pair of virtual serial ports');
test.beforeEach(async ({ page, shop }) => {
  pair = await ptyPair();
  scale = await new ScaleEmulator(pair.device, 9600).start();
  await page.goto('about:blank');
  await page.goto(shop.url);
  await expect(page.getByTestId('connection')).toHaveAttribute('data-state', /online|unknown/);
});
test.afterEach(async () => {
  await scale?.stop();
  await pair?.stop();
});

test('the scale: set up by a manager, a weighted good takes its stable weight, Enter confirms', async ({ page, shop, snap }) => {
  await switchTo(page, DEMO_MANAGER);
  await page.keyboard.press('F9');
  const section = page.getByTestId('settings-scale');
  await section.getByTestId('settings-scale-enabled').check();
  await section.getByTestId('settings-scale-serial').fill(pair.till);
  await section.getByTestId('settings-scale-baud').selectOption('9600');
  await section.getByTestId('settings-scale-save').click();
  await expect(section.getByTestId('settings-scale-saved')).toBeVisible();
  scale.put('0.250');
  await section.getByTestId('settings-scale-test').click();
  await expect(section.getByTestId('settings-scale-tested')).toContainText('0,250');
  await section.scrollIntoViewIfNeeded();
  await snapSizes(page, snap, 'scale-settings');
  await page.setViewportSize({ width: 1280, height: 1024 });

  const [weighted] = shop.query<{ code: string; name: string }>(
    `SELECT g.code, g.name FROM goods g WHERE g.weighted = 1 AND g.excise_input = 0 AND g.age_limit = 0 AND g.price > 0 ORDER BY g.code LIMIT 1`,
  );
  if (!weighted) throw new Error('the demo shop has no weighted good');
  await switchTo(page, DEMO_CASHIER);
  await page.keyboard.press('F1');

  // Still moving on the pan: the dialog says it is weighing, and no weight is offered yet.
  scale.put('0.731', false);
  await scan(page, weighted.code);
  await expect(page.getByTestId('weigh-dialog')).toBeVisible();
  await expect(page.getByTestId('scale-state')).toHaveText('Зважування…');
  await expect(page.getByTestId('quantity-input')).toHaveValue('');
  // Settled: the stable weight fills the field; the cashier confirms it with Enter.
  scale.put('0.735');
  await expect(page.getByTestId('scale-state')).toHaveText('Вага з ваг. Перевірте й натисніть Enter.', { timeout: 15_000 });
  await expect(page.getByTestId('quantity-input')).toHaveValue('0,735');
  await snap('scale-weighed');
  await page.keyboard.press('Enter');
  await expect(page.locator(`[data-testid="sale-line"][data-code="${weighted.code}"]`)).toHaveAttribute('data-quantity', '0.735');
  await expect(page.getByTestId('scale-status')).toHaveAttribute('data-state', 'ready');

  // Overloaded: said in words, and the weight can still be typed.
  scale.overload();
  await scan(page, weighted.code);
  await expect(page.getByTestId('scale-state')).toContainText('Ваги перевантажені', { timeout: 15_000 });
  await page.getByTestId('quantity-input').fill('1,2');
  await page.keyboard.press('Enter');
  // The same good again adds to its line: 0.735 weighed + 1.2 typed.
  await expect(page.locator(`[data-testid="sale-line"][data-code="${weighted.code}"]`)).toHaveAttribute('data-quantity', '1.935');
});
