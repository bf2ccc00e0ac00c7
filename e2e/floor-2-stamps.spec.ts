/**
 * Issue 9, item 2: only what looks like an excise stamp is taken for one. A product's barcode
 * scanned at the stamp dialog is the next product, a number is no stamp, typing one by hand stays
 * a deliberate act, and a duplicate names the receipt and till the duplicates report names.
 */
import { expect, test } from './fixtures.js';
import { catalogueRead, scan } from './floor-helpers.js';
import { testStamp } from './stamps.js';

test('a product barcode or a number is never taken for a stamp, and a duplicate names the receipt the report names', async ({
  page,
  shop,
  snap,
}) => {
  const [vodka] = shop.query<{ code: string }>(
    `SELECT g.code FROM goods g JOIN goods_stock s ON s.code = g.code AND s.sk = 0
     WHERE g.excise_input = 1 AND g.category = 'Горілка' AND s.quantity >= 5000 ORDER BY g.code LIMIT 1`,
  );
  const [duplicate] = shop.query<{ mark: string; check_number: number; kasm: number }>(
    'SELECT mark, check_number, kasm FROM excise_stamps WHERE duplicate = 1 AND check_number IS NOT NULL',
  );
  if (!vodka || !duplicate) throw new Error('the demo shop lacks vodka or its duplicate stamp');
  await catalogueRead(page);
  const dialog = page.getByTestId('stamp-dialog');
  const message = page.getByTestId('stamp-message');
  const stampWrites = async () =>
    (await shop.api.queueList()).filter((i) => i.method === 'pos.excise_add_mark').map((i) => i.label?.values.stamp);

  await scan(page, vodka.code);
  await expect(page.getByTestId('age-text')).toBeVisible();
  await page.keyboard.press('Enter'); // the buyer is of age
  await expect(dialog).toBeVisible();

  // A number is not a stamp: said, and nothing is sent.
  await scan(page, '12345678');
  await expect(message).toHaveAttribute('data-kind', 'notStamp');
  await expect(message).toContainText('не акцизна марка');
  expect(await stampWrites()).toEqual([]);

  // The next bottle's barcode: it is the next product (now 2 on the line), not a stamp.
  await scan(page, vodka.code);
  await expect(page.getByTestId('sale-line')).toHaveAttribute('data-quantity', '2');
  await expect(message).toHaveAttribute('data-kind', 'product');
  await snap('floor-2-stamp-dialog-product-scanned');
  expect(await stampWrites()).toEqual([]);

  // "Enter by hand" on an empty field says what to do.
  await page.getByTestId('stamp-input').fill('');
  await page.getByTestId('stamp-manual').click();
  await expect(message).toHaveAttribute('data-kind', 'typeFirst');
  await expect(page.getByTestId('stamp-input')).toBeFocused();

  // The stamp the demo shop sold twice: refused, naming receipt and till as the duplicates report does.
  await scan(page, duplicate.mark);
  await expect(message).toHaveAttribute('data-kind', 'refused');
  const reason = page.getByTestId('stamp-reason').locator('.error-text');
  await expect(reason).toContainText(`чеком № ${duplicate.check_number} (каса ${duplicate.kasm})`);
  await snap('floor-2-duplicate-named-as-the-report');

  // Two real stamps, and the sale closes.
  await scan(page, testStamp(21));
  await scan(page, testStamp(22));
  await expect(dialog).toBeHidden();
  // Only stamps were ever sent as stamps: the refused duplicate and the two real ones.
  expect((await stampWrites()).sort()).toEqual([duplicate.mark, testStamp(21), testStamp(22)].sort());

  await page.keyboard.press('F4');
  const row = page.getByTestId('excise-duplicate-row').filter({ hasText: duplicate.mark });
  await expect(row).toContainText(String(duplicate.check_number));
  // One line per stamp: the mark is not broken into a column of characters.
  const box = await row.locator('.excise-mark').boundingBox();
  const rowBox = await row.boundingBox();
  expect(box && rowBox && box.height < 2 * 24).toBe(true);
  await snap('floor-2-excise-screen');
});
