import { cashDue } from './cash.js';
import { expect, test } from './fixtures.js';
import { scan } from './floor-helpers.js';

const kopecks = (wire: string) => Math.round(Number(wire) * 100);
const hryvnias = (k: number) => (k / 100).toFixed(2);

test("a mixed sale with debt, bonus and cash within the card's bounds: its debt and bonus change by exactly those amounts", async ({
  page,
  shop,
  snap,
}) => {
  // A card that may buy on credit with room left and a bonus balance (money is stored ×10^4).
  const [card] = shop.query<{ card: string; bonus: number; debt: number; debt_limit: number }>(
    `SELECT card, bonus, debt, debt_limit FROM discount_cards
     WHERE debt_allowed = 1 AND debt_limit - debt >= 1000000 AND bonus >= 100000 ORDER BY card LIMIT 1`,
  );
  const goods = shop.query<{ code: string }>(
    `SELECT g.code FROM goods g JOIN goods_stock s ON s.code = g.code AND s.sk = 0
     WHERE g.excise_input = 0 AND g.weighted = 0 AND g.no_discount = 0 AND g.price >= 400000 AND s.quantity >= 5000
     ORDER BY g.code LIMIT 2`,
  );
  if (!card || goods.length < 2) throw new Error('the demo shop lacks a credit card with bonus or goods to sell');
  // The service's own view of the card, the read the till takes the card's figures from.
  const factsOf = async () => {
    const rows = (await shop.api.read('pos.find_code', { code: card.card })).result.rows as { debt: string; bonus: string }[];
    return { debt: kopecks(rows[0]?.debt ?? ''), bonus: kopecks(rows[0]?.bonus ?? '') };
  };
  const before = await factsOf();
  const room = (card.debt_limit - card.debt) / 100; // kopecks

  const scanCode = (code: string) => scan(page, code);
  for (const g of goods) await scanCode(g.code);
  await scanCode(card.card);
  await expect(page.getByTestId('sale-card')).toHaveAttribute('data-card', card.card);
  await expect(page.locator('[data-testid="sale-line"][data-price-state="confirmed"]')).toHaveCount(2);
  const total = (await page.getByTestId('sale-total').getAttribute('data-total')) ?? '';

  await page.keyboard.press('F2');
  await expect(page.getByTestId('screen-mixed')).toBeVisible();
  await expect(page.getByTestId('mixed-total')).toHaveAttribute('data-total', total);
  await expect(page.getByTestId('mixed-bonus-balance')).toHaveAttribute('data-bonus', hryvnias(card.bonus / 100));
  await expect(page.getByTestId('mixed-card-debt')).toHaveAttribute('data-debt', hryvnias(before.debt));
  const limit = page.getByTestId('mixed-debt-limit');
  await expect(limit).toHaveAttribute('data-limit', hryvnias(card.debt_limit / 100));
  await expect(limit).toHaveAttribute('data-room', hryvnias(room));
  await expect(limit).toContainText(
    hryvnias(room)
      .replace('.', ',')
      .replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0'),
  );
  await expect(page.getByTestId('mixed-pay')).toBeDisabled();

  // Debt beyond the room the limit leaves is refused on screen: nothing is sent, nothing closes.
  const stored = () => shop.query('SELECT ndoc FROM sale_doc_payments UNION ALL SELECT check_number FROM receipts').length;
  const storedBefore = stored();
  await page.getByTestId('mixed-debt').fill(hryvnias(room + 1));
  await expect(page.getByText('Перевищує ліміт боргу картки')).toBeVisible();
  await expect(page.getByTestId('mixed-pay')).toBeDisabled();
  await page.keyboard.press('F12');
  await expect(page.getByTestId('screen-mixed')).toBeVisible();
  expect(stored()).toBe(storedBefore);

  const debt = 1000; // kopecks: 10.00 on credit
  const bonus = 550; // 5.50 from the bonus balance
  await page.getByTestId('mixed-debt').fill(hryvnias(debt));
  await page.getByTestId('mixed-bonus').fill('5,50');
  // Only the cash part is rounded (today's NBU step).
  const due = cashDue(kopecks(total) - debt - bonus);
  await expect(page.getByTestId('mixed-remainder')).toHaveAttribute('data-remainder', hryvnias(due));

  // More bonus than the card holds is refused on the spot.
  await page.getByTestId('mixed-bonus').fill(hryvnias(card.bonus / 100 + 1));
  await expect(page.getByText('Більше, ніж бонусів на картці')).toBeVisible();
  await page.getByTestId('mixed-bonus').fill('5,50');

  // "=" puts the rest into the cash field; then the buyer hands over more and gets change from cash.
  await page.getByTestId('mixed-cash').focus();
  await page.keyboard.press('=');
  await expect(page.getByTestId('mixed-cash')).toHaveValue(hryvnias(due).replace('.', ','));
  await expect(page.getByTestId('mixed-remainder')).toHaveAttribute('data-remainder', '0.00');
  const handed = Math.ceil(due / 10000) * 10000 + 5000;
  await page.getByTestId('mixed-cash').fill(String(handed / 100));
  await expect(page.getByTestId('mixed-change')).toHaveAttribute('data-change', hryvnias(handed - due));
  await expect(page.getByTestId('mixed-pay')).toBeEnabled();
  await snap('mixed-payment');
  await page.keyboard.press('F12');

  await expect(page.getByTestId('screen-sale')).toBeVisible();
  const result = page.getByTestId('close-result');
  await expect(result).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('close-change')).toHaveAttribute('data-change', hryvnias(handed - due));
  await snap('mixed-sale-closed');
  const check = Number(await result.getAttribute('data-check'));

  // The service's own view of the card: the debt grew by the debt part, the bonus moved by what was spent and accrued.
  const after = await factsOf();
  expect(after.debt).toBe(before.debt + debt);
  const [receipt] = shop.query<{ bonus_accrued: number; card: string }>(
    'SELECT bonus_accrued, card FROM receipts WHERE check_number = ?',
    check,
  );
  expect(receipt?.card).toBe(card.card);
  expect(before.bonus).toBe(card.bonus / 100);
  expect(after.bonus).toBe(card.bonus / 100 - bonus + (receipt?.bonus_accrued ?? 0) / 100);
  const payments = shop.query<{ type: string; amount: number }>(
    'SELECT type, amount FROM receipt_payments WHERE check_number = ? ORDER BY id',
    check,
  );
  expect(payments).toEqual([
    { type: 'nal', amount: due * 100 },
    { type: 'debt', amount: debt * 100 },
    { type: 'bonus', amount: bonus * 100 },
  ]);
  // The split was stored with the sale document before the close.
  const ndoc = await result.getAttribute('data-ndoc');
  expect(shop.query('SELECT cash, cashless, debt, bonus, certificate, card FROM sale_doc_payments WHERE ndoc = ?', ndoc)).toEqual(
    [{ cash: due * 100, cashless: 0, debt: debt * 100, bonus: bonus * 100, certificate: 0, card: card.card }],
  );
});
