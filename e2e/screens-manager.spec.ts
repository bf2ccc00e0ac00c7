import { expect, test } from './fixtures.js';
import { testStamp } from './stamps.js';

const [first, second] = [testStamp(1), testStamp(2)];

test('the excise screen shows the duplicates report and releases the till’s pending stamps only after a confirmation', async ({
  page,
  shop,
  snap,
}) => {
  const [duplicate] = shop.query<{ mark: string }>("SELECT mark FROM excise_stamps WHERE duplicate = 1 AND state <> 'released'");
  if (!duplicate) throw new Error('the demo shop has no duplicate stamp');
  const { kasm } = (await shop.api.settingsGet()).till;
  // Two bottles scanned at this till and then not sold: their stamps stay pending.
  for (const code of [first, second]) {
    expect((await shop.api.write('pos.excise_add_mark', { code, etax: true, kasm })).status).toBe('done');
  }
  const stateOf = (mark: string) =>
    shop.query<{ state: string }>('SELECT state FROM excise_stamps WHERE mark = ?', mark)[0]?.state;

  await page.keyboard.press('F4');
  await expect(page.getByTestId('screen-excise')).toBeVisible();
  await expect(page.getByTestId('excise-duplicate-row').filter({ hasText: duplicate.mark })).toBeVisible();
  await page.getByTestId('excise-etax').check();
  await expect(page.getByTestId('excise-duplicate-row').filter({ hasText: duplicate.mark })).toBeVisible();

  // One stamp, scanned into the field: the question names it.
  await page.getByTestId('excise-clear-code').fill(first);
  await page.getByTestId('excise-clear-code').press('Enter');
  await expect(page.getByTestId('excise-confirm-text')).toContainText(first);
  await expect(page.getByTestId('excise-confirm-text')).toContainText(`каси ${kasm}`);
  await snap('excise');
  await page.getByTestId('confirm').click();
  await expect(page.getByTestId('excise-cleared')).toHaveText('Звільнено 1 марку');
  expect([stateOf(first), stateOf(second)]).toEqual(['released', 'pending']);

  // Every stamp of the till: asked first, and Escape leaves everything as it was.
  await page.getByTestId('excise-clear-all').click();
  await expect(page.getByTestId('excise-confirm-text')).toContainText(`Усі відкладені марки каси ${kasm}`);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('excise-confirm-text')).toHaveCount(0);
  expect(stateOf(second)).toBe('pending');
  await page.getByTestId('excise-clear-all').click();
  await page.getByTestId('confirm').click();
  await expect(page.getByTestId('excise-cleared')).toHaveText('Звільнено 1 марку');
  expect(stateOf(second)).toBe('released');
  expect(stateOf(duplicate.mark)).toBe('bound');
});

test('the journal lists today’s receipts, opens a receipt’s goods and shows this till’s sales in the send queue', async ({
  page,
  shop,
  snap,
}) => {
  const [product] = shop.query<{ code: string; price: number }>(
    `SELECT g.code, g.price FROM goods g JOIN goods_stock s ON s.code = g.code AND s.sk = 0
     WHERE s.quantity > 10000 AND g.excise_input = 0 AND g.price > 0 ORDER BY g.code LIMIT 1`,
  );
  if (!product) throw new Error('the demo shop has no product in stock');
  const price = (product.price / 10_000).toFixed(2);
  const { kasm } = (await shop.api.settingsGet()).till;
  const sale = await shop.api.write(
    'pos.checkout_close_sale',
    {
      kasm,
      rows: [{ code: product.code, quant: '1', price, sum: price }],
      payments: [{ type: 'nal', amount: price }],
      sum: price,
    },
    { group: 'sale-e2e-journal' },
  );
  if (sale.status !== 'done') throw new Error(`the sale was not closed: ${sale.status}`);
  const closed = sale.result.rows[0] as { check_number: string };

  await page.keyboard.press('F6');
  await expect(page.getByTestId('screen-journal')).toBeVisible();
  const today = shop.query<{ n: number }>(
    'SELECT count(*) AS n FROM receipts WHERE sale_date = (SELECT max(sale_date) FROM receipts)',
  )[0]?.n;
  expect(today).toBeGreaterThan(1);
  await expect(page.getByTestId('journal-row')).toHaveCount(Math.min(today ?? 0, 200));
  await expect(page.getByTestId('journal-outbox-row').filter({ hasText: closed.check_number })).toHaveAttribute(
    'data-state',
    'done',
  );

  const [older] = shop.query<{ check_number: number; name: string }>(
    `SELECT r.check_number, l.name FROM receipts r JOIN receipt_lines l ON l.check_number = r.check_number
     WHERE r.sale_date = (SELECT max(sale_date) FROM receipts) AND r.check_number <> ? ORDER BY r.check_number, l.line_no LIMIT 1`,
    Number(closed.check_number),
  );
  if (!older) throw new Error('the demo shop has no receipt of today with lines');
  await page.locator(`[data-testid="journal-open"][data-check="${older.check_number}"]`).click();
  await expect(page.getByTestId('journal-lines')).toContainText(String(older.check_number));
  await expect(page.getByTestId('journal-line').filter({ hasText: older.name }).first()).toBeVisible();
  await snap('journal');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('journal-lines')).toHaveCount(0);
});

test('the product card shows a product’s FIFO batches and every other part, and says so when a code is unknown', async ({
  page,
  shop,
  snap,
}) => {
  const [product] = shop.query<{ code: string; batches: number }>(
    `SELECT code, count(*) AS batches FROM stock_batches WHERE sk = 0 AND quantity <> 0
     GROUP BY code ORDER BY batches DESC, code LIMIT 1`,
  );
  if (!product) throw new Error('the demo shop has no product with batches');

  await page.keyboard.press('F7');
  await expect(page.getByTestId('screen-product')).toBeVisible();
  await page.getByTestId('product-code').fill(product.code);
  await page.getByTestId('product-code').press('Enter');
  await expect(page.getByTestId('product-shape-MAIN')).toContainText(product.code);
  await expect(page.getByTestId('product-shape-FIFO').getByTestId('product-fifo-row')).toHaveCount(product.batches);
  for (const tag of ['UKT', 'DESC', 'EXTRA_CODE', 'EXTRA_VALUE', 'SOSTAV', 'SIZE_SUMMARY']) {
    await expect(page.getByTestId(`product-shape-${tag}`)).toBeVisible();
  }
  await snap('product-card');

  await page.getByTestId('product-code').fill('0000000000000');
  await page.getByTestId('product-code').press('Enter');
  await expect(page.getByTestId('product-not-found')).toContainText('0000000000000');
  await expect(page.getByTestId('product-shape-FIFO')).toHaveCount(0);
});
