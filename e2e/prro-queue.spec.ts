/**
 * The PRRO queue (F5) against the demo shop, whose second till had yesterday's Z-report rejected
 * by the tax server (ISO dates instead of ddMMyyyy) with the documents after it held back. The
 * demo service runs its fiscal-server simulator every few seconds, so a corrected, requeued
 * document is fiscalized shortly after and the chain behind it follows.
 */

import { DEFAULT_TIME_ZONE, shopDate } from '../renderer/ui/shop-time.js';
import { encodeCp1251 } from '../shared/fiscal/cp1251.js';
import { expect, test } from './fixtures.js';
import { catalogueRead, closedWithReceipt, payExact, plainGoods, scan } from './floor-helpers.js';
import { DEMO_MANAGER, managerConfirms } from './people.js';
import { openQueue, refusedAt, rejected, simulatorPassed } from './prro.js';
import type { Shop } from './shop.js';
import { snapSizes } from './till-sizes.js';

interface Doc {
  id: number;
  kasm: number;
  numprro: string;
  local_num: number;
  last_error: string;
  xml_body_b64: string;
}

/** The register of the desk's own till (1). */
const tillRegister = (shop: Shop) => shop.query<{ numprro: string }>('SELECT numprro FROM tills WHERE kasm = 1')[0]?.numprro;

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

  // From the keyboard: the screen opened on the refused document; to the grid, open it.
  await page.keyboard.press('Alt+G');
  await expect(row).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  const detail = page.getByTestId('prro-detail');
  await expect(detail).toBeFocused();
  // The tax server's words first; its code beside them.
  await expect(page.getByTestId('prro-detail-error')).toHaveText(doc.last_error.replace(/^Код помилки:[^\n]*\n/, ''));
  await expect(page.getByTestId('prro-reason-code')).toContainText('Код помилки 9');
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
  // The screen reads the list again by itself: nothing left that needs a person.
  await expect(page.getByTestId('prro-empty')).toBeVisible({ timeout: 20_000 });
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
  const at = Math.floor(held.length / 2);
  const marked = held[at];
  const after = held[at + 1];
  if (!marked || !after) throw new Error('the demo shop holds too little back behind its rejected document');
  // A manager records a held-back document as rejected (its error text still says it waits for
  // another) and withdraws the document it waited for. The screen reads itself again every few
  // seconds, so the state it shows must be one the dispatcher keeps: the marked document now heads
  // the chain's unsent part as its first rejected one, and those after it stay held behind it.
  const mark = () => shop.api.write('pos.prro_inline_set_status', { id: marked.id, status: 3 });
  expect((await mark()).status).toBe('done');
  expect((await shop.api.write('pos.prro_inline_set_status', { id: doc.id, status: 5 })).status).toBe('done');
  // Should a round of the dispatcher have run between the two, it held the marked one back again.
  if (statusOf(shop, marked.id) !== 3) expect((await mark()).status).toBe('done');
  expect(marked.last_error).toMatch(/^очікує на документ/);

  await openQueue(page, { kasm: '', numprro: '', start, end });
  const row = (id: number) => page.locator(`[data-testid="prro-row"][data-id="${id}"]`);
  await expect(row(marked.id)).toHaveAttribute('data-status', 'rejected');
  await expect(row(marked.id)).toContainText('Відхилено');
  await expect(row(after.id)).toHaveAttribute('data-status', 'blocked');
  await expect(row(after.id)).toContainText('Заблоковано');
  // Every listed row is checked against its own register's chain, with no PRRO named in the filter.
  await expect(row(after.id)).toHaveAttribute('data-chain', 'linked');
  await expect(page.locator('[data-testid="prro-row"][data-chain="break"]')).toHaveCount(0);
  await expect(page.locator('[data-testid="prro-row"][data-chain="ambiguous"]')).toHaveCount(0);
  // The count is the service's, as the list stands now (the documents before the marked one go meanwhile).
  const listed = () =>
    shop.query<{ status: number }>(
      'SELECT status FROM prro_docs WHERE status IN (3, 6, 8) AND created_date BETWEEN ? AND ?',
      start,
      end,
    ).length;
  await expect
    .poll(async () => (await page.getByTestId('prro-count').getAttribute('data-count')) === String(listed()), { timeout: 20_000 })
    .toBe(true);
  expect(statusOf(shop, marked.id)).toBe(3);
});

