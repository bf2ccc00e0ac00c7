/**
 * Issue 20's acceptance: a cashier's and a manager's whole day at till 1, in Chromium against the
 * real service on its SQLite file. Sign in → the demo's shift closed at Z, a new one opened with a
 * float → sales: a piece good, a weighted good weighed by hand, an excise good with its stamp, cash
 * and card together → with the tax server cut, a sale on a card's debt, and that debt repaid in
 * cash before the tax server has taken the sale: the question names the rounded cash and the
 * rounding, the receipt is given once, and the repayment names its sale's fiscal number once the
 * server is back → a receipt the tax server refuses (its head carries a mistyped tax number of the
 * seller), said at once on the sale screen and the status bar at every till size, with another
 * receipt waiting behind it → the manager corrects it in F5's form and the queue drains → the
 * X-report printed → the Z-report with a cash collection printed. Every figure of the
 * papers (sales, rounding, cash, card, service in and out, collection, drawer) is computed from the
 * day's own sales at the prices the back office holds, and checked against the back office's books.
 */
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { Decimal } from 'decimal.js';
import { formatAmount, formatMoney } from '../renderer/money/money.js';
import { formatRounding } from '../renderer/money/rounding-shown.js';
import { cashDue, todayInKyiv } from './cash.js';
import { expect, test } from './fixtures.js';
import { catalogueRead, closedWithReceipt, payExact, scan } from './floor-helpers.js';
import { sellerOf } from './keys.js';
import { DEMO_CASHIER, DEMO_MANAGER, managerConfirms, signInAs, switchTo } from './people.js';
import { completingPrints, printShown, prints } from './printing.js';
import { closeShiftAtZ } from './shift-close.js';
import type { Shop } from './shop.js';
import { testStamp } from './stamps.js';

test.use({ signIn: false, viewport: { width: 1024, height: 768 } });

const KASM = 1;
const FLOAT = 500;
/** Stored money is ×10^4 in the back office's file; the day is counted in kopecks. */
const kop = (stored: number) => stored / 100;
const hrn = (kopecks: number) => new Decimal(kopecks).div(100).toFixed(2);
/** An amount as the papers and screens write it: "1 234,50". */
const shown = (kopecks: number) => formatAmount(hrn(kopecks));

test.beforeEach(({ page, shop }) => completingPrints(page, shop));

/** One receipt of the day as the tax server is told it: the exact amount it settles and the money paid. */
interface Paid {
  readonly what: string;
  readonly exact: number;
  readonly cash: number;
  readonly card: number;
}

interface Good {
  readonly code: string;
  readonly price: number;
  readonly no_discount: number;
}

/**
 * What a line of `quantity` costs in kopecks, as the back office prices it from its own tables
 * (server/back-office/sales/checkout/pricing.ts): the larger of the card's percent and the running
 * discount actions' (those for card holders only with a card), none for goods marked no_discount.
 */
function priced(shop: Shop, good: Good, quantity: string, card?: { discount_percent: number }): number {
  let percent = new Decimal(0);
  if (good.no_discount === 0) {
    const [action] = shop.query<{ disc: number | null }>(
      `SELECT max(disc) AS disc FROM discount_actions WHERE (code = '' OR code = ?) AND ? BETWEEN date_from AND date_to
         AND (action_type = 0 OR (action_type = 1 AND ? = 1))`,
      good.code,
      todayInKyiv(),
      card ? 1 : 0,
    );
    percent = Decimal.max(new Decimal(action?.disc ?? 0), new Decimal(card?.discount_percent ?? 0)).div(10_000);
  }
  return new Decimal(kop(good.price))
    .times(quantity)
    .times(new Decimal(100).minus(percent))
    .div(100)
    .toDecimalPlaces(0, Decimal.ROUND_HALF_UP)
    .toNumber();
}

async function shiftRow(shop: Shop): Promise<Record<string, string>> {
  return (await shop.api.read('pos.shift_state', { kasm: KASM })).result.rows[0] as Record<string, string>;
}

async function cashBox(shop: Shop, akas: string): Promise<string> {
  return ((await shop.api.read('pos.cashdesk_balance', { akas })).result.rows[0] as { balance: string }).balance;
}

