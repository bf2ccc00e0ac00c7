/**
 * The PRRO queue (F5) against the demo shop, whose second till had yesterday's Z-report rejected
 * by the tax server (ISO dates instead of ddMMyyyy) with the documents after it held back. The
 * demo service runs its fiscal-server simulator every few seconds, so a corrected, requeued
 * document is fiscalized shortly after and the chain behind it follows.
 */
import { expect, test } from './fixtures.js';
import { DEMO_MANAGER, managerConfirms } from './people.js';
import { openQueue, rejected, simulatorPassed } from './prro.js';
import type { Shop } from './shop.js';

interface Doc {
  id: number;
  kasm: number;
  numprro: string;
  local_num: number;
  last_error: string;
  xml_body_b64: string;
}

const statusOf = (shop: Shop, id: number) =>
  shop.query<{ status: number }>('SELECT status FROM prro_docs WHERE id = ?', id)[0]?.status;

test('a rejected PRRO document is read, corrected, requeued and then fiscalized', async ({ page, shop, snap }) => {
  const { doc, start, end } = rejected<Doc>(shop, 'id, kasm, numprro, local_num, last_error, xml_body_b64');
  await simulatorPassed(shop, doc.numprro);
  const held = shop.query<{ id: number }>('SELECT id FROM prro_docs WHERE numprro = ? AND status = 6', doc.numprro);
  expect(held.length).toBeGreaterThan(0);

  await openQueue(page, { ...doc, start, end });
  const rows = page.getByTestId('prro-row');
  await expect(page.getByTestId('prro-count')).toHaveAttribute('data-count', String(held.length + 1));
  const row = page.locator(`[data-testid="prro-row"][data-id="${doc.id}"]`);
  await expect(row).toHaveAttribute('data-status', 'rejected');
  await expect(page.locator(`[data-testid="prro-row"][data-id="${held[0]?.id}"]`)).toHaveAttribute('data-status', 'blocked');
  // The demo's chain is whole: every held document points at the one before it.
  await expect(page.locator('[data-testid="prro-row"][data-chain="break"]')).toHaveCount(0);
  await expect(page.locator('[data-testid="prro-row"][data-chain="linked"]').first()).toBeVisible();

  // Sorted by number, highest first, from the header; then back to chain order.
  await page.getByTestId('prro-sort-local_num').click();
  await page.getByTestId('prro-sort-local_num').click();
  await expect(rows.first()).not.toHaveAttribute('data-id', String(doc.id));
  await page.getByTestId('prro-sort-local_num').click();
  await expect(rows.first()).toHaveAttribute('data-id', String(doc.id));
  await snap('prro-queue');

  // From the keyboard: to the grid, first row, open it.
  await page.keyboard.press('Alt+G');
  await page.keyboard.press('ArrowDown');
  await expect(row).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  const detail = page.getByTestId('prro-detail');
  await expect(detail).toBeFocused();
  await expect(page.getByTestId('prro-detail-error')).toHaveText(doc.last_error);
  // Fiscal documents are windows-1251, as the tax service takes them.
  const xml = new TextDecoder('windows-1251').decode(Buffer.from(doc.xml_body_b64, 'base64'));
  const cashier = /<CASHIER>([^<]+)<\/CASHIER>/.exec(xml)?.[1] ?? '';
  expect(cashier).toMatch(/[А-ЯІЇЄҐ]/);
  await expect(page.getByTestId('prro-xml')).toContainText(`  <CHECKHEAD>\n    <DOCTYPE>0</DOCTYPE>`);
  await expect(page.getByTestId('prro-xml')).toContainText(`<CASHIER>${cashier}</CASHIER>`);
  await expect(page.getByTestId('prro-hash')).toHaveText(/^[0-9a-f]{64}$/);
  await page.getByTestId('prro-xml').scrollIntoViewIfNeeded();
  await snap('prro-detail');

  // The manager corrects the date the tax server named and sends the document again.
  await page.keyboard.press('Alt+E');
  const editor = page.getByTestId('prro-xml-editor');
  await expect(editor).toBeFocused();
  const corrected = (await editor.inputValue()).replace(
    /<ORDERDATE>(\d{4})-(\d{2})-(\d{2})<\/ORDERDATE>/,
    '<ORDERDATE>$3$2$1</ORDERDATE>',
  );
  await editor.fill(corrected);
  await expect(page.getByTestId('prro-edited')).toBeVisible();
  await page.getByTestId('prro-requeue').click();
  await expect(page.getByRole('alertdialog')).toContainText('виправленим XML');
  // The documents held behind it are named, and the question is asked again.
  await expect(page.getByTestId('prro-dependents')).toHaveAttribute('data-count', String(held.length));
  await page.getByTestId('confirm').click();
  await expect(page.getByTestId('prro-ask-again')).toBeVisible();
  await page.getByTestId('confirm').click();
  // A fiscal document is changed only with a manager's PIN; the audit trail names the manager.
  await managerConfirms(page);
  await expect(page.getByTestId('prro-notice')).toContainText(`№${doc.local_num} повернуто в чергу`);
  const [trail] = shop.query<{ note: string }>("SELECT note FROM prro_doc_audit WHERE doc_id = ? AND action = 'requeue'", doc.id);
  expect(trail?.note).toBe(`confirmed by ${DEMO_MANAGER.name}`);
  await expect(row).toHaveCount(0);

  // Stored as requeued with the corrected body (unless the simulator has already taken it).
  const [stored] = shop.query<{ status: number; body: string; last_error: string }>(
    'SELECT status, xml_body_b64 AS body, last_error FROM prro_docs WHERE id = ?',
    doc.id,
  );
  expect([4, 2]).toContain(stored?.status);
  expect(stored?.last_error).toBe('');
  expect(Buffer.from(stored?.body ?? '', 'base64').toString('latin1')).toMatch(/<ORDERDATE>\d{8}<\/ORDERDATE>/);

  // The simulator fiscalizes it, and the documents held behind it follow.
  await expect.poll(() => statusOf(shop, doc.id), { timeout: 20_000 }).toBe(2);
  await expect.poll(() => statusOf(shop, held[0]?.id ?? 0), { timeout: 20_000 }).toBe(2);
  const [fiscal] = shop.query<{ fiscal_number: string }>('SELECT fiscal_number FROM prro_docs WHERE id = ?', doc.id);
  expect(fiscal?.fiscal_number).not.toBe('');
  await page.getByTestId('prro-apply').click();
  await expect(page.getByTestId('prro-empty')).toBeVisible();
});

