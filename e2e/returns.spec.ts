/**
 * A return from the receipts journal (F6), as at the counter: a cash sale, then the customer
 * brings part of it back with the paper receipt; the cashier scans its QR code (a scanner types
 * the verification link the receipt prints, here taken from pos.receipt_print as the receipt
 * shows it), picks what goes back, sees the cash rounded, confirms, and the stock and the drawer
 * are checked in the shop's SQLite. Asking for more than is returnable is refused at the till.
 */
import { cashDue } from './cash.js';
import { expect, test } from './fixtures.js';
import { closedWithReceipt, payExact, plainGoods, scan } from './floor-helpers.js';
import type { Shop } from './shop.js';

/** Stored money is ×10^4 and quantities ×10^3 in the back office's SQLite file. */
const MONEY = 10_000;
const QTY = 1_000;
const kopecks = (wire: string) => Math.round(Number(wire) * 100);
/** A wire sum as the back office stores it. */
const stored = (wire: string) => kopecks(wire) * (MONEY / 100);

interface Good {
  code: string;
  stock: number;
}

const stockOf = (shop: Shop, code: string) =>
  shop.query<{ q: number }>('SELECT quantity AS q FROM goods_stock WHERE code = ? AND sk = 0', code)[0]?.q ?? 0;
const drawer = (shop: Shop) => shop.query<{ b: number }>("SELECT balance AS b FROM cash_boxes WHERE akas = 'KAS1'")[0]?.b ?? 0;

/** The customer receipt's QR link once the tax server has given the receipt its fiscal number. */
async function qrOf(shop: Shop, check: number): Promise<string> {
  let url = '';
  await expect
    .poll(
      async () => {
        const out = await shop.api.read('pos.receipt_print', { check_number: check });
        const head = (out.result.rows ?? []).find((r) => (r as { tag: string }).tag === 'HEAD') as
          | { mode: string; qr_url: string }
          | undefined;
        url = head?.mode === 'online' ? head.qr_url : '';
        return url;
      },
      { timeout: 20_000 },
    )
    .toMatch(/^https:\/\/cabinet\.tax\.gov\.ua\/cashregs\/check\?id=\d+&fn=\d+/);
  return url;
}