async function openShiftScreen(page: Page): Promise<void> {
  await page.keyboard.press('Shift+F1');
  await expect(page.getByTestId('screen-shift')).toBeVisible();
}

async function taxServer(shop: Shop, reachable: boolean): Promise<void> {
  expect((await shop.api.write('pos.prro_fiscal_server_set', { reachable })).status).toBe('done');
}

/** The back office's seller record, as a tool writing to its database behind the till's back would change it. */
function writeSellerTin(shop: Shop, tin: string): void {
  const db = new Database(shop.backofficeFile, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('UPDATE fiscal_seller SET tin = ? WHERE id = 1').run(tin);
  } finally {
    db.close();
  }
}

const docOf = (shop: Shop, id: number) =>
  shop.query<{ status: number; fiscal_number: string; body: string; doc_type: string }>(
    'SELECT status, fiscal_number, xml_body_b64 AS body, doc_type FROM prro_docs WHERE id = ?',
    id,
  )[0];

const receiptDoc = (shop: Shop, check: number) =>
  shop.query<{ prro_doc_id: number }>('SELECT prro_doc_id FROM receipts WHERE check_number = ?', check)[0]?.prro_doc_id ?? 0;

/** The sale screen's total once every line's price is confirmed by the back office. */
async function saleTotal(page: Page, lines: number): Promise<number> {
  await expect(page.locator('[data-testid="sale-line"][data-price-state="confirmed"]')).toHaveCount(lines);
  const total = (await page.getByTestId('sale-total').getAttribute('data-total')) ?? '';
  return new Decimal(total).times(100).toNumber();
}

/** The closed receipt's number, its paper printed. */
async function closedCheck(page: Page): Promise<number> {
  await closedWithReceipt(page);
  return Number(await page.getByTestId('close-result').getAttribute('data-check'));
}

/** A paper's rows, left side to right side ("ГОТІВКА" → "123,50"), within one block of it. */
async function paperRows(block: ReturnType<Page['getByTestId']>): Promise<Record<string, string>> {
  const pairs = await block
    .locator('.rp-row')
    .evaluateAll((rows) => rows.map((r) => [r.children[0]?.textContent ?? '', r.children[1]?.textContent ?? '']));
  return Object.fromEntries(pairs);
}

