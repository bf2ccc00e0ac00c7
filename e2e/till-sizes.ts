/** The screens tills have (issue 20): every screen must work at each, and is photographed at each. */
import type { Page } from '@playwright/test';

export const TILL_SIZES = [
  { width: 1024, height: 768 },
  { width: 1280, height: 1024 },
  { width: 1366, height: 768 },
] as const;

/** Screenshots of the screen as it is, at the sizes tills have, named `name-WxH`. */
export async function snapSizes(page: Page, snap: (name: string) => Promise<void>, name: string): Promise<void> {
  for (const size of TILL_SIZES) {
    await page.setViewportSize(size);
    await snap(`${name}-${size.width}x${size.height}`);
  }
}
