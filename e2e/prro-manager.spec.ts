/**
 * The store manager's PRRO view (F5) against the demo shop, whose third till is stuck behind a
 * receipt the tax server rejected yesterday: each document's till, register and shift; a status
 * change that would move the documents behind it, named and asked twice; the shift's documents
 * in chain order; and the audit trail of who changed the document. A chain spoiled in the file
 * (as a faulty till program could leave it) is marked in the per-shift view.
 */
import Database from 'better-sqlite3';
import { expect, test } from './fixtures.js';
import { managerConfirms } from './people.js';
import { openQueue, rejected, simulatorPassed } from './prro.js';
import type { Shop } from './shop.js';

interface Doc {
  id: number;
  kasm: number;
  numprro: string;
  local_num: number;
  shift_id: number;
}

/** A shift's documents as the back office orders its chain: by place, a withdrawn one before the one that took it. */
const shiftOrder = (shop: Shop, shift: number) =>
  shop
    .query<{ id: number }>('SELECT id FROM prro_docs WHERE shift_id = ? ORDER BY numprro, local_num, status <> 5, id', shift)
    .map((d) => String(d.id));

test('a document’s till, register and shift; a change that moves the chain behind it asked twice; the shift and the audit trail', async ({
  page,
  shop,
  snap,
}) => {
  const { doc, start, end } = rejected<Doc>(shop, 'id, kasm, numprro, local_num, shift_id');
  await simulatorPassed(shop, doc.numprro);
  const behind = shop.query<{ id: number }>(
    'SELECT id FROM prro_docs WHERE numprro = ? AND local_num > ? AND status NOT IN (2, 5, 9) ORDER BY local_num',
    doc.numprro,
    doc.local_num,
  );
  expect(behind.length).toBeGreaterThan(0);

  await openQueue(page, { ...doc, start, end });
  const row = page.locator(`[data-testid="prro-row"][data-id="${doc.id}"]`);
  await expect(row.locator('[data-col="kasm"]')).toHaveText(String(doc.kasm));
  await expect(row.locator('[data-col="numprro"]')).toHaveText(doc.numprro);
  await expect(row.locator('[data-col="shift"]')).toHaveText(String(doc.shift_id));
  await snap('prro-manager-grid');

  // The document's detail names its till and shift, and nobody has changed it yet.
  await row.click();
  await page.getByTestId('prro-grid').locator('table').press('Enter');
  const detail = page.getByTestId('prro-detail');
  await expect(detail).toHaveAttribute('data-id', String(doc.id));
  await expect(page.getByTestId('prro-detail-till')).toContainText(`каса ${doc.kasm}, ПРРО ${doc.numprro}`);
  await expect(page.getByTestId('prro-detail-shift')).toHaveAttribute('data-shift', String(doc.shift_id));
  await expect(page.getByTestId('prro-audit-none')).toBeVisible();

  // From the detail to every document of its shift, and back (Alt+Z).
  await page.getByTestId('prro-open-shift').click();
  await expect(page.getByTestId('prro-shift-docs')).toHaveAttribute('data-shift', String(doc.shift_id));
  await page.keyboard.press('Alt+z');
  await expect(detail).toHaveAttribute('data-id', String(doc.id));

  // Sent again as it is: the documents held behind it are named, and the question asked twice.
  await page.getByTestId('prro-status-select').selectOption('queued');
  await page.getByTestId('prro-set-status').click();
  const dependents = page.getByTestId('prro-dependents');
  await expect(dependents).toHaveAttribute('data-count', String(behind.length));
  await expect(dependents.getByTestId('prro-dependent').first()).toHaveAttribute('data-id', String(behind[0]?.id));
  await snap('prro-manager-dependents');
  await page.getByTestId('confirm').click();
  await expect(page.getByTestId('prro-ask-again')).toBeVisible();
  await snap('prro-manager-ask-again');
  // Not yet: nothing has changed until the second answer.
  expect(shop.query('SELECT id FROM prro_doc_audit WHERE doc_id = ?', doc.id)).toEqual([]);
  await page.getByTestId('confirm').click();
  await managerConfirms(page);
  await expect(page.getByTestId('prro-notice')).toContainText(`№${doc.local_num}`);
  expect(shop.query('SELECT action, status_before, status_after FROM prro_doc_audit WHERE doc_id = ?', doc.id)).toEqual([
    { action: 'status', status_before: 3, status_after: 0 },
  ]);

  // The per-shift view: the shifts of those days at that till, then the shift's documents in chain order.
  await page.keyboard.press('Alt+z');
  await expect(page.getByTestId('prro-shifts')).toBeVisible();
  await page.locator(`[data-testid="prro-shift"][data-shift="${doc.shift_id}"]`).click();
  const docs = page.getByTestId('prro-shift-row');
  await expect(docs).toHaveCount(shiftOrder(shop, doc.shift_id).length);
  expect(await docs.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id')))).toEqual(shiftOrder(shop, doc.shift_id));
  await expect(page.locator('[data-testid="prro-shift-row"][data-chain="break"]')).toHaveCount(0);
  await expect(page.locator('[data-testid="prro-shift-row"][data-status="blocked"]').first()).toBeVisible();
  await snap('prro-manager-shift');

  // The document's audit trail: who, what, the status before and after.
  await page.locator(`[data-testid="prro-shift-row"][data-id="${doc.id}"]`).getByTestId('prro-shift-doc').click();
  const audit = page.getByTestId('prro-shift-detail').getByTestId('prro-audit-row');
  await expect(audit).toHaveCount(1);
  await expect(audit).toHaveAttribute('data-action', 'status');
  await expect(audit.getByTestId('prro-audit-status')).toHaveText('Відхилено → У черзі');
  const [who] = shop.query<{ user: string }>('SELECT user FROM prro_doc_audit WHERE doc_id = ?', doc.id);
  await expect(audit.getByTestId('prro-audit-user')).toHaveText(who?.user ?? '?');
  await page.getByTestId('prro-shift-detail').scrollIntoViewIfNeeded();
  await snap('prro-manager-audit');
});

test('a document whose previous hash is not the chain’s is marked in its shift', async ({ page, shop, snap }) => {
  // A closed shift of the first till, fiscalized: its third document gets a spoiled previous hash.
  const [shift] = shop.query<{ shift_id: number; kasm: number; day: string }>(
    `SELECT s.id AS shift_id, s.kasm, min(d.created_date) AS day FROM shifts s JOIN prro_docs d ON d.shift_id = s.id
     WHERE s.closed_at IS NOT NULL AND s.kasm = 1 GROUP BY s.id HAVING count(*) >= 3 ORDER BY s.id DESC LIMIT 1`,
  );
  if (!shift) throw new Error('the demo shop has no closed shift with documents');
  const ids = shiftOrder(shop, shift.shift_id);
  const spoiled = ids[2] as string;
  const db = new Database(shop.backofficeFile);
  try {
    db.prepare('UPDATE prro_docs SET prev_doc_hash = ? WHERE id = ?').run('0'.repeat(64), Number(spoiled));
  } finally {
    db.close();
  }

  await page.keyboard.press('F5');
  await page.keyboard.press('Alt+z');
  await page.getByTestId('prro-shifts-start').fill(shift.day);
  await page.getByTestId('prro-shifts-end').fill(shift.day);
  await page.getByTestId('prro-shifts-kasm').fill(String(shift.kasm));
  await page.getByTestId('prro-shifts-kasm').press('Enter');
  await page.locator(`[data-testid="prro-shift"][data-shift="${shift.shift_id}"]`).click();
  await expect(page.getByTestId('prro-shift-row')).toHaveCount(ids.length);
  const broken = page.locator('[data-testid="prro-shift-row"][data-chain="break"]');
  await expect(broken).toHaveCount(1);
  await expect(broken).toHaveAttribute('data-id', spoiled);
  await expect(page.getByTestId('prro-shift-breaks')).toBeVisible();
  await broken.getByTestId('prro-shift-doc').click();
  await expect(page.getByTestId('prro-shift-detail')).toContainText('Розрив ланцюжка');
  await snap('prro-manager-shift-break');
});