test('a cashier’s and a manager’s day: shift, sales, a debt repaid offline, a refused receipt corrected in F5, X and Z with collection; every amount agrees', async ({
  page,
  shop,
  snap,
}) => {
  test.setTimeout(420_000);
  const { akas } = (await shop.api.settingsGet()).till;
  const inStock = `JOIN goods_stock s ON s.code = g.code AND s.sk = 0 AND s.quantity >= 5000`;
  const columns = 'g.code, g.price, g.no_discount';
  const plain = `g.excise_input = 0 AND g.weighted = 0 AND g.age_limit = 0 AND g.price > 0`;
  // A card that buys on credit, with room for one more receipt on debt.
  const [card] = shop.query<{ card: string; debt: number; discount_percent: number }>(
    `SELECT card, debt, discount_percent FROM discount_cards WHERE debt_allowed = 1 AND debt_limit - debt >= 10000000
     ORDER BY card LIMIT 1`,
  );
  if (!card) throw new Error('the demo shop has no card that buys on credit');
  // Goods whose price (with its discount) the cash rounding moves, so every rounding of the day is a real one.
  const pieces = shop
    .query<Good>(`SELECT ${columns} FROM goods g ${inStock} WHERE ${plain} ORDER BY g.code`)
    .filter((g) => cashDue(priced(shop, g, '1')) !== priced(shop, g, '1'));
  const [piece, forCard, offlineGood, refusedGood, behindGood] = pieces;
  const onDebt = pieces.find((g) => {
    const due = priced(shop, g, '1', card);
    return cashDue(due) !== due && due * 100 <= 1_000_000;
  });
  const [weighted] = shop.query<Good>(
    `SELECT ${columns} FROM goods g ${inStock} WHERE g.weighted = 1 AND g.excise_input = 0 AND g.age_limit = 0 AND g.price > 0 ORDER BY g.code`,
  );
  const [vodka] = shop.query<Good>(
    `SELECT ${columns} FROM goods g ${inStock} WHERE g.excise_input = 1 AND g.category = 'Горілка' AND g.price > 0 ORDER BY g.code`,
  );
  if (!piece || !forCard || !offlineGood || !onDebt || !refusedGood || !behindGood || !weighted || !vodka) {
    throw new Error('the demo shop lacks the goods this day needs');
  }
  const day: Paid[] = [];
  const seller = sellerOf(shop);

  // ── 1. Sign in; the demo's shift is closed at Z once the tax server has it all; a new one opens with a float.
  await signInAs(page, DEMO_CASHIER);
  await catalogueRead(page);
  await openShiftScreen(page);
  if ((await shiftRow(shop)).shift_id !== '') {
    await expect(page.getByTestId('shift-unsent')).toHaveAttribute('data-count', '0', { timeout: 60_000 });
    await closeShiftAtZ(page);
    await expect(page.getByTestId('shift-z')).toBeVisible();
  }
  const drawerBefore = new Decimal(await cashBox(shop, akas)).times(100).toNumber();
  await page.getByTestId('shift-float').fill(String(FLOAT));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('shift-open-confirm-text')).toContainText(shown(FLOAT * 100));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('shift-facts')).toHaveAttribute('data-state', 'open');
  await expect(page.getByTestId('shift-cashier-name')).toHaveText(DEMO_CASHIER.name);
  await expect(page.getByTestId('shift-cash')).toHaveAttribute('data-amount', hrn(drawerBefore + FLOAT * 100));
  const shiftId = Number((await shiftRow(shop)).shift_id);
  await snap('day-1-shift-opened');

  // ── 2. Sales.
  await page.keyboard.press('F1');
  await expect(page.getByTestId('screen-sale')).toBeVisible();

  // A piece good, paid in cash: the exact amount rounded as cash is.
  await scan(page, piece.code);
  const pieceDue = priced(shop, piece, '1');
  expect(await saleTotal(page, 1)).toBe(pieceDue);
  await payExact(page);
  await closedCheck(page);
  day.push({ what: 'piece', exact: pieceDue, cash: cashDue(pieceDue), card: 0 });

  // A weighted good by its plain barcode: its weight typed in the weighing dialog.
  const weight = '0.735';
  await scan(page, weighted.code);
  await expect(page.getByTestId('weigh-dialog')).toBeVisible();
  await page.getByTestId('quantity-input').fill(weight.replace('.', ','));
  await page.keyboard.press('Enter');
  await expect(page.locator(`[data-testid="sale-line"][data-code="${weighted.code}"]`)).toHaveAttribute('data-quantity', weight);
  const weighedExact = priced(shop, weighted, weight);
  expect(await saleTotal(page, 1)).toBe(weighedExact);
  await snap('day-2-weighted');
  await payExact(page);
  await closedCheck(page);
  day.push({ what: 'weighted', exact: weighedExact, cash: cashDue(weighedExact), card: 0 });

  // An excise good: the buyer's age confirmed, its stamp scanned.
  const stamp = testStamp(1, 'DAYS');
  await scan(page, vodka.code);
  await expect(page.getByTestId('age-text')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('stamp-dialog')).toBeVisible();
  await scan(page, stamp);
  await expect(page.getByTestId('stamp-dialog')).toBeHidden();
  await expect(page.getByTestId('line-stamps')).toHaveAttribute('data-have', '1');
  const vodkaDue = priced(shop, vodka, '1');
  expect(await saleTotal(page, 1)).toBe(vodkaDue);
  await payExact(page);
  const exciseCheck = await closedCheck(page);
  day.push({ what: 'excise', exact: vodkaDue, cash: cashDue(vodkaDue), card: 0 });
  expect(shop.query('SELECT state, check_number FROM excise_stamps WHERE mark = ?', stamp)).toEqual([
    { state: 'bound', check_number: exciseCheck },
  ]);

  // Cash and card together: the card part is exact, only the cash part is rounded.
  await scan(page, forCard.code);
  const mixedTotal = priced(shop, forCard, '1');
  expect(await saleTotal(page, 1)).toBe(mixedTotal);
  await page.keyboard.press('F2');
  await expect(page.getByTestId('screen-mixed')).toBeVisible();
  const cardPart = Math.floor(mixedTotal / 200) * 100;
  const cashPart = cashDue(mixedTotal - cardPart);
  await page.getByTestId('mixed-cashless').fill(shown(cardPart));
  await page.getByTestId('mixed-cash').focus();
  await page.keyboard.press('=');
  await expect(page.getByTestId('mixed-cash')).toHaveValue(shown(cashPart));
  await expect(page.getByTestId('mixed-remainder')).toHaveAttribute('data-remainder', '0.00');
  await expect(page.getByTestId('mixed-rounding')).toHaveAttribute('data-rounding', hrn(cardPart + cashPart - mixedTotal));
  await snap('day-2-mixed');
  await page.keyboard.press('F12');
  await closedCheck(page);
  day.push({ what: 'cash and card', exact: mixedTotal, cash: cashPart, card: cardPart });

  // ── 3. The tax server is cut; a sale on the card's debt, whose receipt cannot get its number.
  await taxServer(shop, false);
  await scan(page, onDebt.code);
  await scan(page, card.card);
  await expect(page.getByTestId('sale-card')).toHaveAttribute('data-card', card.card);
  const debtTotal = priced(shop, onDebt, '1', card);
  expect(await saleTotal(page, 1)).toBe(debtTotal);
  await page.keyboard.press('F2');
  await expect(page.getByTestId('mixed-card-debt')).toHaveAttribute('data-debt', hrn(kop(card.debt)));
  await page.getByTestId('mixed-debt').fill(shown(debtTotal));
  await expect(page.getByTestId('mixed-remainder')).toHaveAttribute('data-remainder', '0.00');
  await page.keyboard.press('F12');
  const debtCheck = await closedCheck(page);
  // Nothing is paid now: the receipt is a partial payment of nothing, its goods on the card's debt.
  day.push({ what: 'on debt', exact: 0, cash: 0, card: 0 });
  const debtSaleDoc = receiptDoc(shop, debtCheck);
  expect(debtSaleDoc).toBeGreaterThan(0);
  // The till works on without the tax server, and says so in the status bar.
  await expect(page.getByTestId('offline-clock')).toHaveAttribute('data-state', 'offline', { timeout: 30_000 });

  // The customer comes back to pay that receipt's debt in cash (F3) while the tax server has not
  // taken the sale: it waits in the register's offline session, with no number from the server.
  const repaidCash = cashDue(debtTotal);
  await page.keyboard.press('F3');
  await expect(page.getByTestId('screen-debt')).toBeVisible();
  await page.getByTestId('debt-card-input').fill(card.card);
  await page.getByTestId('debt-card-input').press('Enter');
  const debtRow = page.locator(`[data-testid="debt-row"][data-check="${debtCheck}"]`);
  await expect(debtRow).toBeVisible();
  await debtRow.getByTestId('debt-row-select').check();
  await page.getByTestId('debt-pay-cash').click();
  const question = page.getByTestId('debt-confirm-text');
  await expect(question).toContainText(
    `Прийняти ${formatMoney(hrn(repaidCash))} готівкою в касу ${akas} у рахунок боргу картки ${card.card}: борг зменшиться на ${formatMoney(hrn(debtTotal))}, заокруглення ${formatRounding(new Decimal(hrn(repaidCash - debtTotal)))}\u00a0₴`,
  );
  expect(docOf(shop, debtSaleDoc)?.status).toBe(7);
  await snap('day-3-debt-question');
  const printedBefore = await prints(page);
  await page.getByTestId('confirm').click();
  await expect(page.getByTestId('debt-result')).toBeVisible();
  await expect(page.getByTestId('debt-result-paid')).toHaveText(formatMoney(hrn(debtTotal)));
  await expect(page.getByTestId('debt-result-cash')).toHaveText(
    `${formatMoney(hrn(repaidCash))} (заокруглення ${formatRounding(new Decimal(hrn(repaidCash - debtTotal)))}\u00a0₴)`,
  );
  await expect.poll(() => prints(page), { timeout: 15_000 }).toBe(printedBefore + 1);
  await expect(page.getByTestId('receipt-print').getByTestId('receipt-paper')).toHaveAttribute('data-kind', 'repayment');
  day.push({ what: 'debt repaid', exact: debtTotal, cash: repaidCash, card: 0 });
  const [link] = shop.query<{ doc_id: number }>(
    'SELECT doc_id FROM prro_prepay_links WHERE original_doc_id = ? AND check_number = ?',
    debtSaleDoc,
    debtCheck,
  );
  const repaymentDoc = link?.doc_id ?? 0;
  expect(repaymentDoc).toBeGreaterThan(0);
  // Still nothing of it at the tax server: the sale has no number from it.
  expect(docOf(shop, debtSaleDoc)?.status).toBe(7);
  expect(docOf(shop, repaymentDoc)?.status).not.toBe(2);
  await snap('day-3-debt-repaid-offline');

  // The tax server is back: the sale, then its repayment naming the sale's number, are taken.
  await taxServer(shop, true);
  await expect.poll(() => docOf(shop, repaymentDoc)?.status, { timeout: 60_000 }).toBe(2);
  const sale = docOf(shop, debtSaleDoc);
  const repayment = docOf(shop, repaymentDoc);
  expect(sale?.status).toBe(2);
  expect(sale?.fiscal_number).not.toBe('');
  expect(repayment?.fiscal_number).not.toBe('');
  expect(Buffer.from(repayment?.body ?? '', 'base64').toString('latin1')).toContain(
    `<PARTPAYORDPREPAYNUM>${sale?.fiscal_number}</PARTPAYORDPREPAYNUM>`,
  );
  await expect(page.getByTestId('fiscal-status')).toHaveAttribute('data-state', 'sent', { timeout: 30_000 });

  // ── 4. A receipt the tax server refuses. The till works offline again for a while, and meanwhile
  // the seller's tax number in the back office's record is mistyped for one sale (by a tool writing
  // to its database behind the till's back) and put right: that receipt alone carries the wrong
  // number in its head, and the tax server refuses it when the till's offline receipts go.
  const wrongTin = `${seller.tin.slice(0, -2)}${seller.tin.slice(-1)}${seller.tin.slice(-2, -1)}`;
  expect(wrongTin).not.toBe(seller.tin);
  await page.keyboard.press('F1');
  await taxServer(shop, false);
  await scan(page, offlineGood.code);
  const offlineDue = priced(shop, offlineGood, '1');
  expect(await saleTotal(page, 1)).toBe(offlineDue);
  await payExact(page);
  const offlineCheck = await closedCheck(page);
  day.push({ what: 'offline', exact: offlineDue, cash: cashDue(offlineDue), card: 0 });
  const offlineDoc = receiptDoc(shop, offlineCheck);
  await expect.poll(() => docOf(shop, offlineDoc)?.status, { timeout: 20_000 }).toBe(7);

  writeSellerTin(shop, wrongTin);
  await scan(page, refusedGood.code);
  const refusedDue = priced(shop, refusedGood, '1');
  expect(await saleTotal(page, 1)).toBe(refusedDue);
  await payExact(page);
  const refusedCheck = await closedCheck(page);
  writeSellerTin(shop, seller.tin);
  day.push({ what: 'refused, then corrected', exact: refusedDue, cash: cashDue(refusedDue), card: 0 });
  const refusedDoc = receiptDoc(shop, refusedCheck);
  expect(Buffer.from(docOf(shop, refusedDoc)?.body ?? '', 'base64').toString('latin1')).toContain(`<TIN>${wrongTin}</TIN>`);
  await taxServer(shop, true);
  await expect.poll(() => docOf(shop, refusedDoc)?.status, { timeout: 60_000 }).toBe(3);
  expect(docOf(shop, offlineDoc)?.status).toBe(2);

  // The cashier is told at once, on the sale screen and in the status bar.
  const wait = page.getByTestId('receipts-wait');
  await expect(wait).toBeVisible({ timeout: 12_000 });
  await expect(wait).toHaveAttribute('data-doc', String(refusedDoc));
  await expect(wait).toContainText('Чеки не отримують фіскальних номерів.');
  await expect(wait).toContainText('Податкова відхилила чек');
  await expect(wait).toContainText('код 3');
  await expect(wait).toContainText(wrongTin);
  const bar = page.getByTestId('fiscal-status');
  await expect(bar).toHaveAttribute('data-state', 'refused');
  await expect(bar).toContainText('Фіскалізацію зупинено');
  // What to do is in sight, whole, however long the server's words, at every size of till (1024×768 hid it).
  const act = wait.locator('p').last();
  await expect(act).toContainText('Покличте менеджера');
  await expect(act).toContainText('F5');
  for (const [width, height] of [
    [1280, 1024],
    [1366, 768],
    [1024, 768],
  ] as const) {
    await page.setViewportSize({ width, height });
    const actShown = await wait.evaluate((box) => {
      const last = box.querySelector('p:last-child')?.getBoundingClientRect();
      return last !== undefined && last.bottom <= box.getBoundingClientRect().bottom;
    });
    expect(actShown, `${width}×${height}`).toBe(true);
    await snap(`day-4-refused-sale-screen-${width}x${height}`);
  }

  // The next receipt waits behind it.
  const stoppedBefore = Number(await wait.getAttribute('data-count'));
  expect(String(stoppedBefore)).toBe((await shiftRow(shop)).stopped_docs);
  await scan(page, behindGood.code);
  const behindDue = priced(shop, behindGood, '1');
  expect(await saleTotal(page, 1)).toBe(behindDue);
  await payExact(page);
  const behindCheck = await closedCheck(page);
  day.push({ what: 'behind the refused', exact: behindDue, cash: cashDue(behindDue), card: 0 });
  const behindDoc = receiptDoc(shop, behindCheck);
  await expect(wait).toHaveAttribute('data-count', String(stoppedBefore + 1), { timeout: 20_000 });
  expect(docOf(shop, behindDoc)?.status).toBe(6);
  await snap('day-4-receipt-waits-behind');

  // ── 5. The manager signs in, opens F5 on this till's refused receipt and corrects it in the form.
  await switchTo(page, DEMO_MANAGER);
  await page.keyboard.press('F1');
  await page.keyboard.press('F5');
  await expect(page.getByTestId('screen-prro')).toBeVisible();
  const detail = page.getByTestId('prro-detail');
  await expect(detail).toHaveAttribute('data-id', String(refusedDoc));
  await expect(page.getByTestId('prro-reason')).toHaveAttribute('data-kind', 'refused');
  const refusalWords = (await page.getByTestId('prro-detail-error').textContent()) ?? '';
  expect(refusalWords).toContain(
    `В документі зазначено реєстраційний код платника ${wrongTin}, а ПРРО зареєстровано на ${seller.tin}`,
  );
  // The form is open; Alt+V takes the keyboard to the field the tax server named, its words beside it.
  const tin = page.getByTestId('prro-fix-TIN-input');
  await expect(tin).toHaveValue(wrongTin);
  await page.keyboard.press('Alt+V');
  await expect(tin).toBeFocused();
  await expect(page.getByTestId('prro-fix-TIN-says')).toContainText(`податковий сервер: ${refusalWords}`);
  await snap('day-5-prro-refused');
  await tin.fill(seller.tin);
  await expect(page.getByTestId('prro-fix-TIN')).toHaveAttribute('data-changed', 'true');
  await expect(page.getByTestId('prro-xml')).toContainText(`<TIN>${seller.tin}</TIN>`);
  await page.keyboard.press('Alt+R');
  await expect(page.getByTestId('prro-changes')).toContainText(`«${wrongTin}» → «${seller.tin}»`);
  // The receipt behind it is named, and the question asked again.
  await expect(page.locator(`[data-testid="prro-dependent"][data-id="${behindDoc}"]`)).toBeVisible();
  await snap('day-5-prro-correction-confirm');
  await page.getByTestId('confirm').click();
  await expect(page.getByTestId('prro-ask-again')).toBeVisible();
  await page.getByTestId('confirm').click();
  await managerConfirms(page, DEMO_MANAGER);
  await expect(page.getByTestId('prro-notice')).toContainText('повернуто в чергу');
  await expect.poll(() => docOf(shop, refusedDoc)?.status, { timeout: 30_000 }).toBe(2);
  await expect.poll(() => docOf(shop, behindDoc)?.status, { timeout: 30_000 }).toBe(2);
  expect(Buffer.from(docOf(shop, refusedDoc)?.body ?? '', 'base64').toString('latin1')).toContain(`<TIN>${seller.tin}</TIN>`);
  await expect(page.getByTestId('prro-empty')).toBeVisible({ timeout: 30_000 });
  await expect(bar).toHaveAttribute('data-state', 'sent', { timeout: 30_000 });
  await snap('day-5-prro-drained');

  // ── The day in figures, from its own sales.
  const sum = (f: (p: Paid) => number) => day.reduce((s, p) => s + f(p), 0);
  const cashIn = sum((p) => p.cash);
  const cardIn = sum((p) => p.card);
  const paid = cashIn + cardIn;
  /** RNDSUM, as the documents write it: the exact amount less what was paid. */
  const rndsum = sum((p) => p.exact - p.cash - p.card);
  const drawer = drawerBefore + FLOAT * 100 + cashIn;

  // ── 6. The cashier again: the X-report on screen and on paper, printed.
  await switchTo(page, DEMO_CASHIER);
  await openShiftScreen(page);
  await expect(page.getByTestId('shift-cash')).toHaveAttribute('data-amount', hrn(drawer));
  await page.keyboard.press('Alt+KeyX');
  await expect(page.getByTestId('x-report')).toHaveAttribute('data-shift', String(shiftId));
  await expect(page.getByTestId('report-sales')).toHaveAttribute('data-count', String(day.length));
  await expect(page.getByTestId('report-sales')).toHaveAttribute('data-sum', hrn(paid));
  await expect(page.getByTestId('report-sales-rounding')).toHaveAttribute('data-amount', hrn(rndsum));
  await expect(page.locator('[data-testid="report-sales-pay"][data-code="0"]')).toHaveAttribute('data-amount', hrn(cashIn));
  await expect(page.locator('[data-testid="report-sales-pay"][data-code="1"]')).toHaveAttribute('data-amount', hrn(cardIn));
  await expect(page.getByTestId('report-returns')).toHaveAttribute('data-count', '0');
  await expect(page.getByTestId('report-service-input')).toHaveAttribute('data-amount', hrn(FLOAT * 100));
  await expect(page.getByTestId('report-service-output')).toHaveAttribute('data-amount', '0.00');
  await snap('day-6-x-report');
  await page.keyboard.press('Alt+KeyP');
  const dialog = page.getByTestId('receipt-dialog');
  const xPaper = dialog.getByTestId('report-paper');
  await expect(xPaper).toHaveAttribute('data-kind', 'x');
  await expect(xPaper.getByTestId('report-paper-sales')).toHaveAttribute('data-sum', hrn(paid));
  await expect(xPaper.getByTestId('report-paper-sales')).toHaveAttribute('data-rounding', hrn(rndsum));
  const xSales = await paperRows(xPaper.getByTestId('report-paper-sales'));
  expect(xSales).toMatchObject({
    Чеків: String(day.length),
    СУМА: shown(paid),
    // The paper shows the rounding only where the day's roundings do not cancel out.
    ...(rndsum === 0
      ? {}
      : { 'Сума без заокруглення': shown(paid + rndsum), ЗАОКРУГЛЕННЯ: formatRounding(new Decimal(hrn(-rndsum))) }),
    ГОТІВКА: shown(cashIn),
    КАРТКА: shown(cardIn),
  });
  const xAll = await paperRows(xPaper);
  expect(xAll).toMatchObject({
    'СЛУЖБОВЕ ВНЕСЕННЯ': shown(FLOAT * 100),
    'СЛУЖБОВА ВИДАЧА': shown(0),
    // What the drawer held when the shift opened; the float came in after, as a service deposit.
    'Готівка на початок зміни': shown(drawerBefore),
    'Готівка в касі': shown(drawer),
  });
  await snap('day-6-x-paper');
  await printShown(page, 1);

  // ── 7. The Z-report: what is collected and what stays as tomorrow's float; both papers printed.
  await expect(page.getByTestId('shift-unsent')).toHaveAttribute('data-count', '0', { timeout: 60_000 });
  const keep = FLOAT * 100;
  const collected = drawer - keep;
  await page.keyboard.press('Alt+KeyZ');
  await expect(page.getByTestId('shift-collect')).toBeFocused();
  await expect(page.getByTestId('shift-collect')).toHaveValue(shown(drawer).replace(/\s/g, ''));
  await page.getByTestId('shift-keep').fill(shown(keep));
  await expect(page.getByTestId('shift-collect')).toHaveValue(shown(collected).replace(/\s/g, ''));
  await snap('day-7-z-collection');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('shift-close-confirm-cash')).toContainText(`У касі залишиться на наступну зміну ${shown(keep)}`);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByTestId('receipt-paper')).toHaveAttribute('data-kind', 'withdrawal');
  await expect(dialog.getByTestId('receipt-paper')).toContainText('Підстава: Інкасація');
  await expect(dialog.getByTestId('receipt-paper')).toContainText(shown(collected));
  const zPaper = dialog.getByTestId('report-paper');
  await expect(zPaper).toHaveAttribute('data-kind', 'z');
  await expect(zPaper.getByTestId('report-paper-sales')).toHaveAttribute('data-sum', hrn(paid));
  await expect(zPaper.getByTestId('report-paper-sales')).toHaveAttribute('data-rounding', hrn(rndsum));
  expect(await paperRows(zPaper.getByTestId('report-paper-sales'))).toEqual(xSales);
  expect(await paperRows(zPaper)).toMatchObject({
    'СЛУЖБОВЕ ВНЕСЕННЯ': shown(FLOAT * 100),
    'СЛУЖБОВА ВИДАЧА': shown(collected),
    'у т. ч. інкасація': shown(collected),
    'Готівка на початок зміни': shown(drawerBefore),
    'Залишок готівки в касі': shown(keep),
  });
  await expect(zPaper.getByTestId('report-paper-numbers')).toContainText('ФН');
  await snap('day-7-z-papers');
  await printShown(page, 2);
  await expect(page.getByTestId('shift-z')).toHaveAttribute('data-shift', String(shiftId));
  await expect(page.getByTestId('shift-z-sales')).toHaveAttribute('data-sum', hrn(paid));
  await expect(page.getByTestId('shift-z-sales')).toHaveAttribute('data-count', String(day.length));
  await expect(page.getByTestId('shift-z-service')).toHaveAttribute('data-input', hrn(FLOAT * 100));
  await expect(page.getByTestId('shift-z-service')).toHaveAttribute('data-output', hrn(collected));
  await expect(page.getByTestId('shift-z-collection')).toHaveAttribute('data-collected', hrn(collected));
  await expect(page.getByTestId('shift-z-collection')).toHaveAttribute('data-left', hrn(keep));
  await snap('day-7-z-closed');

  // ── 8. The books agree with the papers.
  expect(await cashBox(shop, akas)).toBe(hrn(keep));
  const [row] = shop.query<{ opening_cash: number; collected: number; closing_cash: number; closed: number }>(
    'SELECT opening_cash, collected, closing_cash, closed_at IS NOT NULL AS closed FROM shifts WHERE id = ?',
    shiftId,
  );
  expect(row).toEqual({
    opening_cash: drawerBefore * 100,
    collected: collected * 100,
    closing_cash: keep * 100,
    closed: 1,
  });
  // Every document of the shift is at the tax server.
  const unsettled = () =>
    shop.query('SELECT id, doc_type, status FROM prro_docs WHERE shift_id = ? AND status NOT IN (2, 9)', shiftId);
  await expect.poll(unsettled, { timeout: 30_000 }).toEqual([]);
  // The drawer's movements of the shift add up to what it kept.
  const [moves] = shop.query<{ total: number }>(
    `SELECT sum(m.amount) AS total FROM cash_movements m JOIN prro_docs d ON d.id = m.prro_doc_id
     WHERE m.akas = ? AND d.shift_id = ?`,
    akas,
    shiftId,
  );
  expect(moves?.total).toBe((FLOAT * 100 + cashIn - collected) * 100);
  // The card owes what it owed before: its receipt on debt was repaid in full.
  expect(shop.query('SELECT debt FROM discount_cards WHERE card = ?', card.card)).toEqual([{ debt: card.debt }]);
  const [debt] = shop.query<{ amount: number; repaid: number }>(
    'SELECT amount, repaid FROM card_debts WHERE card = ? AND check_number = ?',
    card.card,
    debtCheck,
  );
  expect(debt).toEqual({ amount: debtTotal * 100, repaid: debtTotal * 100 });
});
