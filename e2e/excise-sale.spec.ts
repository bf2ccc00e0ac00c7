import { expect, test } from './fixtures.js';
import { closedWithReceipt, scan } from './floor-helpers.js';
import { testStamp as stamp } from './stamps.js';

test('an excise sale: one stamp per unit, a stamp used twice refused, no close until a valid stamp is given', async ({
  page,
  shop,
  snap,
}) => {
  const [vodka] = shop.query<{ code: string }>(
    `SELECT g.code FROM goods g JOIN goods_stock s ON s.code = g.code AND s.sk = 0
     WHERE g.excise_input = 1 AND g.category = 'Горілка' AND g.price > 0 AND s.quantity >= 5000 ORDER BY g.code LIMIT 1`,
  );
  if (!vodka) throw new Error('the demo shop has no vodka in stock');
  const [first, second, third] = [stamp(1), stamp(2), stamp(3)];
  const scanCode = (code: string) => scan(page, code);
  const dialog = page.getByTestId('stamp-dialog');
  const message = page.getByTestId('stamp-message');

  // Sale 1: two bottles, a stamp each; the same stamp twice on this receipt is caught by the till.
  // Vodka is for adults: the buyer's age is confirmed once for the sale (Enter on the question).
  await scanCode(vodka.code);
  await expect(page.getByTestId('age-text')).toContainText('18');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('stamp-progress')).toHaveText('Марка 1 з 1');
  await expect(page.getByTestId('stamp-input')).toBeFocused();
  await scanCode(first);
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('scan-input')).toBeFocused();

  await scanCode(vodka.code);
  await expect(page.getByTestId('stamp-progress')).toHaveText('Марка 2 з 2');
  await scanCode(first);
  await expect(message).toHaveAttribute('data-kind', 'here');
  await expect(message).toContainText('вже відскановано в цьому чеку');
  await snap('excise-duplicate-on-receipt');
  await scanCode(second);
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('line-stamps')).toHaveAttribute('data-have', '2');
  await page.keyboard.press('F12');
  await page.keyboard.press('Enter');
  const result = page.getByTestId('close-result');
  await closedWithReceipt(page);
  const firstCheck = Number(await result.getAttribute('data-check'));

  // Sale 2: the stamp sold on the first receipt is refused by the service.
  await scanCode(vodka.code);
  await expect(page.getByTestId('age-text')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await scanCode(first);
  await expect(message).toHaveAttribute('data-kind', 'refused');
  await expect(message).toContainText('дублікат');
  await expect(page.getByTestId('stamp-reason')).toContainText(first);
  // In Ukrainian, naming the receipt it was sold on; the service's English only in the details.
  await expect(page.getByTestId('stamp-reason').locator('.error-text')).toContainText(`чеком № ${firstCheck}`);
  await expect(page.getByTestId('stamp-reason').locator('.error-text')).not.toContainText('already');
  await snap('excise-duplicate-refused');

  // Without a valid stamp the sale does not close: paying reopens the stamp dialog.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.keyboard.press('F12');
  await expect(page.getByTestId('scan-message')).toContainText('бракує 1 акцизної марки');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('cash-dialog')).toBeHidden();

  // A stamp typed by hand is not taken on Enter: typing it is a separate, confirmed act.
  await page.keyboard.type(third, { delay: 120 });
  await page.keyboard.press('Enter');
  await expect(message).toHaveAttribute('data-kind', 'typed');
  await page.getByTestId('stamp-manual').click();
  await expect(page.getByRole('alertdialog')).toContainText(third);
  await snap('excise-typed-by-hand');
  await page.getByTestId('confirm').click();
  await expect(dialog).toBeHidden();

  await page.keyboard.press('F12');
  await page.keyboard.press('Enter');
  await expect(result).toHaveAttribute('data-status', 'done');
  const secondCheck = Number(await result.getAttribute('data-check'));

  const stamps = shop.query<{ mark: string; state: string; check_number: number | null }>(
    'SELECT mark, state, check_number FROM excise_stamps WHERE mark IN (?, ?, ?) ORDER BY id',
    first,
    second,
    third,
  );
  expect(stamps).toEqual([
    { mark: first, state: 'bound', check_number: firstCheck },
    { mark: second, state: 'bound', check_number: firstCheck },
    { mark: third, state: 'bound', check_number: secondCheck },
  ]);
  expect(shop.query("SELECT count(*) AS n FROM excise_stamps WHERE state = 'pending'")).toEqual([{ n: 0 }]);
});
