/**
 * Issue 9, item 6: the address and its key are entered together, checked before they are saved,
 * and take effect at once; each queued write goes only to the service it was made for, and a
 * switch with writes waiting asks first.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService } from '../server/service.js';
import { silentLogger } from '../shared-node/log/logger.js';
import { expect, test } from './fixtures.js';
import { DEMO_MANAGER, switchTo } from './people.js';

test.use({ shopMode: 'remote' });

test('a new address takes its own key, is checked, applies at once, and writes queued for the old service stay its own', async ({
  page,
  shop,
  snap,
}) => {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-shop-b-'));
  const other = await startService({ dbFile: join(dir, 'b.sqlite'), port: 0, demo: false, logger: silentLogger });
  const otherKey = other.keys.create('till-1-b', 'all').key;
  const old = await shop.api.settingsGet();
  try {
    await expect(page.getByTestId('connection')).toHaveAttribute('data-state', 'online', { timeout: 20_000 });
    // A write for the shop's own service that it refuses: it waits for a person, bound to that service.
    const waiting = await shop.api.write('catalog.contrag.save', { nt: '' }, { group: 'e2e-bound' });
    expect(waiting.status).toBe('refused');

    // The till's service is a manager's to change (issue 20).
    await switchTo(page, DEMO_MANAGER);
    await page.keyboard.press('F9');
    await page.getByTestId('settings-url').fill(other.url);
    await page.getByTestId('settings-service-save').click();
    await expect(page.getByText('Для нової адреси введіть її ключ')).toBeVisible();

    await page.getByTestId('settings-key').fill('rk_wrong_key_for_shop_b');
    await page.getByTestId('settings-service-save').click();
    await expect(page.getByTestId('settings-service-error')).toContainText('Сервер не прийняв ключ доступу');
    expect((await shop.api.settingsGet()).serviceUrl).toBe(old.serviceUrl);

    await page.getByTestId('settings-key').fill(otherKey);
    await page.getByTestId('settings-service-save').click();
    await expect(page.getByTestId('settings-queued-text')).toContainText(`1 запис ще чекає на ${old.serviceUrl}`);
    await snap('floor-6-settings-queued-question');
    await page.keyboard.press('Enter'); // "Switch, keeping them for the old one": the write keeps waiting for its own service
    await expect(page.getByTestId('settings-service-saved')).toBeVisible();
    await expect(page.getByTestId('settings-service-mode')).toContainText(other.url);
    await expect(page.getByTestId('settings-service-mode')).toContainText('cashdesk-backoffice');
    await expect(page.getByTestId('connection')).toHaveAttribute('data-state', 'online');
    await expect(page.getByTestId('queue-elsewhere')).toContainText('1 чекає на інший сервер');
    await snap('floor-6-settings-switched');

    // Retried now, it still waits for its own service: it is not sent to the new one.
    await page.keyboard.press('F8');
    await page.getByTestId(`outbox-retry-${waiting.id}`).click();
    const item = page.locator(`[data-testid="outbox-item"][data-id="${waiting.id}"]`);
    await expect(item).toContainText(`для ${old.serviceUrl}`);
    await expect(item).toHaveAttribute('data-state', 'queued');
    expect(other.db.prepare('SELECT count(*) FROM counterparties').pluck().get()).toBe(0);
    await snap('floor-6-outbox-bound-to-its-service');

    // A new write goes to the new service at once, no restart.
    expect((await shop.api.write('catalog.contrag.save', { nt: 'Постачальник для B' })).status).toBe('done');
    expect(other.db.prepare("SELECT count(*) FROM counterparties WHERE name = 'Постачальник для B'").pluck().get()).toBe(1);
  } finally {
    await other.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a replacement key of the same shop takes the waiting writes along when the manager says so', async ({
  page,
  shop,
  snap,
}) => {
  await expect(page.getByTestId('connection')).toHaveAttribute('data-state', 'online', { timeout: 20_000 });
  const { serviceUrl } = await shop.api.settingsGet();
  // A write that waits: behind a refused one of its group, which only a person releases.
  const refused = await shop.api.write('catalog.contrag.save', { nt: '' }, { group: 'e2e-send' });
  expect(refused.status).toBe('refused');
  const waiting = await shop.api.write('catalog.contrag.save', { nt: 'Постачальник з новим ключем' }, { group: 'e2e-send' });
  expect(waiting.status).toBe('queued');

  await switchTo(page, DEMO_MANAGER);
  await page.keyboard.press('F9');
  await page.getByTestId('settings-key').fill(shop.newKey('till-1-replacement'));
  await page.getByTestId('settings-service-save').click();
  await expect(page.getByTestId('settings-queued-text')).toContainText(`2 записи ще чекають на ${serviceUrl}`);
  await expect(page.getByTestId('settings-queued-choices')).toContainText('той самий магазин');
  await snap('floor-6-settings-queued-send');
  await page.getByTestId('settings-queued-send').click();
  await expect(page.getByTestId('settings-service-saved')).toBeVisible();
  await expect(page.getByTestId('queue-elsewhere')).toHaveCount(0);

  await shop.api.queueReconcile(refused.id, 'перевірено з постачальником');
  await expect
    .poll(() => shop.query("SELECT name FROM counterparties WHERE name = 'Постачальник з новим ключем'").length)
    .toBe(1);
});