/** Today in the shop's calendar (Kyiv), as the filter's dates start, written as a Ukrainian till writes it. */
function localToday(): string {
  const [y, m, d] = shopDate(new Date(), DEFAULT_TIME_ZONE).split('-');
  return `${d}.${m}.${y}`;
}

test('asked for from the till, the queue opens on its register with the keyboard on the document the tax server refused, its reason first', async ({
  page,
  shop,
  snap,
}) => {
  const refused = await refusedAt(shop, 1);
  const { doc: other, start, end } = rejected<Doc>(shop, 'id, kasm, numprro, local_num, last_error, xml_body_b64');
  expect(other.kasm).not.toBe(1);
  const row = page.locator(`[data-testid="prro-row"][data-id="${refused.id}"]`);

  // The manager looked at another till last; F6 and back keeps what they were looking at.
  await openQueue(page, { kasm: other.kasm, numprro: other.numprro, start, end });
  await expect(page.locator(`[data-testid="prro-row"][data-id="${other.id}"]`)).toBeVisible();
  await page.keyboard.press('F6');
  await page.keyboard.press('F5');
  await expect(page.getByTestId('prro-kasm')).toHaveValue(String(other.kasm));

  // F5 from the sale: this till's register, the filter as it starts.
  await page.keyboard.press('F1');
  await page.keyboard.press('F5');
  await expect(page.getByTestId('prro-kasm')).toHaveValue('1');
  await expect(page.getByTestId('prro-numprro')).toHaveValue(refused.numprro);
  await expect(page.getByTestId('prro-end')).toHaveValue(localToday());

  // The keyboard is on the document the tax server refused, its detail open beside it.
  await expect(row).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('grid')).toBeFocused();
  const detail = page.getByTestId('prro-detail');
  await expect(detail).toHaveAttribute('data-id', String(refused.id));

  // Why, first: the tax server's words, then its code; the hashes come after.
  const reason = page.getByTestId('prro-reason');
  await expect(reason).toHaveAttribute('data-kind', 'refused');
  await expect(reason).toContainText('Податковий сервер відхилив документ');
  const words = `CHECK/CHECKHEAD/ORDERDATE: «${refused.isoDate}» має містити рівно 8 символів, а містить 10`;
  await expect(page.getByTestId('prro-detail-error')).toHaveText(words);
  await expect(page.getByTestId('prro-reason-code')).toHaveText(
    'Код помилки 9: документ не пройшов перевірку (DocumentValidationError)',
  );
  const reasonFirst = await detail.evaluate((el) => {
    const said = el.querySelector('[data-testid="prro-reason"]');
    const hash = el.querySelector('[data-testid="prro-hash"]');
    return !!said && !!hash && (said.compareDocumentPosition(hash) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
  });
  expect(reasonFirst).toBe(true);
  // In the grid, right after the status, the server's words too.
  await expect(row.locator('[data-col="last_error"]')).toHaveText(words);
  const cols = await row.locator('td').evaluateAll((tds) => tds.map((td) => td.getAttribute('data-col')));
  expect(cols.indexOf('last_error')).toBe(cols.indexOf('status') + 1);
  // Everything the register has not sent is in the table: nothing more to say of it.
  await expect(page.getByTestId('prro-unsent')).toHaveCount(0);
  await snapSizes(page, snap, 'prro-queue-landing');
  await page.setViewportSize({ width: 1366, height: 768 });

  // Enter goes into the document, Esc back to the grid, on the same row.
  await page.keyboard.press('Enter');
  await expect(detail).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);
  await expect(page.getByRole('grid')).toBeFocused();

  // The shift screen's link to its unsent documents, with another till's filter left: this till's register again.
  await openQueue(page, { kasm: other.kasm, numprro: other.numprro, start, end });
  await page.keyboard.press('Shift+F1');
  await page.getByTestId('shift-unsent-queue').click();
  await expect(page.getByTestId('prro-kasm')).toHaveValue('1');
  await expect(row).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('grid')).toBeFocused();
});

