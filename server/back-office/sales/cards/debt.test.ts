import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ParamsOf } from '../../../../shared/contract/index.js';
import { caller } from '../../catalog/testing.js';
import { fmtDb } from '../../decimal.js';
import { invariantBreaches, NO_BREACHES } from '../testing/invariants.js';
import { balanceOf, cardOf } from '../testing/queries.js';
import { addCard, BREAD, MILK, type Shop, standardShop } from '../testing/shop.js';
import { sendToTaxServer } from '../testing/tax-server.js';

const CARD = '2299000000017';
let shop: Shop;

/** Three receipts on credit on three days: 42.00, 51.00 and 84.00, and one paid in cash. */
beforeEach(() => {
  // The shifts open before the first sale and stay open until the repayments on the 14th.
  shop = standardShop([], { shiftsFrom: '2025-03-10T08:00:00Z' });
  shop.call('settings.fiscal_limits_save', { shift_max_hours: 168 });
  addCard(shop, { code: CARD, maxdolg: '1000', bonus: '100', bonusPercent: '0', last: 'Бондаренко' });
  addCard(shop, { code: 'NEIGHBOUR', maxdolg: '500', last: 'Ткачук' });
  const sale = (
    day: string,
    code: string,
    quant: string,
    price: string,
    sum: string,
    debt: string,
    user = 'cashier',
    card = CARD,
  ) => {
    shop.setNow(`2025-03-${day}T09:00:00Z`);
    const payments: ParamsOf<'pos.checkout_close_sale'>['payments'] = [{ type: 'debt', amount: debt, card }];
    if (debt !== sum) payments.push({ type: 'nal', amount: (Number(sum) - Number(debt)).toFixed(2) });
    shop.call('pos.checkout_close_sale', { kasm: 1, rows: [{ code, quant, price, sum }], payments }, user);
  };
  sale('10', MILK, '1', '42.00', '42.00', '42.00');
  sale('11', BREAD, '2', '25.50', '51.00', '51.00', 'manager');
  sale('12', MILK, '3', '42.00', '126.00', '84.00');
  sale('12', BREAD, '1', '25.50', '25.50', '25.50', 'cashier', 'NEIGHBOUR');
  shop.setNow('2025-03-14T10:00:00Z');
  // A repayment at a till names the sale's fiscal number: the sales have reached the tax server.
  sendToTaxServer(shop.db);
});
afterEach(() => shop.close());

describe('open debts', () => {
  it('lists the receipts of a card that still owe, oldest first, with what each has paid', () => {
    expect(shop.call('pos.debt_open_rows', { card: CARD }).rows).toEqual([
      { total: '42.00', paid: '0.00', check_number: '1', debt: '42.00', date_added: '2025-03-10' },
      { total: '51.00', paid: '0.00', check_number: '2', debt: '51.00', date_added: '2025-03-11' },
      { total: '126.00', paid: '42.00', check_number: '3', debt: '84.00', date_added: '2025-03-12' },
    ]);
    expect(shop.call('checks.discount_debt', { code: CARD }).status.value).toBe('177.00');
  });

  it('lists cards with debt older than a date, optionally only from receipts the caller made', () => {
    expect(shop.call('pos.overdue_debts', {}).rows).toEqual([
      { card: CARD, last_name: 'Бондаренко', first_name: 'Олена', middle_name: 'Петрівна', debt: '177.00' },
      { card: 'NEIGHBOUR', last_name: 'Ткачук', first_name: 'Олена', middle_name: 'Петрівна', debt: '25.50' },
    ]);
    expect(shop.call('pos.overdue_debts', { max_date: '2025-03-12' }).rows).toEqual([
      expect.objectContaining({ card: CARD, debt: '93.00' }),
    ]);
    expect(shop.call('pos.overdue_debts', { max_date: '2025-03-12', only_user: true }, 'manager').rows).toEqual([
      expect.objectContaining({ card: CARD, debt: '51.00' }),
    ]);
  });
});

