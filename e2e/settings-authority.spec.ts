/**
 * Issue 20, item 2: with the till locked, Settings (F9) changed the till number and the cash box and
 * saved them, keeping till 1's register. Now a locked till shows its settings read-only and offers
 * only what a locked till may do; a cashier sees the identity read-only; a manager changes it; and
 * the main process refuses the change to anyone else, whatever the page sends.
 */
import { expect, test } from './fixtures.js';
import { DEMO_CASHIER, DEMO_MANAGER, signInAs, switchTo } from './people.js';

test("only a manager changes the till's identity: locked it is read-only, and the bridge refuses it", async ({
  page,
  shop,
  snap,
}) => {
  // Locked: F9 still opens Settings, to read them and test the connection.
  await page.getByTestId('lock').click();
  await expect(page.getByTestId('sign-in')).toBeVisible();
  await page.keyboard.press('F9');
  await expect(page.getByTestId('settings-access')).toHaveAttribute('data-who', 'locked');
  await expect(page.getByTestId('settings-kasm')).toHaveJSProperty('readOnly', true);
  await expect(page.getByTestId('settings-akas')).toHaveJSProperty('readOnly', true);
  await expect(page.getByTestId('settings-url')).toHaveJSProperty('readOnly', true);
  await expect(page.getByTestId('settings-till-save')).toHaveCount(0);
  await expect(page.getByTestId('settings-service-save')).toHaveCount(0);
  await expect(page.getByTestId('settings-key')).toHaveCount(0);
  await expect(page.getByTestId('settings-printer')).toHaveCount(0);
  await expect(page.getByTestId('settings-idle-minutes')).toHaveCount(0);
  await snap('settings-locked');
  // Whatever the page sends, the main process refuses it while nobody is signed in.
  await expect(shop.api.settingsUpdate({ till: { kasm: 2, akas: 'KAS2' } })).rejects.toMatchObject({ code: 'NOT_A_MANAGER' });
  await expect(shop.api.settingsUpdate({ idleLockMinutes: 0 })).rejects.toMatchObject({ code: 'NOT_SIGNED_IN' });

  // A cashier: the identity is shown, not changed; the printer is theirs to set.
  await page.keyboard.press('F1');
  await signInAs(page, DEMO_CASHIER);
  await page.keyboard.press('F9');
  await expect(page.getByTestId('settings-access')).toHaveAttribute('data-who', 'cashier');
  await expect(page.getByTestId('settings-kasm')).toHaveJSProperty('readOnly', true);
  await expect(page.getByTestId('settings-till-readonly')).toContainText('Змінює лише менеджер');
  await expect(page.getByTestId('settings-printer')).toBeVisible();
  await snap('settings-cashier');
  await expect(shop.api.settingsUpdate({ till: { kasm: 2 } })).rejects.toMatchObject({ code: 'NOT_A_MANAGER' });
  expect((await shop.api.settingsGet()).till).toMatchObject({ kasm: 1, akas: 'KAS1' });

  // A manager changes it.
  await switchTo(page, DEMO_MANAGER);
  await page.keyboard.press('F9');
  await expect(page.getByTestId('settings-access')).toHaveAttribute('data-who', 'manager');
  await page.getByTestId('settings-akas').fill('KAS1');
  await page.getByTestId('settings-till-save').click();
  await expect(page.getByTestId('settings-till-saved')).toBeVisible();
  await snap('settings-manager');
});
