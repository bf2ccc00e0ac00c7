import { expect, test } from './fixtures.js';
import { scan } from './floor-helpers.js';

test.use({ shopMode: 'remote' });

test('an offline sale: closed while the service is down, sent when it is back, the receipt exists exactly once', async ({
  page,
  shop,
  snap,
}) => {
  const [good] = shop.query<{ code: string }>(
    `SELECT g.code FROM goods g JOIN goods_stock s ON s.code = g.code AND s.sk = 0
     WHERE g.excise_input = 0 AND g.weighted = 0 AND g.price > 0 AND s.quantity >= 5000 ORDER BY g.code LIMIT 1`,
  );
  if (!good) throw new Error('the demo shop has nothing in stock');
  const scanCode = (code: string) => scan(page, code);
  const queue = page.getByTestId('queue-indicator');

  // Online: the product is looked up once, which leaves its card in the till's cache; that sale is dropped.
  await expect(page.getByTestId('connection')).toHaveAttribute('data-state', 'online', { timeout: 20_000 });
  await scanCode(good.code);
  await expect(page.locator('[data-testid="sale-line"][data-price-state="confirmed"]')).toHaveCount(1);
  await page.keyboard.press('Control+Delete');
  await page.getByTestId('confirm').click();
  await expect(page.getByTestId('sale-empty')).toBeVisible();

  // Offline: the lookup comes from the cache, the price is the till's, and the close waits in the outbox.
  await shop.stopService();
  await scanCode(good.code);
  await scanCode(good.code);
  const line = page.getByTestId('sale-line');
  await expect(line).toHaveAttribute('data-quantity', '2');
  await expect(line).toHaveAttribute('data-price-state', 'unconfirmed');
  await expect(page.getByTestId('stale')).toBeVisible();
  await expect(page.getByTestId('price-unconfirmed')).toBeVisible();
  await snap('offline-sale-lines');
  const total = (await page.getByTestId('sale-total').getAttribute('data-total')) ?? '';
  await page.keyboard.press('F12');
  await page.keyboard.press('Enter');
  const result = page.getByTestId('close-result');
  await expect(result).toHaveAttribute('data-status', 'queued');
  await expect(result).toContainText('чекає відправлення');
  await expect(page.getByTestId('connection')).toHaveAttribute('data-state', 'offline');
  // The close waits, with the price of the line the till asked for before it knew the service was gone.
  const waiting = await shop.api.queueList({ states: ['queued', 'sending'] });
  expect(waiting.filter((i) => i.method === 'pos.checkout_close_sale')).toHaveLength(1);
  expect(new Set(waiting.map((i) => i.group)).size).toBe(1);
  await expect(queue).toHaveAttribute('data-waiting', String(waiting.length));
  await snap('offline-sale-waiting');
  const ndoc = (await result.getAttribute('data-ndoc')) ?? '';

  // Back online: the outbox drains by itself and the back office has the receipt once.
  await shop.startService();
  await expect(queue).toHaveAttribute('data-waiting', '0', { timeout: 60_000 });
  await expect(queue).toHaveText('Усе збережено на сервері');
  await expect(page.getByTestId('stale')).toBeHidden();
  await snap('offline-sale-sent');
  const receipts = shop.query<{ total: number; n: number }>(
    'SELECT total, (SELECT count(*) FROM receipt_lines l WHERE l.check_number = r.check_number) AS n FROM receipts r WHERE ndoc = ?',
    ndoc,
  );
  expect(receipts).toEqual([{ total: Math.round(Number(total) * 100) * 100, n: 1 }]);
});
