/**
 * The ESC/POS receipt printer at the till, in browser mode on the real core, service and
 * Chromium, with an emulated network printer (a TCP listener as on port 9100) started by the test:
 * a manager sets it up in F9 and prints the test page; a cash sale's receipt comes out of the
 * printer as ESC/POS (read back: its sum, its QR code's link, the drawer's pulse, the cut); with
 * the paper out the cashier is told before the sale closes, checks again once the roll is in, or
 * closes without paper and is told the receipt did not print; the status bar says the state.
 */
import type { Page } from '@playwright/test';
import { decode, plain } from '../electron/devices/printer/testing/decode.js';
import { type RunningEmulator, startTcpPrinter } from '../electron/devices/printer/testing/emulator.js';
import { expect, test } from './fixtures.js';
import { payExact, plainGoods, scan } from './floor-helpers.js';
import { DEMO_CASHIER, DEMO_MANAGER, signInAs, switchTo } from './people.js';
import type { Shop } from './shop.js';
import { snapSizes } from './till-sizes.js';

test.use({ signIn: false });

let emulator: RunningEmulator;
test.beforeEach(async () => {
  emulator = await startTcpPrinter();
});
test.afterEach(async () => {
  await emulator.stop();
});

const TABLES = { 17: 'cp866', 46: 'windows1251', 23: 'windows1251' } as const;

/** What the printer was sent once the till's connections are closed. */
async function sent() {
  await emulator.settled();
  return decode(emulator.printer.bytes(), TABLES);
}

async function setUpPrinter(page: Page, snap: (name: string) => Promise<void>) {
  await signInAs(page, DEMO_MANAGER);
  await page.keyboard.press('F9');
  const section = page.getByTestId('settings-printer-device');
  await section.getByTestId('settings-printer-connection').selectOption('tcp');
  await section.getByTestId('settings-printer-host').fill('127.0.0.1');
  await section.getByTestId('settings-printer-port').fill(String(emulator.port));
  await section.getByTestId('settings-printer-codepage').selectOption('windows1251');
  await section.getByTestId('settings-printer-host').press('Enter');
  await expect(section.getByTestId('settings-printer-device-saved')).toBeVisible();
  await section.getByTestId('settings-printer-test').click();
  await expect(section.getByTestId('settings-printer-test-result')).toHaveText('Тестову сторінку надруковано. Принтер готовий.');
  await section.scrollIntoViewIfNeeded();
  await snapSizes(page, snap, 'escpos-settings');
  const test = await sent();
  expect(plain(test.papers[0]?.lines ?? [])).toContain('SET NOW: windows1251 (ESC t 46)');
  emulator.printer.reset();
  await switchTo(page, DEMO_CASHIER);
}

async function sellOne(page: Page, shop: Shop): Promise<void> {
  const [good] = plainGoods(shop, 5, 1);
  if (!good) throw new Error('no plain good in the demo shop');
  await expect(page.getByTestId('scan-input')).toBeFocused();
  await scan(page, good.code);
  await expect(page.locator('[data-testid="sale-line"][data-price-state="confirmed"]')).toHaveCount(1);
  await payExact(page);
}

test('a cash sale prints on the ESC/POS printer: its sum, its QR link, the drawer and the cut', async ({ page, shop, snap }) => {
  await setUpPrinter(page, snap);
  await sellOne(page, shop);
  const result = page.getByTestId('close-result');
  await expect(result).toHaveAttribute('data-status', 'done');
  const check = Number(await result.getAttribute('data-check'));
  await expect.poll(async () => (await sent()).papers.length, { timeout: 15_000 }).toBe(1);
  const out = await sent();
  const head = (await shop.api.read('pos.receipt_print', { check_number: check })).result.rows[0] as {
    qr_url: string;
    total: string;
    fiscal_number: string;
  };
  const lines = plain(out.papers[0]?.lines ?? []).join('\n');
  expect(lines).toContain(`ЧЕК ФН ${head.fiscal_number}`);
  expect(lines).toContain('ФІСКАЛЬНИЙ ЧЕК');
  expect(out.papers[0]?.qr).toEqual([head.qr_url]);
  expect(out.drawer).toBe(1);
  // No HTML print of it: the browser's print area stays empty.
  await expect(page.getByTestId('receipt-print').getByTestId('receipt-paper')).toHaveCount(0);
  await expect(page.getByTestId('printer-state')).toHaveAttribute('data-condition', 'ready');
});

test('with the paper out the cashier is told before the sale closes, checks again with a new roll, or closes without paper', async ({
  page,
  shop,
  snap,
}) => {
  await setUpPrinter(page, snap);
  emulator.printer.state.paper = 'out';
  await sellOne(page, shop);
  const gate = page.getByTestId('printer-gate');
  await expect(gate).toHaveAttribute('data-condition', 'paper_out');
  await expect(gate).toContainText('У принтері закінчився папір.');
  await snapSizes(page, snap, 'escpos-paper-out');
  // Still no paper: Enter asks again, and the sale is not closed.
  await page.keyboard.press('Enter');
  await expect(gate).toBeVisible();
  await expect(page.getByTestId('close-result')).toHaveCount(0);
  // A new roll: Enter checks again and the sale closes into a printed receipt.
  emulator.printer.state.paper = 'ok';
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('close-result')).toHaveAttribute('data-status', 'done');
  await expect.poll(async () => (await sent()).papers.length, { timeout: 15_000 }).toBe(1);
  expect((await sent()).drawer).toBe(1);

  // Out again, and the cashier closes without paper: the sale closes, the drawer opens, the paper is said not printed.
  emulator.printer.reset();
  emulator.printer.state.paper = 'out';
  await sellOne(page, shop);
  await page.getByTestId('printer-gate-without').click();
  const failure = page.getByTestId('receipt-failure');
  await expect(failure).toHaveAttribute('data-failure', 'paper_out');
  await expect(failure).toContainText('У принтері закінчився папір.');
  await snapSizes(page, snap, 'escpos-not-printed');
  const out = await sent();
  expect(out.papers.flatMap((p) => p.lines)).toEqual([]);
  expect(out.papers.map((p) => p.drawerNow)).toEqual([1]);
  await expect(page.getByTestId('printer-state')).toHaveAttribute('data-condition', 'paper_out');
});
