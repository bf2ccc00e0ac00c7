/** The demo shop's people (README, "The demo shop"; docs/desk.md, "Cashier sign-in") and signing in as a cashier does. */
import { expect, type Page } from '@playwright/test';

export interface Person {
  readonly card: string;
  readonly pin: string;
  readonly name: string;
}

/** Till 1's cashier. */
export const DEMO_CASHIER: Person = { card: '1003', pin: '3003', name: 'Шевчук Оксана Василівна' };
/** The shop's manager, who confirms what a cashier may not do alone. */
export const DEMO_MANAGER: Person = { card: '1002', pin: '2002', name: 'Мельник Андрій Петрович' };

export async function signInAs(page: Page, who: Person): Promise<void> {
  await expect(page.getByTestId('sign-in')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('sign-in-card').fill(who.card);
  await page.getByTestId('sign-in-pin').fill(who.pin);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('session')).toContainText(who.name);
}

/** A manager confirms the open question with card and PIN. */
export async function managerConfirms(page: Page, who: Person = DEMO_MANAGER): Promise<void> {
  await expect(page.getByTestId('manager-confirm')).toBeVisible();
  await page.getByTestId('manager-card').fill(who.card);
  await page.getByTestId('manager-pin').fill(who.pin);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('manager-confirm')).toBeHidden();
}

/** Locks the till and signs another person in, on the sign-in screen (F1: a service screen stays open while locked). */
export async function switchTo(page: Page, who: Person): Promise<void> {
  await page.getByTestId('lock').click();
  await page.keyboard.press('F1');
  await signInAs(page, who);
}
