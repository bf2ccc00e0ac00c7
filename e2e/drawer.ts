/** Counting the drawer on the shift screen (Alt+C) as a cashier does: largest notes first, to what it should hold. */
import type { Page } from '@playwright/test';
import { Decimal } from 'decimal.js';
import { DENOMINATIONS } from '../renderer/features/shift/drawer.js';

/** Fills the count with what the screen expects, as far as notes and coins can make it; answers both sums. */
export async function countExpected(page: Page): Promise<{ expected: Decimal; counted: Decimal }> {
  const expected = new Decimal((await page.getByTestId('drawer-expected').getAttribute('data-amount')) ?? '');
  let rest = expected;
  for (const d of DENOMINATIONS) {
    const pieces = rest.dividedToIntegerBy(d.face);
    rest = rest.minus(pieces.times(d.face));
    if (pieces.gt(0)) await page.getByTestId(`drawer-pieces-${d.id}`).fill(pieces.toFixed(0));
  }
  return { expected, counted: expected.minus(rest) };
}
