/**
 * Issue 20, item 1: after the tax server refused one document, every later receipt printed "ФН ЧЕКА
 * ЩЕ НЕ ПРИСВОЄНО" with no QR code while the status bar said "На зв'язку · Усе відправлено"; the
 * cashier learnt it at the Z. Here the seller's tax number is changed in the back office, so the
 * (simulated) tax server refuses the next receipt for real, and the sale screen and the status bar
 * say so at once, with the reason and what to do.
 */
import Database from 'better-sqlite3';
import { expect, test } from './fixtures.js';
import { catalogueRead, closedWithReceipt, payExact, plainGoods, scan } from './floor-helpers.js';
import type { Shop } from './shop.js';

/** The simulated tax server's own record of a register (it keeps it in the back office's file). */
function taxServerRegisters(shop: Shop, numprro: string, tin: string): void {
  const db = new Database(shop.backofficeFile, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('UPDATE fiscal_server_registers SET tin = ? WHERE numprro = ?').run(tin, numprro);
  } finally {
    db.close();
  }
}

test('a refused receipt stops fiscalisation, and the sale screen and the status bar say so at once', async ({
  page,
  shop,
  snap,
}) => {
  const [a, b] = plainGoods(shop, 5, 2);
  if (!a || !b) throw new Error('the demo shop lacks plain goods');
  await catalogueRead(page);
  await scan(page, a.code);
  await payExact(page);
  await closedWithReceipt(page);
  await expect(page.getByTestId('fiscal-status')).toHaveAttribute('data-state', 'sent', { timeout: 15_000 });
  await expect(page.getByTestId('receipts-wait')).toHaveCount(0);

  // The tax server has the register under another taxpayer (registered wrongly, or re-registered):
  // it refuses the register's next document, as the real one does (error 3, InvalidTin).
  const [till] = shop.query<{ numprro: string }>('SELECT numprro FROM tills WHERE kasm = 1');
  if (!till) throw new Error('the demo shop has no till 1');
  taxServerRegisters(shop, till.numprro, '87654321');

  await scan(page, b.code);
  await payExact(page);
  await closedWithReceipt(page);
  const wait = page.getByTestId('receipts-wait');
  // Within the status bar's busy poll (5 s), not at the Z.
  await expect(wait).toBeVisible({ timeout: 12_000 });
  await expect(wait).toContainText('Чеки не отримують фіскальних номерів.');
  await expect(wait).toContainText('Податкова відхилила чек');
  await expect(wait).toContainText('код 3');
  await expect(wait).toContainText('Покличте менеджера');
  await expect(wait).toContainText('F5');
  const bar = page.getByTestId('fiscal-status');
  await expect(bar).toHaveAttribute('data-state', 'refused');
  await expect(bar).toContainText('Фіскалізацію зупинено');
  await expect(page.getByTestId('queue-indicator')).not.toContainText('Усе відправлено');
  const refusedId = (await wait.getAttribute('data-doc')) ?? '';
  expect(shop.query('SELECT status FROM prro_docs WHERE id = ?', Number(refusedId))).toEqual([{ status: 3 }]);
  await snap('fiscal-refused-sale');

  // The next receipt waits behind it: the count grows, the words stay.
  await scan(page, a.code);
  await payExact(page);
  await closedWithReceipt(page);
  await expect(wait).toHaveAttribute('data-count', '2', { timeout: 20_000 });
  await bar.click();
  await expect(page.getByTestId('screen-prro')).toBeVisible();
});