test('part of a cash sale is returned from the journal by scanning the receipt’s QR code', async ({ page, shop, snap }) => {
  const [first, second] = shop.query<Good>(
    `SELECT g.code, s.quantity AS stock FROM goods g JOIN goods_stock s ON s.code = g.code AND s.sk = 0
     WHERE g.excise_input = 0 AND g.weighted = 0 AND g.age_limit = 0 AND g.price > 0 AND s.quantity >= 5 * ${QTY}
     ORDER BY g.code LIMIT 2`,
  );
  if (!first || !second) throw new Error('the demo shop lacks goods in stock');

  // The sale: two of the first product, one of the second, paid in cash.
  await expect(page.getByTestId('scan-input')).toBeFocused();
  for (const code of [first.code, first.code, second.code]) {
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
  }
  await expect(page.getByTestId('sale-line')).toHaveCount(2);
  await expect(page.locator('[data-testid="sale-line"][data-price-state="confirmed"]')).toHaveCount(2);
  const total = (await page.getByTestId('sale-total').getAttribute('data-total')) ?? '';
  await page.keyboard.press('F12');
  await page.getByTestId('cash-given').fill(String(Math.floor(kopecks(total) / 100) + 50));
  await page.keyboard.press('Enter');
  const closed = page.getByTestId('close-result');
  await closedWithReceipt(page);
  const check = Number(await closed.getAttribute('data-check'));
  const qr = await qrOf(shop, check);
  const stockBefore = stockOf(shop, first.code);
  const drawerBefore = drawer(shop);

  // F6, then Alt+R: the return opens on its receipt field.
  await page.keyboard.press('F6');
  await expect(page.getByTestId('return-open')).toBeVisible();
  await snap('returns-journal');
  await page.keyboard.press('Alt+r');
  const dialog = page.getByTestId('return-dialog');
  await expect(page.getByTestId('return-find')).toBeFocused();
  await snap('returns-find');

  // The scanner types the QR code's link and Enter.
  await page.keyboard.type(qr);
  await snap('returns-find-scanned');
  await page.keyboard.press('Enter');
  const form = page.getByTestId('return-form');
  await expect(form).toHaveAttribute('data-check', String(check));
  const line = page.locator('[data-testid="return-line"]').filter({ hasText: first.code });
  await expect(line).toHaveAttribute('data-returnable', /^2(\.0+)?$/);
  const quantity = line.getByTestId('return-qty');
  await expect(page.getByTestId('return-qty').first()).toBeFocused();
  await snap('returns-lines');

  // Three of two: refused at the till, nothing is sent.
  await quantity.fill('3');
  await expect(line.getByTestId('return-qty-problem')).toContainText('Більше, ніж можна повернути (2)');
  await quantity.press('Enter');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await snap('returns-too-much');
  expect(shop.query('SELECT id FROM returns WHERE check_number = ?', check)).toEqual([]);

  // One of the two: the preview pays it back in cash, rounded as cash is.
  await quantity.fill('1');
  const preview = page.getByTestId('return-preview-total');
  await expect(preview).toHaveAttribute('data-total', /^\d+\.\d{2}$/);
  const worth = (await preview.getAttribute('data-total')) ?? '';
  const due = (cashDue(kopecks(worth)) / 100).toFixed(2);
  await expect(page.getByTestId('return-preview-cash')).toHaveAttribute('data-amount', due);
  await snap('returns-preview');
  await quantity.press('Enter');
  await expect(page.getByRole('alertdialog')).toContainText(`№${check}`);
  await expect(page.getByTestId('confirm')).toBeFocused();
  await snap('returns-confirm');
  await page.keyboard.press('Enter');

  // The service's answer: the money by form and the return receipt's fiscal number.
  const result = page.getByTestId('return-result');
  await expect(result).toBeVisible();
  await expect(result.getByTestId('return-result-cash')).toHaveAttribute('data-amount', due);
  await expect(result.getByTestId('return-result-fiscal')).toHaveAttribute('data-mode', /online|offline/);
  await snap('returns-result');
  const returnId = Number(await result.getAttribute('data-return-id'));

  // The books: one unit back on the shelf, the rounded cash out of the drawer, the line's returned quantity.
  expect(shop.query('SELECT id, total, kasm FROM returns WHERE check_number = ?', check)).toEqual([
    { id: returnId, total: stored(worth), kasm: 1 },
  ]);
  expect(stockOf(shop, first.code)).toBe(stockBefore + QTY);
  expect(drawer(shop)).toBe(drawerBefore - stored(due));
  expect(shop.query('SELECT type, amount FROM return_payments WHERE return_id = ?', returnId)).toEqual([
    { type: 'nal', amount: stored(due) },
  ]);

  // Another return of the same receipt knows the unit already went back.
  await page.getByTestId('return-again').click();
  await page.getByTestId('return-find').fill(String(check));
  await page.keyboard.press('Enter');
  await expect(line).toHaveAttribute('data-returnable', /^1(\.0+)?$/);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test('the receipt’s QR code scanned on the sale screen, by a till on the Ukrainian layout, opens its return', async ({
  page,
  shop,
}) => {
  const [good] = plainGoods(shop, 3, 1);
  if (!good) throw new Error('the demo shop lacks goods in stock');
  await expect(page.getByTestId('scan-input')).toBeFocused();
  await scan(page, good.code);
  await expect(page.locator('[data-testid="sale-line"][data-price-state="confirmed"]')).toHaveCount(1);
  await payExact(page);
  await closedWithReceipt(page);
  const check = Number(await page.getByTestId('close-result').getAttribute('data-check'));
  const qr = await qrOf(shop, check);

  // Windows is on the Ukrainian layout: the scanner's keys arrive as Cyrillic, yet the link is read.
  await scan(page, qr, { layout: 'uk' });
  await expect(page.getByTestId('return-dialog')).toBeVisible();
  await expect(page.getByTestId('return-form')).toHaveAttribute('data-check', String(check));
  // Nothing was looked up as a product, and the sale screen is back after Escape.
  await expect(page.getByTestId('sale-line')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('return-dialog')).toHaveCount(0);
  await expect(page.getByTestId('scan-input')).toBeFocused();
});
