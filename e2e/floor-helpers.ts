/** Small helpers of the till-floor flows: the keyboard as a scanner, and facts of the demo shop. */
import type { CDPSession, Page } from '@playwright/test';
import { expect } from './fixtures.js';
import type { Shop } from './shop.js';

/** A barcode scanner sends a key every few milliseconds of its own clock, whatever the machine's load. */
const SCANNER_GAP_S = 0.004;
const sessions = new WeakMap<Page, CDPSession>();

async function cdpOf(page: Page): Promise<CDPSession> {
  let session = sessions.get(page);
  if (!session) {
    session = await page.context().newCDPSession(page);
    sessions.set(page, session);
  }
  return session;
}

/** The US key positions a scanner presses for a character: the key's code and whether with Shift. */
const US_SHIFTED: Readonly<Record<string, string>> = { ':': 'Semicolon', '?': 'Slash', '&': 'Digit7' };
const US_PLAIN: Readonly<Record<string, string>> = { '/': 'Slash', '.': 'Period', '=': 'Equal', '-': 'Minus', ' ': 'Space' };
function usKey(ch: string): { code: string; shift: boolean } {
  if (/[a-z]/.test(ch)) return { code: `Key${ch.toUpperCase()}`, shift: false };
  if (/[A-Z]/.test(ch)) return { code: `Key${ch}`, shift: true };
  if (/[0-9]/.test(ch)) return { code: `Digit${ch}`, shift: false };
  if (US_SHIFTED[ch]) return { code: US_SHIFTED[ch], shift: true };
  if (US_PLAIN[ch]) return { code: US_PLAIN[ch], shift: false };
  // A character no US key types (a test's odd code): sent as its text alone, as before.
  return { code: '', shift: false };
}

/** Windows' virtual-key code of a position: a punctuation character's own code would name another key (46 is Delete). */
const VK_PUNCTUATION: Readonly<Record<string, number>> = { Semicolon: 186, Equal: 187, Minus: 189, Period: 190, Slash: 191 };
function virtualKeyCode(position: string, ch: string): number {
  if (/^Key[A-Z]$/.test(position)) return position.charCodeAt(3);
  if (/^Digit[0-9]$/.test(position)) return position.charCodeAt(5);
  if (position === 'Space') return 32;
  return VK_PUNCTUATION[position] ?? ch.toUpperCase().charCodeAt(0);
}

/** What Windows' Ukrainian layout types at a US key position (unshifted, and with Shift). */
const UKRAINIAN: Readonly<Record<string, readonly [string, string]>> = {
  ...Object.fromEntries(
    [...'qwertyuiopasdfghjklzxcvbnm'].map((l, i) => {
      const ua = 'йцукенгшщзфівапролдячсмить'[i] as string;
      return [`Key${l.toUpperCase()}`, [ua, ua.toUpperCase()]];
    }),
  ),
  Semicolon: ['ж', 'Ж'],
  Slash: ['.', ','],
  Period: ['ю', 'Ю'],
  Digit7: ['7', '?'],
};

/**
 * A scanner: the code in one burst, then Enter. The keys carry the scanner's own timestamps (the
 * till tells a scan from typing by their pace, event.timeStamp): Playwright's keyboard.type would
 * time them by the test's round trips, which a loaded machine stretches into a cashier's typing.
 * With `layout: 'uk'` the till's keyboard layout is Ukrainian: the scanner presses the US
 * positions of the code's characters, and the page receives what that layout types there.
 */
export async function scan(page: Page, code: string, opts: { layout?: 'us' | 'uk' } = {}): Promise<void> {
  const cdp = await cdpOf(page);
  let at = Date.now() / 1000;
  const keys: Promise<unknown>[] = [];
  const press = (key: string, text: string, keyCode: number, position: string, shift: boolean) => {
    keys.push(
      cdp.send('Input.dispatchKeyEvent', {
        type: 'keyDown',
        key,
        code: position,
        text,
        unmodifiedText: text,
        windowsVirtualKeyCode: keyCode,
        modifiers: shift ? 8 : 0,
        timestamp: at,
      }),
    );
    keys.push(
      cdp.send('Input.dispatchKeyEvent', {
        type: 'keyUp',
        key,
        code: position,
        windowsVirtualKeyCode: keyCode,
        modifiers: shift ? 8 : 0,
        timestamp: at + 0.001,
      }),
    );
    at += SCANNER_GAP_S;
  };
  for (const ch of code) {
    const { code: position, shift } = usKey(ch);
    const typed = opts.layout === 'uk' ? (UKRAINIAN[position]?.[shift ? 1 : 0] ?? ch) : ch;
    press(typed, typed, virtualKeyCode(position, ch), position, shift);
  }
  press('Enter', '\r', 13, 'Enter', false);
  await Promise.all(keys);
}

/** The till's catalogue copy is read (the status bar says how old it is). */
export async function catalogueRead(page: Page): Promise<void> {
  await expect(page.getByTestId('catalog-age')).toHaveAttribute('data-age', /^\d+$/, { timeout: 30_000 });
}

/** EAN-13 with its check digit. */
export function ean13(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

export interface Good {
  readonly code: string;
  readonly name: string;
  readonly stock: number;
  readonly price: number;
}

/** Plain goods by the piece with at least `min` units on hand (stock ×10^3, price ×10^4 as stored). */
export const plainGoods = (shop: Shop, min = 5, limit = 3): Good[] =>
  shop.query<Good>(
    `SELECT g.code, g.name, s.quantity AS stock, g.price FROM goods g JOIN goods_stock s ON s.code = g.code AND s.sk = 0
     WHERE g.excise_input = 0 AND g.weighted = 0 AND g.age_limit = 0 AND g.price > 0 AND s.quantity >= ? * 1000
     ORDER BY g.code LIMIT ?`,
    min,
    limit,
  );

/** Closes the sale in cash with exact money: F12, then Enter on the amount the dialog starts at. */
export async function payExact(page: Page): Promise<void> {
  await page.keyboard.press('F12');
  await expect(page.getByTestId('cash-dialog')).toBeVisible();
  await expect(page.getByTestId('cash-pay')).toBeEnabled();
  await page.keyboard.press('Enter');
}

/**
 * The sale closed and its receipt printed. The receipt waits up to 3 s for its fiscal number
 * before it prints, and a key pressed while the browser prints may be lost: the next step waits.
 */
export async function closedWithReceipt(page: Page): Promise<void> {
  const closed = page.getByTestId('close-result');
  await expect(closed).toHaveAttribute('data-status', 'done');
  const check = (await closed.getAttribute('data-check')) ?? '';
  const printArea = page.getByTestId('receipt-print');
  await expect(printArea.getByTestId('receipt-paper')).toHaveAttribute('data-check', check);
  await expect(printArea).toHaveAttribute('data-busy', 'false');
}
