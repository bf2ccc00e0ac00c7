/**
 * The PRRO queue in end-to-end tests: the demo's rejected document, one refused at the desk's own
 * till, the simulator's first pass, F5 with a filter.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { decodeCp1251, encodeCp1251 } from '../shared/fiscal/cp1251.js';
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

/**
 * A copy of a till's last fiscalized receipt under a new UID, sent through the queue as an old till
 * program would (pos.prro_inline_enqueue); `isoDate` writes its date the ISO way (2026-11-27 for
 * 27112026), as the demo's till 3 did, which the tax server refuses. Answers its id, register and
 * date as written.
 */
async function enqueueCopy(shop: Shop, kasm: number, isoDate: boolean) {
  const [last] = shop.query<{ numprro: string; body: string }>(
    `SELECT numprro, xml_body_b64 AS body FROM prro_docs WHERE kasm = ? AND doc_type = 'receipt' AND status = 2
     ORDER BY local_num DESC LIMIT 1`,
    kasm,
  );
  if (!last) throw new Error(`till ${kasm} has no fiscalized receipt to copy`);
  let written = '';
  const text = decodeCp1251(Buffer.from(last.body, 'base64'))
    .replace(/<UID>[^<]*<\/UID>/, `<UID>${randomUUID().toUpperCase()}</UID>`)
    .replace(/<ORDERDATE>(\d{2})(\d{2})(\d{4})<\/ORDERDATE>/, (_whole, d: string, m: string, y: string) => {
      written = isoDate ? `${y}-${m}-${d}` : `${d}${m}${y}`;
      return `<ORDERDATE>${written}</ORDERDATE>`;
    });
  const outcome = await shop.api.write('pos.prro_inline_enqueue', {
    kasm: String(kasm),
    numprro: last.numprro,
    xml_body_b64: Buffer.from(encodeCp1251(text)).toString('base64'),
    doc_type: 'receipt',
  });
  if (outcome.status !== 'done') throw new Error(`the document was not enqueued: ${outcome.status}`);
  const id = Number((outcome.result.rows?.[0] as { id: string } | undefined)?.id);
  return { id, numprro: last.numprro, date: written };
}

const statusBecomes = (shop: Shop, id: number, status: number) =>
  expect
    .poll(() => shop.query<{ status: number }>('SELECT status FROM prro_docs WHERE id = ?', id)[0]?.status, { timeout: 20_000 })
    .toBe(status);

/** A document the tax server refused at a till (the desk runs as till 1): its date written the ISO way. */
export async function refusedAt(shop: Shop, kasm: number): Promise<{ id: number; numprro: string; isoDate: string }> {
  const { id, numprro, date } = await enqueueCopy(shop, kasm, true);
  await statusBecomes(shop, id, 3);
  return { id, numprro, isoDate: date };
}

/** A document a till's register holds back behind the one the tax server refused. */
export async function heldAt(shop: Shop, kasm: number): Promise<{ id: number }> {
  const { id } = await enqueueCopy(shop, kasm, false);
  await statusBecomes(shop, id, 6);
  return { id };
}
