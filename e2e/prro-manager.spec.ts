/**
 * The store manager's PRRO view (F5) against the demo shop, whose third till is stuck behind a
 * receipt the tax server rejected yesterday: each document's till, register and shift; a status
 * change that would move the documents behind it, named and asked twice; the shift's documents
 * in chain order; and the audit trail of who changed the document. A chain spoiled in the file
 * (as a faulty till program could leave it) is marked in the per-shift view. A document refused
 * at the desk's own till is corrected in the form, every step from the keyboard.
 */
import Database from 'better-sqlite3';
import { decodeCp1251 } from '../shared/fiscal/cp1251.js';
import { expect, test } from './fixtures.js';
import { managerConfirms } from './people.js';
import { heldAt, openQueue, refusedAt, rejected, simulatorPassed } from './prro.js';
import type { Shop } from './shop.js';
import { snapSizes } from './till-sizes.js';

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

test('the correction form: the field the tax server named, a date written its way on Enter, the cashier renamed; the back office checks the schema, and the chain goes on', async ({
  page,
  shop,
  snap,
}) => {
  const refused = await refusedAt(shop, 1);
  const behind = await heldAt(shop, 1);
  const [y, m, d] = refused.isoDate.split('-') as [string, string, string];
  const date = page.getByTestId('prro-fix-ORDERDATE-input');
  const detail = page.getByTestId('prro-detail');
  const hints = page.getByTestId('key-hints');

  // F5 from the sale: the refused document, its correction form open at the field the server named.
  await page.keyboard.press('F5');
  await expect(detail).toHaveAttribute('data-id', String(refused.id));
  await expect(date).toHaveValue(refused.isoDate);
  const dateSays = page.getByTestId('prro-fix-ORDERDATE-says');
  await expect(dateSays).toContainText(`податковий сервер: «${refused.isoDate}» має містити рівно 8 символів`);
  await expect(dateSays).toContainText(`Enter — записати як ${d}.${m}.${y}`);
  for (const key of ['Esc', 'Alt+V', 'Alt+E', 'Alt+X', 'Alt+R', 'Alt+S', 'Alt+Z', 'Alt+F', 'Alt+G', 'Alt+D']) {
    await expect(hints).toContainText(key);
  }
  await expect(hints).not.toContainText('Alt+W');

  // The document held behind it says what it waits for, and Alt+W goes there.
  await page.keyboard.press('ArrowDown');
  await expect(detail).toHaveAttribute('data-id', String(behind.id));
  await expect(page.getByTestId('prro-reason')).toHaveAttribute('data-kind', 'waits');
  await expect(page.getByTestId('prro-detail-error')).toHaveText(
    /^Очікує на документ №\d+ \(id \d+\), відхилений податковим сервером$/,
  );
  await expect(page.getByTestId('prro-correction')).toHaveCount(0);
  await expect(hints).toContainText('Alt+W');
  await page.keyboard.press('Alt+W');
  await expect(detail).toHaveAttribute('data-id', String(refused.id));

  // Alt+V: the keyboard on the field the server named; Enter writes the date as the tax server takes it.
  await page.keyboard.press('Alt+V');
  await expect(date).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(date).toHaveValue(`${d}.${m}.${y}`);
  await expect(page.getByTestId('prro-fix-ORDERDATE')).toHaveAttribute('data-changed', 'true');
  await expect(page.getByTestId('prro-xml')).toContainText(`<ORDERDATE>${d}${m}${y}</ORDERDATE>`);
  await expect(page.getByTestId('prro-edited')).toBeVisible();
  await snapSizes(page, snap, 'prro-correction');
  await page.setViewportSize({ width: 1366, height: 768 });

  // Alt+X throws the correction away; then the date is typed as people write it.
  await page.keyboard.press('Alt+X');
  await expect(date).toHaveValue(refused.isoDate);
  await expect(page.getByTestId('prro-edited')).toHaveCount(0);
  await page.keyboard.press('Alt+V');
  await expect(date).toBeFocused();
  await page.keyboard.type(`${d}.${m}.${y}`);
  await expect(date).toHaveValue(`${d}.${m}.${y}`);

  // The cashier's name in the form; the XML by hand (Alt+E) holds the same text, and a change there shows in the form.
  const cashier = page.getByTestId('prro-fix-CASHIER-input');
  const cashierWas = await cashier.inputValue();
  await cashier.fill('Мельник А. П.');
  await page.keyboard.press('Alt+E');
  const editor = page.getByTestId('prro-xml-editor');
  await expect(editor).toBeFocused();
  expect(await editor.inputValue()).toContain('<CASHIER>Мельник А. П.</CASHIER>');
  await editor.fill((await editor.inputValue()).replace('<CASHIER>Мельник А. П.</CASHIER>', '<CASHIER>Мельник Андрій</CASHIER>'));
  await expect(cashier).toHaveValue('Мельник Андрій');
  await page.keyboard.press('Escape');
  await expect(detail).toBeFocused();

  // A time the schema cannot take: the form says so, and the back office refuses it, naming the field.
  const time = page.getByTestId('prro-fix-ORDERTIME-input');
  const timeWas = await time.inputValue();
  await time.fill('25:61');
  await expect(page.getByTestId('prro-fix-ORDERTIME-says')).toContainText('не час у формі гг:хх:сс');
  await page.keyboard.press('Alt+R');
  const changes = page.getByTestId('prro-changes');
  await expect(changes).toContainText(`Дата документа: «${refused.isoDate}» → «${d}.${m}.${y}»`);
  await expect(changes).toContainText(`Касир: «${cashierWas}» → «Мельник Андрій»`);
  await expect(changes).toContainText(`Час документа: «${timeWas}» → «25:61»`);
  await snap('prro-correction-confirm');
  await page.getByTestId('confirm').click();
  await expect(page.getByTestId('prro-ask-again')).toBeVisible();
  await page.getByTestId('confirm').click();
  await managerConfirms(page);
  await expect(page.getByTestId('prro-action-error')).toContainText('не відповідає схемі ДПС');
  await expect(page.getByTestId('prro-fix-ORDERTIME-says')).toContainText('не прийнято: ');
  expect(shop.query('SELECT status FROM prro_docs WHERE id = ?', refused.id)).toEqual([{ status: 3 }]);

  // Put right and sent: it keeps its place, and the tax server takes it and the one behind it.
  await time.fill(timeWas);
  await page.keyboard.press('Alt+R');
  await page.getByTestId('confirm').click();
  await page.getByTestId('confirm').click();
  await managerConfirms(page);
  await expect(page.getByTestId('prro-notice')).toContainText('повернуто в чергу');
  const [stored] = shop.query<{ body: string }>('SELECT xml_body_b64 AS body FROM prro_docs WHERE id = ?', refused.id);
  const text = decodeCp1251(Buffer.from(stored?.body ?? '', 'base64'));
  expect(text).toContain(`<ORDERDATE>${d}${m}${y}</ORDERDATE>`);
  expect(text).toContain('<CASHIER>Мельник Андрій</CASHIER>');
  const status = (id: number) => shop.query<{ status: number }>('SELECT status FROM prro_docs WHERE id = ?', id)[0]?.status;
  await expect.poll(() => status(refused.id), { timeout: 20_000 }).toBe(2);
  await expect.poll(() => status(behind.id), { timeout: 20_000 }).toBe(2);
  await expect(page.getByTestId('prro-empty')).toBeVisible({ timeout: 20_000 });
});
