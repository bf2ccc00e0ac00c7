/**
 * The customer receipt at the till, in browser mode on the real core, service and Chromium: after
 * a sale it is printed through the browser's print (the print area holds the receipt, and the
 * print stylesheet shows nothing else), it carries the mandatory items of a fiscal receipt and a
 * QR code that a reader decodes to that receipt's verification link, the journal (F6) prints it
 * again, "ask each time" and "e-receipt only" show it first, and an offline receipt printed before
 * its fiscal number arrived is printed again with it.
 */

import { join } from 'node:path';
import type { Locator, Page, TestInfo } from '@playwright/test';
import jsqr from 'jsqr';
import type { PrintRow } from '../shared/paper/receipt.js';
import { expect, SCREENSHOT_DIR, test } from './fixtures.js';
import { payExact, plainGoods, scan } from './floor-helpers.js';
import { completingPrints, prints } from './printing.js';
import type { Shop } from './shop.js';

// jsqr is CommonJS whose module is the function and also carries it as `default`.
const jsQR = jsqr.default;

type Head = Extract<PrintRow, { tag: 'HEAD' }>;

async function headOf(shop: Shop, checkNumber: number): Promise<Head> {
  const outcome = await shop.api.read('pos.receipt_print', { check_number: checkNumber });
  return (outcome.result.rows as PrintRow[]).find((r): r is Head => r.tag === 'HEAD') as Head;
}

/** The document a receipt was issued as, from the back office's file. */
const docOf = (shop: Shop, checkNumber: number) =>
  shop.query<{ fiscal_number: string; offline_session_id: string; status: number }>(
    `SELECT d.fiscal_number, d.offline_session_id, d.status FROM receipts r JOIN prro_docs d ON d.id = r.prro_doc_id
     WHERE r.check_number = ?`,
    checkNumber,
  )[0];