test('a bulk status change states how many documents it touches before it is made', async ({ page, shop }) => {
  const { doc, end } = rejected<Doc>(shop, 'id, kasm, numprro, local_num, last_error, xml_body_b64');
  await simulatorPassed(shop, doc.numprro);
  const blocked = shop.query<{ id: number }>('SELECT id FROM prro_docs WHERE numprro = ? AND status = 6', doc.numprro);
  expect(blocked.length).toBeGreaterThan(1);
  // Only the last few days are in view; the change and its count take every date.
  await openQueue(page, { ...doc, start: end, end });
  await expect(page.getByTestId('prro-count')).toHaveAttribute('data-count', /\d+/);

  await page.keyboard.press('Alt+B');
  await expect(page.getByTestId('prro-bulk-from')).toBeFocused();
  await page.getByTestId('prro-bulk-from').selectOption('blocked');
  await page.getByTestId('prro-bulk-to').selectOption('cancelled');
  await expect(page.getByTestId('prro-bulk-count')).toHaveAttribute('data-count', String(blocked.length));
  await page.getByTestId('prro-bulk-apply').click();
  const confirm = page.getByTestId('prro-bulk-confirm');
  await expect(confirm).toHaveAttribute('data-count', String(blocked.length));
  await expect(confirm).toContainText(`${blocked.length} документ`);
  await expect(confirm).toContainText('«Заблоковано» у статус «Скасовано»');
  await expect(page.getByRole('alertdialog')).toContainText(`каса ${doc.kasm}, ПРРО ${doc.numprro}`);

  // Cancel first: nothing changes.
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  expect(shop.query('SELECT id FROM prro_docs WHERE numprro = ? AND status = 6', doc.numprro)).toHaveLength(blocked.length);

  await page.getByTestId('prro-bulk-apply').click();
  await page.getByTestId('confirm').click();
  await managerConfirms(page);
  await expect(page.getByTestId('prro-notice')).toContainText(`Змінено статус ${blocked.length} документ`);
  expect(shop.query('SELECT id FROM prro_docs WHERE numprro = ? AND status = 6', doc.numprro)).toHaveLength(0);
  const cancelled = shop.query<{ id: number }>('SELECT id FROM prro_docs WHERE numprro = ? AND status = 5', doc.numprro);
  expect(cancelled.map((d) => d.id)).toEqual(expect.arrayContaining(blocked.map((d) => d.id)));
});

test('statuses are shown by the name the service reports, and chains are checked for every PRRO at once', async ({
  page,
  shop,
}) => {
  const { doc, start, end } = rejected<Doc>(shop, 'id, kasm, numprro, local_num, last_error, xml_body_b64');
  for (const { numprro } of shop.query<{ numprro: string }>('SELECT numprro FROM prro_registers')) {
    await simulatorPassed(shop, numprro);
  }
  const held = shop.query<{ id: number; last_error: string }>(
    'SELECT id, last_error FROM prro_docs WHERE numprro = ? AND status = 6 ORDER BY local_num',
    doc.numprro,
  );
  const marked = held[held.length - 1];
  if (!marked) throw new Error('the demo shop holds nothing back behind its rejected document');
  // A manager records a held-back document as rejected; its error text still says it waits for another.
  const outcome = await shop.api.write('pos.prro_inline_set_status', { id: marked.id, status: 3 });
  expect(outcome.status).toBe('done');
  expect(marked.last_error).toMatch(/^очікує на документ/);

  await openQueue(page, { kasm: '', numprro: '', start, end });
  const row = (id: number) => page.locator(`[data-testid="prro-row"][data-id="${id}"]`);
  await expect(row(marked.id)).toHaveAttribute('data-status', 'rejected');
  await expect(row(marked.id)).toContainText('Відхилено');
  await expect(row(held[0]?.id ?? 0)).toHaveAttribute('data-status', 'blocked');
  await expect(row(held[0]?.id ?? 0)).toContainText('Заблоковано');
  // Every listed row is checked against its own register's chain, with no PRRO named in the filter.
  await expect(row(held[0]?.id ?? 0)).toHaveAttribute('data-chain', 'linked');
  await expect(page.locator('[data-testid="prro-row"][data-chain="break"]')).toHaveCount(0);
  await expect(page.locator('[data-testid="prro-row"][data-chain="ambiguous"]')).toHaveCount(0);
  const listed = shop.query<{ status: number }>(
    'SELECT status FROM prro_docs WHERE status IN (3, 6, 8) AND created_date BETWEEN ? AND ?',
    start,
    end,
  );
  await expect(page.getByTestId('prro-count')).toHaveAttribute('data-count', String(listed.length));
});