describe('paying debt in cash', () => {
  it('takes the cash into the box and settles the oldest receipts first', () => {
    const before = balanceOf(shop.db, 'KAS2');
    const r = shop.call('pos.debt_pay_cash', { akas: 'KAS2', card: CARD, amount: '60.00' });
    expect(r.rows).toEqual([
      ['60.00', '60.00', '117.00', '60.00', '0.00'],
      // Till 2's drawer: each receipt repaid has its repayment receipt (the third column).
      ['1', '42.00', expect.stringMatching(/^\d+$/)],
      ['2', '18.00', expect.stringMatching(/^\d+$/)],
    ]);
    expect(before).toBe('0.00');
    expect(balanceOf(shop.db, 'KAS2')).toBe('60.00');
    expect(shop.db.prepare('SELECT tdoc, payment_name FROM cash_movements WHERE akas = ?').get('KAS2')).toEqual({
      tdoc: 'Приход кассы',
      payment_name: 'Оплата долга',
    });
    expect(shop.call('pos.debt_open_rows', { card: CARD }).rows[0]).toMatchObject({
      check_number: '2',
      paid: '18.00',
      debt: '33.00',
    });
    expect(invariantBreaches(shop.db)).toEqual(NO_BREACHES);
  });

  it('pays only the receipts named in only_nc, all of what they owe when no amount is given', () => {
    const r = shop.call('pos.debt_pay_cash', { akas: 'KAS1', card: CARD, only_nc: '3, 2' });
    expect(r.rows).toEqual([
      ['135.00', expect.any(String), '42.00', '135.00', '0.00'],
      ['2', '51.00', expect.stringMatching(/^\d+$/)],
      ['3', '84.00', expect.stringMatching(/^\d+$/)],
    ]);
    expect(cardOf(shop.db, CARD).debt).toBe('42.00');
  });

  it('refuses more than is owed, receipts without debt, an unknown box, and a card without debt', () => {
    expect(shop.refused('pos.debt_pay_cash', { akas: 'KAS1', card: CARD, amount: '500' }).problem).toMatch(
      /more than the debt 177.00/,
    );
    expect(shop.refused('pos.debt_pay_cash', { akas: 'KAS1', card: CARD, only_nc: '4' }).problem).toMatch(
      /receipt 4 has no open debt/,
    );
    expect(shop.refused('pos.debt_pay_cash', { akas: 'KAS1', card: CARD, only_nc: 'x' }).path).toBe('params.only_nc');
    expect(shop.refused('pos.debt_pay_cash', { akas: 'NOPE', card: CARD }).path).toBe('params.akas');
    addCard(shop, { code: 'CLEAN' });
    expect(shop.refused('pos.debt_pay_cash', { akas: 'KAS1', card: 'CLEAN' }).problem).toMatch(/has no debt to pay/);
    expect(cardOf(shop.db, CARD).debt).toBe('177.00');
    expect(balanceOf(shop.db, 'KAS1')).toBe('42.00');
  });

  it('pays through the finance operations: a whole card, or one receipt', () => {
    const line = shop.call('finance.discount_debt_cash_line', { card: CARD, nc: 3, kas: 'KAS2', sum: '4.00' });
    expect(line.status).toMatchObject({
      affected: '1',
      detail: 'card 2299000000017: 4.00 paid into KAS2 for receipt 3; remaining debt 173.00',
    });
    const pay = shop.call('finance.discount_debt_cash_pay', { card: CARD, kas: 'KAS2' });
    expect(pay.status).toMatchObject({ affected: '3' });
    expect(cardOf(shop.db, CARD).debt).toBe('0.00');
    expect(balanceOf(shop.db, 'KAS2')).toBe('177.00');
    expect(shop.call('pos.debt_open_rows', { card: CARD }).rows).toEqual([]);
    expect(shop.refused('finance.discount_debt_cash_pay', { card: CARD }).path).toBe('params.kas');
  });
});

describe('paying debt in cash, rounded', () => {
  it('takes the rounded cash the receipt says and answers it with the rounding; the debt falls by what was repaid', () => {
    // The 0.50 step (from 2025-10-01 in the NBU rule) in force here: 12.30 is paid as 12.50.
    shop.call('settings.cash_rounding_save', { effective_from: '2025-03-01', step: '0.50' });
    const before = balanceOf(shop.db, 'KAS1');
    const r = shop.call('pos.debt_pay_cash', { akas: 'KAS1', card: CARD, amount: '12.30', kasm: 1 });
    expect(r.rows).toEqual([
      ['12.30', expect.any(String), '164.70', '12.50', '0.20'],
      ['1', '12.30', expect.stringMatching(/^\d+$/)],
    ]);
    expect(balanceOf(shop.db, 'KAS1')).toBe((Number(before) + 12.5).toFixed(2));
    expect((r.rows[0] as string[])[1]).toBe(balanceOf(shop.db, 'KAS1'));
    expect(cardOf(shop.db, CARD).debt).toBe('164.70');
    // The repayment receipt says the same: 12.50 in cash for 12.30 repaid.
    const doc = shop.db
      .prepare("SELECT content_json FROM prro_docs WHERE ref = 'debt:1' ORDER BY id DESC")
      .pluck()
      .get() as string;
    const content = JSON.parse(doc) as { CHECKTOTAL: Record<string, string>; CHECKPAY: Record<string, string>[] };
    expect(content.CHECKTOTAL).toMatchObject({ PARTPAYSUM: '12.50', NORNDSUM: '12.30', RNDSUM: '-0.20' });
    expect(content.CHECKPAY[0]).toMatchObject({ PAYFORMCD: '0', SUM: '12.50' });
    expect(invariantBreaches(shop.db)).toEqual(NO_BREACHES);
  });

  it('rounds cash into a box of no till each receipt as at a till, and says so in the finance detail', () => {
    shop.db.prepare("INSERT INTO cash_boxes (akas, name) VALUES ('SAFE', 'Сейф')").run();
    const line = shop.call('finance.discount_debt_cash_line', { card: CARD, nc: 1, kas: 'SAFE', sum: '12.34' });
    expect(line.status.detail).toBe(
      'card 2299000000017: 12.34 paid into SAFE as 12.30 in cash (rounding -0.04) for receipt 1; remaining debt 164.66',
    );
    expect(balanceOf(shop.db, 'SAFE')).toBe('12.30');
    const all = shop.call('pos.debt_pay_cash', { akas: 'SAFE', card: CARD, amount: '29.67' });
    // 29.66 settles receipt 1, taken as 29.70; the 0.01 of receipt 2 rounds to nothing.
    expect(all.rows[0]).toEqual(['29.67', '42.00', '134.99', '29.70', '0.03']);
    expect(balanceOf(shop.db, 'SAFE')).toBe('42.00');
  });
});

