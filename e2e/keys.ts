/**
 * The registers' signing keys (КЕП) in end-to-end tests: a key file issued by the demo's simulated
 * tax server's own CA (kept in the back office's file, so the service trusts what it issues), the
 * key screen (F9, Alt+P), and a register's key as the back office reads it.
 */
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { DEMO_KEY_PASSWORD } from '../server/clients/fiscal-link.js';
import { TrustStore } from '../server/dps/signing/trust.js';
import { authorityOf, type IssuedKey, type KeyRequest } from '../server/dps/simulator/http/authority.js';
import { expect } from './fixtures.js';
import type { Shop } from './shop.js';

export { DEMO_KEY_PASSWORD };

/** What the simulator's CA calls itself in the certificates it issues. */
export const SIMULATOR_CA = 'ЦСК фіскального сервера ПРРО (симулятор)';

/** The seller the demo's registers are registered to (fiscal_seller). */
export function sellerOf(shop: Shop): { tin: string; org_name: string } {
  const [seller] = shop.query<{ tin: string; org_name: string }>('SELECT tin, org_name FROM fiscal_seller');
  if (!seller) throw new Error('the demo shop has no seller');
  return seller;
}

/** The simulator's CA, opened over the back office's file while the service runs (WAL lets both write). */
function withAuthority<T>(shop: Shop, use: (a: ReturnType<typeof authorityOf>) => T): T {
  const db = new Database(shop.backofficeFile, { fileMustExist: true, timeout: 10_000 });
  try {
    return use(authorityOf(db));
  } finally {
    db.close();
  }
}

/**
 * A key container under `password` and its signing certificate, as a CA hands them to a shop,
 * issued by the simulator's CA. Few PBKDF2 rounds, so the service opens it at once (a real
 * container has 10,000).
 */
export function issueKey(shop: Shop, req: Omit<KeyRequest, 'iterations'> & { password: string }): IssuedKey {
  return withAuthority(shop, (a) => a.issueKey({ ...req, iterations: 100 }));
}

/** The CAs the simulator trusts: its own. */
export function simulatorTrust(shop: Shop): TrustStore {
  return withAuthority(shop, (a) => new TrustStore([a.ca]));
}

/** A till's register and its key as the back office reads them (pos.prro_key_state). */
export async function keyState(shop: Shop, kasm = 1): Promise<Record<string, string>> {
  const out = await shop.api.read('pos.prro_key_state', { kasm });
  const row = out.result.rows[0] as Record<string, string> | undefined;
  if (!row) throw new Error(`till ${kasm} has no register`);
  return row;
}

/** The key screen: Settings (F9), then Alt+P. */
export async function openKeyScreen(page: Page): Promise<void> {
  await page.keyboard.press('F9');
  await expect(page.getByTestId('screen-settings')).toBeVisible();
  await page.keyboard.press('Alt+KeyP');
  await expect(page.getByTestId('keys-screen')).toBeVisible();
}

/** The stored key of a register as the back office keeps it, and how many things were done with it. */
export function storedKey(shop: Shop, numprro: string) {
  const [key] = shop.query<{ owner: string; drfo: string; edrpou: string; certificate_b64: string; unattended_b64: string }>(
    'SELECT owner, drfo, edrpou, certificate_b64, unattended_b64 FROM prro_keys WHERE numprro = ?',
    numprro,
  );
  const [events] = shop.query<{ n: number }>('SELECT count(*) AS n FROM prro_key_events WHERE numprro = ?', numprro);
  return { key, events: events?.n ?? 0 };
}
