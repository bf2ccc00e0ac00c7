/**
 * A card sale on the bank card terminal, in Chromium, as the people at the till do it: the manager
 * sets the terminal up in Settings (F9) and tests it; the cashier rings a product up and pays it by
 * card on F2. The terminal (the emulator, over TCP on this machine) declines first: the sale stays
 * open and the terminal's words are said; then it approves: the sale closes once and the receipt
 * prints the card's details. Screenshots at the tills' three sizes.
 */
import { join } from 'node:path';
import { TcpTerminalEmulator } from '../electron/devices/terminal/testing/emulator.js';
import { expect, SCREENSHOT_DIR, test } from './fixtures.js';
import { closedWithReceipt, plainGoods, scan } from './floor-helpers.js';
import { DEMO_CASHIER, DEMO_MANAGER, switchTo } from './people.js';

const SIZES = [
  { width: 1024, height: 768 },
  { width: 1280, height: 1024 },
  { width: 1366, height: 768 },
] as const;

let emu: TcpTerminalEmulator;

test.beforeEach(async ({ page, shop }) => {
  emu = await new TcpTerminalEmulator().start();
  await page.addInitScript(() => {
    // The browser's print at its boundary (as e2e/papers.spec.ts): a print that completes.
    window.print = () => {
      window.dispatchEvent(new Event('beforeprint'));
      window.dispatchEvent(new Event('afterprint'));
    };
  });
  await page.goto('about:blank');
  await page.goto(shop.url);
  await expect(page.getByTestId('connection')).toHaveAttribute('data-state', /online|unknown/);
});
test.afterEach(async () => {
  await emu.stop();
});

test('a card sale on the terminal: declined keeps the sale open, approved closes it once with the card on the receipt', async ({
  page,
  shop,
  snap,
}) => {
  // The manager sets the terminal up and tests it.
  await switchTo(page, DEMO_MANAGER);
  await page.keyboard.press('F9');
  const section = page.getByTestId('settings-terminal');
  await section.getByTestId('settings-terminal-enabled').check();
  await section.getByTestId('settings-terminal-host').fill('127.0.0.1');
  await section.getByTestId('settings-terminal-port').fill(String(emu.port));
  await section.getByTestId('settings-terminal-test').click();
  await expect(section.getByTestId('settings-terminal-tested')).toContainText('Термінал відповів');
  await section.getByTestId('settings-terminal-save').click();
  await expect(section.getByTestId('settings-terminal-saved')).toBeVisible();
  await expect(page.getByTestId('terminal-state')).toHaveAttribute('data-state', 'ready');
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await section.scrollIntoViewIfNeeded();
    await snap(`terminal-settings-${size.width}x${size.height}`);
  }

  // The cashier sells by card.
  await switchTo(page, DEMO_CASHIER);
  await page.keyboard.press('F1');
  const [good] = plainGoods(shop, 5, 1);
  if (!good) throw new Error('the demo shop has no plain goods');
  await scan(page, good.code);
  await expect(page.locator('[data-testid="sale-line"][data-price-state="confirmed"]')).toHaveCount(1);
  const total = (await page.getByTestId('sale-total').getAttribute('data-total')) ?? '';
  await page.keyboard.press('F2');
  await expect(page.getByTestId('screen-mixed')).toBeVisible();
  await page.getByTestId('mixed-cashless').fill(total.replace('.', ','));
  await expect(page.getByTestId('mixed-pay')).toHaveAttribute('data-terminal', 'true');

  // Declined: nothing closes, the terminal's words are said.
  emu.script('Purchase', { result: 'decline', reason: 'Недостатньо коштів', delayMs: 600 });
  await page.keyboard.press('F12');
  await expect(page.getByTestId('mixed-terminal-paying')).toBeVisible();
  await expect(page.getByTestId('card-failure-text')).toHaveText(
    'Термінал відхилив оплату карткою: Недостатньо коштів. Чек не закрито: оплатіть іншою карткою або готівкою.',
  );
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await snap(`terminal-declined-${size.width}x${size.height}`);
  }
  expect(shop.query('SELECT count(*) AS n FROM card_terminal_payments')).toEqual([{ n: 0 }]);

  // Approved: the sale closes once, and the receipt carries the card's details.
  await page.keyboard.press('F12');
  await closedWithReceipt(page);
  const paper = page.getByTestId('receipt-print').getByTestId('receipt-paper');
  const card = paper.getByTestId('receipt-card-payment');
  await expect(card).toContainText('4731XXXXXXXX1234');
  await expect(card).toContainText('Код авторизації');
  const rrn = (await card.getAttribute('data-rrn')) ?? '';
  const booked = shop.query<{ rrn: string; amount: number; n: number }>(
    'SELECT rrn, amount, (SELECT count(*) FROM card_terminal_payments) AS n FROM card_terminal_payments',
  );
  expect(booked).toEqual([{ rrn, amount: Math.round(Number(total) * 10_000), n: 1 }]);
  expect(emu.count('Purchase')).toBe(2);
  // The paper as it prints (the print stylesheet in force), for a person to look at.
  await page.emulateMedia({ media: 'print' });
  await expect(paper).toBeVisible();
  await paper.screenshot({ path: join(SCREENSHOT_DIR, 'terminal-approved-receipt.png') });
  await page.emulateMedia({ media: 'screen' });
  await snap('terminal-approved-sale');
});