test('the list refreshes by itself while it is open, keeping the selected document and the scroll', async ({ page, shop }) => {
  const { doc, start, end } = rejected<Doc>(shop, 'id, kasm, numprro, local_num, last_error, xml_body_b64');
  await simulatorPassed(shop, doc.numprro);
  const held = shop.query<{ id: number }>(
    'SELECT id FROM prro_docs WHERE numprro = ? AND status = 6 ORDER BY local_num',
    doc.numprro,
  );
  expect(held.length).toBeGreaterThan(8);
  await openQueue(page, { ...doc, start, end });
  const count = page.getByTestId('prro-count');
  await expect(count).toHaveAttribute('data-count', String(held.length + 1));

  // The manager scrolls a little and opens a document in the middle.
  const scroller = page.getByTestId('prro-grid');
  await scroller.evaluate((el) => {
    el.scrollTop = 40;
  });
  const chosen = held[4]?.id ?? 0;
  await page.locator(`[data-testid="prro-row"][data-id="${chosen}"]`).click();
  await expect(page.getByTestId('prro-detail')).toHaveAttribute('data-id', String(chosen));
  const scrolled = await scroller.evaluate((el) => el.scrollTop);

  // Another manager withdraws a document further down; nothing is pressed here.
  const gone = held[held.length - 1]?.id ?? 0;
  expect((await shop.api.write('pos.prro_inline_set_status', { id: gone, status: 5 })).status).toBe('done');
  await expect(count).toHaveAttribute('data-count', String(held.length), { timeout: 15_000 });
  await expect(page.locator(`[data-testid="prro-row"][data-id="${gone}"]`)).toHaveCount(0);
  await expect(page.locator(`[data-testid="prro-row"][data-id="${chosen}"]`)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('prro-detail')).toHaveAttribute('data-id', String(chosen));
  expect(await scroller.evaluate((el) => el.scrollTop)).toBe(scrolled);

  // The refused document is corrected elsewhere: the tax server takes the chain, and the list empties by itself.
  const xml = new TextDecoder('windows-1251').decode(Buffer.from(doc.xml_body_b64, 'base64'));
  const corrected = xml.replace(/<ORDERDATE>(\d{4})-(\d{2})-(\d{2})<\/ORDERDATE>/, '<ORDERDATE>$3$2$1</ORDERDATE>');
  const requeue = await shop.api.write('pos.prro_inline_requeue', {
    id: doc.id,
    created_at: new Date().toISOString(),
    fiscal_number: '',
    xml_body_b64: Buffer.from(encodeCp1251(corrected)).toString('base64'),
  });
  expect(requeue.status).toBe('done');
  await expect(page.getByTestId('prro-empty')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('prro-detail')).toHaveCount(0);
});

test('from the shift screen’s unsent documents, the queue says where they are when none needs a person', async ({
  page,
  shop,
  snap,
}) => {
  const [good] = plainGoods(shop, 10, 1);
  if (!good) throw new Error('the demo shop has nothing in stock');
  await catalogueRead(page);
  await simulatorPassed(shop, tillRegister(shop) ?? '');
  // The tax server cannot be reached: the register goes offline with the next receipt.
  expect((await shop.api.write('pos.prro_fiscal_server_set', { reachable: false })).status).toBe('done');
  await scan(page, good.code);
  await expect(page.locator('[data-testid="sale-line"][data-price-state="confirmed"]')).toHaveCount(1);
  await payExact(page);
  await closedWithReceipt(page);

  await page.keyboard.press('Shift+F1');
  const unsent = page.getByTestId('shift-unsent');
  await expect(unsent).toHaveAttribute('data-count', /^[1-9]/, { timeout: 30_000 });
  await expect(page.getByTestId('shift-mode')).toHaveAttribute('data-mode', 'offline', { timeout: 30_000 });
  const n = Number(await unsent.getAttribute('data-count'));
  await page.getByTestId('shift-unsent-queue').click();

  // None of them needs a person, so the grid lists none; the summary says where they are.
  await expect(page.getByTestId('prro-empty')).toBeVisible();
  const summary = page.getByTestId('prro-unsent');
  await expect(summary).toHaveAttribute('data-mode', 'offline');
  await expect(summary).toHaveAttribute('data-count', String(n));
  await expect(summary).toContainText('каса працює без зв’язку з податковою');
  await snap('prro-queue-offline-summary');

  // The tax server answers again: the documents go, and the summary goes with them by itself.
  expect((await shop.api.write('pos.prro_fiscal_server_set', { reachable: true })).status).toBe('done');
  await expect(summary).toHaveCount(0, { timeout: 30_000 });
});
