import { cashDue } from './cash.js';
import { expect, test } from './fixtures.js';
import { plainGoods, scan } from './floor-helpers.js';

interface Good {
  code: string;
  name: string;
  stock: number;
}

/** Stored money is ×10^4 and quantities ×10^3 in the back office's SQLite file. */
const MONEY = 10_000;
const QTY = 1_000;
const kopecks = (wire: string) => Math.round(Number(wire) * 100);

test('a cash sale: products scanned, lines edited from the keyboard, paid in cash with change, receipt and stock checked', async ({
  page,
  shop,
  snap,
}) => {
  const goods = shop.query<Good>(
    `SELECT g.code, g.name, s.quantity AS stock FROM goods g JOIN goods_stock s ON s.code = g.code AND s.sk = 0
     WHERE g.excise_input = 0 AND g.weighted = 0 AND g.price > 0 AND s.quantity >= 5 * ${QTY}
     ORDER BY g.code LIMIT 3`,
  );
  const [first, second, third] = goods;
  if (!first || !second || !third) throw new Error('the demo shop lacks goods in stock');
  await expect(page.getByTestId('scan-input')).toBeFocused();

  // A scanner: the digits in one fast burst, then Enter. A second scan of a product adds to its line.
  const scanCode = (code: string) => scan(page, code);
  await scanCode(first.code);
  await scanCode(second.code);
  await scanCode(first.code);
  await scanCode(third.code);
  const lines = page.getByTestId('sale-line');
  await expect(lines).toHaveCount(3);
  await expect(lines.first()).toHaveAttribute('data-quantity', '2');

  // An unknown code is said plainly and the sale stays as it was.
  await scanCode('4820000000000');
  await expect(page.getByTestId('scan-message')).toContainText('не знайдено');
  await expect(lines).toHaveCount(3);

  // The last line is selected: Delete asks, and Enter does what the blue button says.
  await page.keyboard.press('Delete');
  await expect(page.getByRole('alertdialog')).toContainText('Видалити рядок?');
  await expect(page.getByTestId('confirm')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(lines).toHaveCount(2);
  // Up to the first line; "3*" sets its quantity to 3.
  await page.keyboard.press('ArrowUp');
  await expect(lines.first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.type('3');
  await page.keyboard.press('*');
  await expect(lines.first()).toHaveAttribute('data-quantity', '3');
  await expect(page.locator('[data-testid="sale-line"][data-price-state="confirmed"]')).toHaveCount(2);
  const sums = await lines.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-sum') ?? ''));
  const total = (await page.getByTestId('sale-total').getAttribute('data-total')) ?? '';
  expect(kopecks(total)).toBe(sums.reduce((s, x) => s + kopecks(x), 0));
  await snap('sale-with-lines');

  // Enter on the empty code field never pays (a scanner's extra Enter closed card purchases as
  // cash, issue 20): it says how to pay, and F12 opens the cash payment.
  await expect(page.getByTestId('scan-input')).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('scan-message')).toContainText('F12 — готівкою, F2 — карткою');
  await expect(page.getByTestId('cash-dialog')).toHaveCount(0);
  await page.keyboard.press('F12');
  const given = page.getByTestId('cash-given');
  await expect(given).toBeFocused();
  await given.fill('1');
  await expect(page.getByTestId('cash-pay')).toBeDisabled();
  await expect(page.getByTestId('cash-dialog').getByRole('alert')).toContainText('Менше за суму до сплати');

  // The buyer pays the total rounded as cash is, and gets change from that.
  const due = cashDue(kopecks(total));
  await expect(page.getByTestId('cash-total')).toHaveText(/./);
  const handed = Math.floor(kopecks(total) / 100) + 100;
  const change = handed * 100 - due;
  await given.fill(String(handed));
  await expect(page.getByTestId('change')).toHaveAttribute('data-change', (change / 100).toFixed(2));
  await snap('sale-cash-dialog');
  await page.keyboard.press('Enter');

  const result = page.getByTestId('close-result');
  await expect(result).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('close-change')).toHaveAttribute('data-change', (change / 100).toFixed(2));
  await expect(page.getByTestId('sale-empty')).toBeVisible();
  await expect(page.getByTestId('scan-input')).toBeFocused();
  await snap('sale-closed');

  const check = Number(await result.getAttribute('data-check'));
  const receipt = shop.query<{ total: number; cash_received: number; change: number; lines: number }>(
    `SELECT total, cash_received, change, (SELECT count(*) FROM receipt_lines l WHERE l.check_number = r.check_number) AS lines
     FROM receipts r WHERE check_number = ?`,
    check,
  );
  expect(receipt).toEqual([{ total: kopecks(total) * 100, cash_received: handed * MONEY, change: change * 100, lines: 2 }]);
  const stockOf = (code: string) =>
    shop.query<{ stock: number }>('SELECT quantity AS stock FROM goods_stock WHERE code = ? AND sk = 0', code)[0]?.stock;
  expect(stockOf(first.code)).toBe(first.stock - 3 * QTY);
  expect(stockOf(second.code)).toBe(second.stock - QTY);
  expect(stockOf(third.code)).toBe(third.stock);
});

test('a dialog keeps Tab and Shift+Tab inside it, and gives the code field its focus back when it closes', async ({
  page,
  shop,
}) => {
  const [good] = plainGoods(shop, 1, 1);
  if (!good) throw new Error('the demo shop lacks goods in stock');
  await scan(page, good.code);
  await expect(page.getByTestId('sale-line')).toHaveCount(1);
  await page.keyboard.press('F12');
  const dialog = page.getByTestId('cash-dialog');
  await expect(page.getByTestId('cash-given')).toBeFocused();
  // More presses than the dialog has stops: without the trap, Tab walked on to the sale behind it.
  const stops = await dialog.evaluate(
    (d) => d.querySelectorAll('button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])').length,
  );
  const insideAfter = async (key: string) => {
    const where: boolean[] = [];
    for (let i = 0; i < stops + 3; i += 1) {
      await page.keyboard.press(key);
      where.push(await dialog.evaluate((d) => d.contains(document.activeElement)));
    }
    return where;
  };
  expect(await insideAfter('Tab')).not.toContain(false);
  expect(await insideAfter('Shift+Tab')).not.toContain(false);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('scan-input')).toBeFocused();
});