/** Reads a QR code as a phone would: the drawn SVG rasterized in the page, the pixels decoded here. */
async function readQr(qr: Locator): Promise<string | undefined> {
  const image = await qr.evaluate(async (svg) => {
    const xml = new XMLSerializer().serializeToString(svg);
    const img = new Image();
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(xml)}`;
    await img.decode();
    const size = 480;
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, size, size);
    ctx.drawImage(img, 0, 0, size, size);
    return { size, data: Array.from(ctx.getImageData(0, 0, size, size).data) };
  });
  return jsQR(Uint8ClampedArray.from(image.data), image.size, image.size)?.data;
}

/** One plain product, paid exactly in cash; the receipt number. */
async function sell(page: Page, code: string): Promise<number> {
  await expect(page.getByTestId('scan-input')).toBeFocused();
  await scan(page, code);
  await expect(page.getByTestId('sale-line')).toHaveCount(1);
  await expect(page.locator('[data-testid="sale-line"][data-price-state="confirmed"]')).toHaveCount(1);
  await payExact(page);
  const result = page.getByTestId('close-result');
  await expect(result).toHaveAttribute('data-status', 'done');
  return Number(await result.getAttribute('data-check'));
}

/** Prints asked of the browser: counted by the app, and the browser's own beforeprint event. */

/** The receipt as it prints, at its true size (the print stylesheet in force): a picture of the paper alone. */
async function snapPaper(paper: Locator, name: string, testInfo: TestInfo): Promise<void> {
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await paper.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

async function openInJournal(page: Page, checkNumber: number): Promise<void> {
  await page.keyboard.press('F6');
  const row = page.locator(`[data-testid="journal-open"][data-check="${checkNumber}"]`);
  await row.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('journal-lines')).toBeVisible();
}

async function setPrinter(page: Page, choose: (section: Locator) => Promise<void>): Promise<void> {
  await page.keyboard.press('F9');
  const section = page.getByTestId('settings-printer');
  await choose(section);
  await section.getByTestId('settings-printer-save').click();
  await expect(section.getByTestId('settings-printer-saved')).toBeVisible();
}

test.beforeEach(({ page, shop }) => completingPrints(page, shop));

/** What the law wants on a receipt (and the shop's own parts), as the paper says them. */
const mandatory = (head: Head, goodName: string) => [
  head.org_name,
  head.point_name,
  head.point_addr,
  `ПН ${head.ipn}`,
  `ІД ${head.tin}`,
  goodName,
  'СУМА',
  'ГОТІВКА',
  'ПДВ',
  `Касир ${head.cashier}`,
  `ПРРО ФН ${head.numprro} ВН ${head.local_number}`,
  // The document's date and time (ORDERDATE ddmmyyyy, ORDERTIME hhmmss), as its QR link says them.
  `${head.order_date.slice(0, 2)}.${head.order_date.slice(2, 4)}.${head.order_date.slice(4)} ${head.order_time.slice(0, 2)}:${head.order_time.slice(2, 4)}:${head.order_time.slice(4)}`,
  'ФІСКАЛЬНИЙ ЧЕК',
];

test('a sale prints its receipt with every mandatory item and a QR code of its verification link; the journal prints it again', async ({
  page,
  shop,
}) => {
  const [good] = plainGoods(shop, 5, 1);
  if (!good) throw new Error('the demo shop lacks goods in stock');
  const check = await sell(page, good.code);

  // Printed through the browser at once: the print area holds this receipt, and the print was asked.
  const paper = page.getByTestId('receipt-print').getByTestId('receipt-paper');
  await expect(paper).toHaveAttribute('data-check', String(check));
  await expect.poll(() => prints(page)).toBe(1);
  expect(await page.evaluate(() => (window as unknown as { beforeprint: number }).beforeprint)).toBe(1);
  await expect(page.getByTestId('scan-input')).toBeFocused();

  const first = await headOf(shop, check);
  for (const item of mandatory(first, good.name)) await expect(paper, item).toContainText(item);
  expect(first.org_name).toBe('ТОВ "Колосок"');

  // The simulated tax server gives the fiscal number within seconds; printed again, the receipt has it and its QR.
  await expect.poll(() => docOf(shop, check)?.fiscal_number ?? '', { timeout: 20_000 }).not.toBe('');
  await openInJournal(page, check);
  await page.keyboard.press('Alt+P');
  await expect(paper).toHaveAttribute('data-fiscal', /^\d+$/);
  await expect.poll(() => prints(page)).toBe(2);
  const head = await headOf(shop, check);
  expect(head.mode).toBe('online');
  for (const item of mandatory(head, good.name)) await expect(paper, item).toContainText(item);
  await expect(paper).toContainText(`ЧЕК ФН ${head.fiscal_number} ВН ${head.local_num} онлайн`);
  expect(head.qr_url).toContain(`id=${head.fiscal_number}&fn=${head.numprro}`);
  expect(await readQr(paper.getByTestId('receipt-qr'))).toBe(head.qr_url);

  // The button does what Alt+P does.
  await page.getByTestId('receipt-reprint').click();
  await expect.poll(() => prints(page)).toBe(3);
});

// Its own test: two papers, each previewed, printed, photographed and made a PDF of, with the sale
// before them, ran past one test's bound on a loaded machine.
test('on 58 and 80 mm paper the receipt is previewed first when asked, printed as wide as the roll, on a page as wide as the roll', async ({
  page,
  shop,
  snap,
}, testInfo) => {
  const [good] = plainGoods(shop, 5, 1);
  if (!good) throw new Error('the demo shop lacks goods in stock');
  const check = await sell(page, good.code);
  const paper = page.getByTestId('receipt-print').getByTestId('receipt-paper');
  await expect.poll(() => docOf(shop, check)?.fiscal_number ?? '', { timeout: 20_000 }).not.toBe('');
  const head = await headOf(shop, check);
  expect(head.mode).toBe('online');

  // On each paper: "ask each time" shows the receipt first; Esc does not print it, Enter does.
  let printedSoFar = await prints(page);
  for (const width of [58, 80] as const) {
    await setPrinter(page, async (s) => {
      await s.getByTestId(`settings-paper-${width}`).check();
      await s.getByTestId('settings-ask').check();
    });
    if (width === 58) await snap('settings-printer');
    await openInJournal(page, check);
    const dialog = page.getByTestId('receipt-dialog');
    if (width === 58) {
      await page.keyboard.press('Alt+P');
      await expect(dialog).toHaveAttribute('data-kind', 'preview');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      expect(await prints(page)).toBe(printedSoFar);
    }
    await page.keyboard.press('Alt+P');
    await expect(dialog).toHaveAttribute('data-kind', 'preview');
    await expect(dialog.getByTestId('receipt-paper')).toHaveAttribute('data-width', String(width));
    expect(await readQr(dialog.getByTestId('receipt-qr'))).toBe(head.qr_url);
    await snap(`receipt-${width}mm-preview`);
    await expect(dialog.getByTestId('receipt-print-now')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    printedSoFar++;
    await expect.poll(() => prints(page)).toBe(printedSoFar);
    await expect(paper).toHaveAttribute('data-width', String(width));

    // What the browser prints: the receipt and nothing else, as wide as the roll prints, on a page as wide as the roll.
    await page.emulateMedia({ media: 'print' });
    await expect(paper).toBeVisible();
    await expect(page.getByTestId('screen-journal')).toBeHidden();
    const printed = await paper.boundingBox();
    expect(Math.round((printed?.width ?? 0) / (96 / 25.4))).toBe(width === 58 ? 48 : 72);
    for (const item of mandatory(head, good.name)) await expect(paper, item).toContainText(item);
    expect(await readQr(paper.getByTestId('receipt-qr'))).toBe(head.qr_url);
    await snapPaper(paper, `receipt-${width}mm`, testInfo);
    const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
    const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf);
    expect(Math.round((Number(box?.[1]) * 25.4) / 72)).toBe(width);
    await page.emulateMedia({ media: 'screen' });
  }
});

test('e-receipt only: the receipt is shown on the screen after the sale and nothing is printed', async ({ page, shop, snap }) => {
  await setPrinter(page, (s) => s.getByTestId('settings-ereceipt').check());
  await page.keyboard.press('F1');
  const [good] = plainGoods(shop, 5, 1);
  if (!good) throw new Error('the demo shop lacks goods in stock');
  const check = await sell(page, good.code);
  const dialog = page.getByTestId('receipt-dialog');
  await expect(dialog).toHaveAttribute('data-kind', 'screen');
  await expect(dialog.getByTestId('receipt-paper')).toHaveAttribute('data-check', String(check));
  await expect(dialog).toContainText('ФІСКАЛЬНИЙ ЧЕК');
  await snap('receipt-e-receipt');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('scan-input')).toBeFocused();
  expect(await prints(page)).toBe(0);
});

test('an offline receipt printed before its fiscal number arrived is printed again with its offline number, control number and QR', async ({
  page,
  shop,
}) => {
  // The tax server cannot be reached: the register goes offline at its next attempt to send.
  expect((await shop.api.write('pos.prro_fiscal_server_set', { reachable: false })).status).toBe('done');
  const [good] = plainGoods(shop, 5, 1);
  if (!good) throw new Error('the demo shop lacks goods in stock');
  const check = await sell(page, good.code);
  const paper = page.getByTestId('receipt-print').getByTestId('receipt-paper');
  await expect(paper).toHaveAttribute('data-check', String(check));
  await expect.poll(() => prints(page)).toBe(1);

  // Its offline fiscal number is given when the register goes offline (or it already was).
  await expect.poll(() => docOf(shop, check)?.offline_session_id ?? '', { timeout: 20_000 }).not.toBe('');
  const head = await headOf(shop, check);
  expect(head.mode).toBe('offline');
  expect(head.fiscal_number).toMatch(/^\d+\.\d+\.\d+$/);
  await openInJournal(page, check);
  await page.keyboard.press('Alt+P');
  await expect(paper).toHaveAttribute('data-mode', 'offline');
  await expect(paper).toContainText(`ЧЕК ФН ${head.fiscal_number} ВН ${head.local_num} офлайн`);
  await expect(paper).toContainText(`Контрольне число ${head.control_code}`);
  await expect(paper).toContainText('ЧЕК СФОРМОВАНО В РЕЖИМІ ОФЛАЙН');
  expect(await readQr(paper.getByTestId('receipt-qr'))).toBe(head.qr_url);

  // Back online, the session is uploaded; the receipt keeps its offline number, now accepted.
  expect((await shop.api.write('pos.prro_fiscal_server_set', { reachable: true })).status).toBe('done');
  await expect.poll(() => docOf(shop, check)?.status, { timeout: 30_000 }).toBe(2);
  await page.keyboard.press('Alt+P');
  await expect.poll(() => prints(page)).toBe(3);
  await expect(paper).toContainText(`ЧЕК ФН ${head.fiscal_number}`);
  expect(await readQr(paper.getByTestId('receipt-qr'))).toBe((await headOf(shop, check)).qr_url);
});
