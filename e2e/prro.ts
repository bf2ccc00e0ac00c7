/** The PRRO queue in end-to-end tests: the demo's rejected document, the simulator's first pass, F5 with a filter. */
import type { Page } from '@playwright/test';
import { expect } from './fixtures.js';
import type { Shop } from './shop.js';

/** The demo's first rejected document (the columns asked for) and the range of dates its register's documents were made on. */
export function rejected<Doc extends { numprro: string }>(shop: Shop, columns: string) {
  const [doc] = shop.query<Doc>(`SELECT ${columns} FROM prro_docs WHERE status = 3 ORDER BY id LIMIT 1`);
  if (!doc) throw new Error('the demo shop has no rejected PRRO document');
  const [range] = shop.query<{ start: string; end: string }>(
    'SELECT min(created_date) AS start, max(created_date) AS end FROM prro_docs WHERE numprro = ?',
    doc.numprro,
  );
  return { doc, start: range?.start ?? '', end: range?.end ?? '' };
}

/** Waits for the simulator's first pass: nothing of the register is left merely queued. */
export async function simulatorPassed(shop: Shop, numprro: string): Promise<void> {
  await expect
    .poll(() => shop.query('SELECT id FROM prro_docs WHERE numprro = ? AND status IN (0, 4, 7, 8)', numprro).length, {
      timeout: 20_000,
    })
    .toBe(0);
}

/** Opens F5 with a filter; an empty till or PRRO means every one. */
export async function openQueue(page: Page, f: { kasm: number | ''; numprro: string; start: string; end: string }) {
  await page.keyboard.press('F5');
  await expect(page.getByTestId('screen-prro')).toBeVisible();
  await page.getByTestId('prro-start').fill(f.start);
  await page.getByTestId('prro-end').fill(f.end);
  await page.getByTestId('prro-kasm').fill(String(f.kasm));
  await page.getByTestId('prro-numprro').fill(f.numprro);
  await page.getByTestId('prro-numprro').press('Enter');
}
