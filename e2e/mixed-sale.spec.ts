import { expect, test } from './fixtures.js';

const kopecks = (wire: string) => Math.round(Number(wire) * 100);
const hryvnias = (k: number) => (k / 100).toFixed(2);

test("a mixed sale with debt, bonus and cash: the card's debt and bonus change by exactly those amounts", async ({
  page,
  shop,
  snap,
}) => {
  // A card that may buy on credit with room left and a bonus balance (money is stored ×10^4).
  const [card] = shop.query<{ card: string; bonus: number }>(
    `SELECT card, bonus FROM discount_cards
     WHERE debt_allowed = 1 AND debt_limit - debt >= 1000000 AND bonus >= 100000 ORDER BY card LIMIT 1`,
  );
  const goods = shop.query<{ code: string }>(
    `SELECT g.code FROM goods g JOIN goods_stock s ON s.code = g.code AND s.sk = 0
     WHERE g.excise_input = 0 AND g.weighted = 0 AND g.no_discount = 0 AND g.price >= 400000 AND s.quantity >= 5000
     ORDER BY g.code LIMIT 2`,
  );
  if (!card || goods.length < 2) throw new Error('the demo shop lacks a credit card with bonus or goods to sell');
  const debtOf = async () => (await shop.api.read('checks.discount_debt', { code: card.card })).result.status.value ?? '';
  const debtBefore = await debtOf();

  const scanCode = async (code: string) => {
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
  };
  for (const g of goods) await scanCode(g.code);
  await scanCode(card.card);
  await expect(page.getByTestId('sale-card')).toHaveAttribute('data-card', card.card);
  await expect(page.locator('[data-testid="sale-line"][data-price-state="confirmed"]')).toHaveCount(2);
  const total = (await page.getByTestId('sale-total').getAttribute('data-total')) ?? '';

  await page.keyboard.press('F2');
  await expect(page.getByTestId('screen-mixed')).toBeVisible();
  await expect(page.getByTestId('mixed-total')).toHaveAttribute('data-total', total);
  await expect(page.getByTestId('mixed-bonus-balance')).toHaveAttribute('data-bonus', hryvnias(card.bonus / 100));
  await expect(page.getByTestId('mixed-card-debt')).toHaveAttribute('data-debt', debtBefore);
  await expect(page.getByTestId('mixed-pay')).toBeDisabled();

  const debt = 1000; // kopecks: 10.00 on credit
  const bonus = 550; // 5.50 from the bonus balance
  await page.getByTestId('mixed-debt').fill(hryvnias(debt));
  await page.getByTestId('mixed-bonus').fill('5,50');
  const due = kopecks(total) - debt - bonus;
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
  expect(kopecks(await debtOf())).toBe(kopecks(debtBefore) + debt);
  const [receipt] = shop.query<{ bonus_accrued: number; card: string }>(
    'SELECT bonus_accrued, card FROM receipts WHERE check_number = ?',
    check,
  );
  expect(receipt?.card).toBe(card.card);
  const delta = await shop.api.write('pos.checkout_client_bonus_delta', { card: card.card });
  if (delta.status !== 'done') throw new Error(`bonus delta not done: ${delta.status}`);
  const [balances] = delta.result.rows as { old_balance: string; new_balance: string }[];
  expect(kopecks(balances?.old_balance ?? '')).toBe(card.bonus / 100);
  expect(kopecks(balances?.new_balance ?? '')).toBe(card.bonus / 100 - bonus + (receipt?.bonus_accrued ?? 0) / 100);
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