describe('paying debt with bonus', () => {
  it('spends bonus on the oldest receipts and answers with a summary then one row per receipt', () => {
    const r = shop.call('pos.debt_pay_bonus', { card: CARD, amount: '50.00' });
    expect(r.rows).toEqual([
      ['50.00', '50.00', '127.00'],
      ['1', '42.00'],
      ['2', '8.00'],
    ]);
    expect(cardOf(shop.db, CARD)).toMatchObject({ debt: '127.00', bonus: '50.00' });
    expect(shop.call('discounts.bonus_comments', {}).rows).toContainEqual({ comment: 'Погашення боргу бонусами' });
    expect(invariantBreaches(shop.db)).toEqual(NO_BREACHES);
  });

  it('pays as much as the bonus covers when no amount is given, and refuses more than the balance', () => {
    expect(shop.refused('pos.debt_pay_bonus', { card: CARD, amount: '150.00' }).problem).toMatch(
      /exceeds the bonus balance 100.00/,
    );
    const r = shop.call('pos.debt_pay_bonus', { card: CARD, only_nc: '3' });
    expect(r.rows).toEqual([
      ['84.00', '16.00', '93.00'],
      ['3', '84.00'],
    ]);
    shop.call('pos.debt_pay_bonus', { card: CARD });
    expect(cardOf(shop.db, CARD)).toMatchObject({ debt: '77.00', bonus: '0.00' });
    expect(shop.refused('pos.debt_pay_bonus', { card: CARD }).problem).toMatch(/no bonus to pay its debt with/);
  });
});

describe('discount cards', () => {
  it('imports a new card and leaves an existing one exactly as it is', () => {
    expect(
      shop.call('discounts.import_card_ignore', { code: 'NEW1', df: 'Шевчук', disc: '3', maxdolg: '200', isdolg: 1 }).status
        .affected,
    ).toBe('1');
    expect(shop.call('discounts.import_card_ignore', { code: CARD, df: 'Інша', maxdolg: '0' }).status.affected).toBe('0');
    expect(cardOf(shop.db, CARD).debt).toBe('177.00');
    expect(shop.db.prepare('SELECT last_name FROM discount_cards WHERE card = ?').pluck().get(CARD)).toBe('Бондаренко');
    expect(shop.refused('discounts.import_card_ignore', { code: 'BAD', disc: '120' }).path).toBe('params.disc');
  });

  it('deletes an extra value of a card', () => {
    shop.db.prepare("INSERT INTO card_extra_values (card, nt, value) VALUES (?, 'Email', 'o@example.com')").run(CARD);
    expect(shop.call('discounts.delete_extra_value', { code: CARD, nt: 'Email' }).status.affected).toBe('1');
    expect(shop.call('discounts.delete_extra_value', { code: CARD, nt: 'Email' }).status.affected).toBe('0');
  });

  it('tells a till scanning the card its debt, debt limit and bonus as the ledgers stand', () => {
    // The catalog answers pos.find_code; it reads the card the sales half keeps.
    const facts = () => caller(shop.db)('pos.find_code', { code: CARD }).rows?.[0];
    const ledger = (sql: string) => fmtDb(shop.db.prepare<[string], number>(sql).pluck().get(CARD) ?? 0);
    const openDebt = () => ledger('SELECT sum(amount - repaid) FROM card_debts WHERE card = ?');
    const bonusLedger = () => ledger('SELECT sum(amount) FROM bonus_ledger WHERE card = ?');
    expect(facts()).toMatchObject({ kind: 'card', debt: '177.00', debt_limit: '1000.00', bonus: '100.00' });
    shop.call('pos.debt_pay_bonus', { card: CARD, amount: '50.00' });
    expect(facts()).toMatchObject({ debt: openDebt(), debt_limit: '1000.00', bonus: bonusLedger() });
    expect(facts()).toMatchObject({ debt: '127.00', bonus: '50.00' });
  });

  it('refuses an unknown card in the debt check', () => {
    expect(shop.refused('checks.discount_debt', { code: 'nope' }).path).toBe('params.code');
  });
});
