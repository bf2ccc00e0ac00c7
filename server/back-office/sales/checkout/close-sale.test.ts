import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ParamsOf } from '../../../../shared/contract/index.js';
import { invariantBreaches, NO_BREACHES } from '../testing/invariants.js';
import { balanceOf, batchesOf, cardOf, linesOf, paymentsOf, stockOf } from '../testing/queries.js';
import {
  addBatch,
  addCard,
  addProduct,
  addUser,
  BREAD,
  CHEESE,
  CIGARETTES,
  MILK,
  type Shop,
  standardShop,
} from '../testing/shop.js';
import { snapshot } from '../testing/snapshot.js';

type Close = ParamsOf<'pos.checkout_close_sale'>;

let shop: Shop;
beforeEach(() => {
  shop = standardShop();
  addCard(shop, { code: '2299000000017', maxdolg: '1000', bonus: '50', bonusPercent: '2' });
});
afterEach(() => shop.close());

const docOf = (db: Shop['db'], check: number) =>
  db.prepare('SELECT prro_doc_id FROM receipts WHERE check_number = ?').pluck().get(check) as number;

const close = (p: Omit<Close, 'kasm'> & { kasm?: number }) =>
  shop.call('pos.checkout_close_sale', { kasm: 1, ...p }).rows[0] as Record<string, string>;

/** Two loaves and a milk: 93.00. */
const basket: Close['rows'] = [
  { code: BREAD, quant: '2', price: '25.50', sum: '51.00' },
  { code: MILK, quant: '1', price: '42.00', sum: '42.00' },
];

describe('closing a sale paid in cash', () => {
  it('gives change from the cash handed over and puts only the cash part into the till box', () => {
    const r = close({ rows: basket, payments: [{ type: 'nal', amount: '93.00' }], nal: '100.00', sum: '93.00' });
    expect(r).toMatchObject({
      check_number: '1',
      total: '93.00',
      change: '7.00',
      debt_added: '0.00',
      prro_doc_id: String(docOf(shop.db, 1)),
    });
    expect(balanceOf(shop.db, 'KAS1')).toBe('93.00');
    expect(paymentsOf(shop.db, 1)).toEqual([{ type: 'nal', amount: '93.00', card: '', cert_number: '' }]);
    const receipt = shop.call('pos.reports_checks_today', {}).rows[0];
    expect(receipt).toMatchObject({ check_number: '1', total: '93.00', cash_received: '100.00', change: '7.00', kasm: '1' });
    expect(invariantBreaches(shop.db)).toEqual(NO_BREACHES);
  });

  it('takes stock from the oldest batch first and records the FIFO cost of each line', () => {
    close({ rows: [{ code: BREAD, quant: '12', price: '25.50', sum: '306.00' }], payments: [{ type: 'nal', amount: '306.00' }] });
    expect(stockOf(shop.db, BREAD)).toBe('18.000');
    expect(batchesOf(shop.db, BREAD)).toEqual(['0.000', '18.000']);
    // 10 at 15.00 from the March 1 delivery, 2 at 16.00 from the March 10 one.
    expect(linesOf(shop.db, 1)).toEqual([{ code: BREAD, quantity: '12.000', sum: '306.00', cost: '182.00' }]);
  });

  it('sells weighted goods by the gram and numbers receipts one after another', () => {
    close({
      rows: [{ code: CHEESE, quant: '0.275', price: '420.00', sum: '115.50' }],
      payments: [{ type: 'nal', amount: '115.50' }],
    });
    const r = close({ rows: basket, payments: [{ type: 'nal', amount: '93.00' }], nal_equals_sum: 1 });
    expect(r.check_number).toBe('2');
    expect(r.change).toBe('0.00');
    expect(stockOf(shop.db, CHEESE)).toBe('4.725');
  });
});

describe('closing a sale paid otherwise', () => {
  it('books a cashless payment to the next bank destination of the till, in turn', () => {
    close({ rows: basket, payments: [{ type: 'bn', amount: '93.00' }] });
    close({ rows: basket, payments: [{ type: 'bn', amount: '93.00' }] });
    const destinations = shop.db.prepare('SELECT bank_destination FROM receipts ORDER BY check_number').pluck().all();
    expect(destinations).toEqual(['ФОП Коваль, ПриватБанк', 'ФОП Мельник, Ощадбанк']);
    expect(balanceOf(shop.db, 'KAS1')).toBe('0.00');
    expect(shop.call('pos.cashdesk_bank_next_destination', { kasm: 1 }).rows).toEqual([
      { id: '1', destination: 'ФОП Коваль, ПриватБанк' },
    ]);
  });

  it('puts a debt payment on the card, opening a debt row for the receipt', () => {
    const r = close({ rows: basket, payments: [{ type: 'debt', amount: '93.00', card: '2299000000017' }] });
    expect(r.debt_added).toBe('93.00');
    expect(cardOf(shop.db, '2299000000017')).toMatchObject({ debt: '93.00', purchase_sum: '93.00' });
    expect(shop.call('pos.debt_open_rows', { card: '2299000000017' }).rows).toEqual([
      { total: '93.00', paid: '0.00', check_number: '1', debt: '93.00', date_added: '2025-03-14' },
    ]);
    expect(balanceOf(shop.db, 'KAS1')).toBe('0.00');
  });

  it('spends bonus from the card and accrues bonus only on what was not paid with bonus', () => {
    const r = close({
      rows: basket,
      payments: [
        { type: 'bonus', amount: '20.00', card: '2299000000017' },
        { type: 'nal', amount: '73.00' },
      ],
    });
    // 2% of 93.00 − 20.00 = 1.46.
    expect(r).toMatchObject({ bonus_spent: '20.00', bonus_accrued: '1.46' });
    expect(cardOf(shop.db, '2299000000017').bonus).toBe('31.46');
    expect(shop.call('pos.checkout_client_bonus_delta', { card: '2299000000017' }).rows).toEqual([
      { old_balance: '50.00', new_balance: '31.46' },
    ]);
  });

  it('multiplies the bonus by bonus_kf and accrues none on goods that take no discount', () => {
    const r = close({
      rows: [...basket, { code: CIGARETTES, quant: '1', price: '95.00', sum: '95.00', excise_marks: ['TABX000000 0000000001'] }],
      payments: [{ type: 'bn', amount: '188.00', card: '2299000000017' }],
      bonus_kf: '2',
    });
    expect(r.bonus_accrued).toBe('3.72');
  });

  it('takes a gift certificate with its number', () => {
    shop.call('pos.certificate_issue', { number: 'CERT-500-0042', amount: '500.00' });
    close({ rows: basket, payments: [{ type: 'cert', amount: '93.00', cert_number: 'CERT-500-0042' }] });
    expect(paymentsOf(shop.db, 1)).toEqual([{ type: 'cert', amount: '93.00', card: '', cert_number: 'CERT-500-0042' }]);
  });

  it('splits one receipt over every kind of payment, change coming from the cash part', () => {
    shop.call('pos.certificate_issue', { number: 'C-8', amount: '10.00' });
    const r = close({
      rows: basket,
      payments: [
        { type: 'nal', amount: '20.00' },
        { type: 'bn', amount: '30.00' },
        { type: 'debt', amount: '25.00', card: '2299000000017' },
        { type: 'bonus', amount: '10.00', card: '2299000000017' },
        { type: 'cert', amount: '8.00', cert_number: 'C-8' },
      ],
      nal: '50.00',
      consultants: [addUser(shop.db, 'Ірина')],
      com1: 'постійна покупниця',
    });
    expect(r).toMatchObject({
      total: '93.00',
      change: '30.00',
      debt_added: '25.00',
      bonus_spent: '10.00',
      bonus_accrued: '1.66',
    });
    expect(balanceOf(shop.db, 'KAS1')).toBe('20.00');
    expect(cardOf(shop.db, '2299000000017')).toEqual({ debt: '25.00', bonus: '41.66', purchase_sum: '93.00' });
    expect(shop.db.prepare('SELECT count(*) FROM receipt_consultants').pluck().get()).toBe(1);
    expect(shop.call('pos.reports_checks_today', {}).rows[0]).toMatchObject({
      cash_received: '50.00',
      cashless: '30.00',
      debt: '25.00',
      bonus: '10.00',
      certificate: '8.00',
      change: '30.00',
      card: '2299000000017',
    });
    expect(invariantBreaches(shop.db)).toEqual(NO_BREACHES);
  });

  it('takes the goods from a branch when storage is branch', () => {
    addBatch(shop.db, { code: MILK, quantity: '4', cost: '31.00', on: '2025-03-12', sk: 1 });
    close({
      storage: 'branch',
      sk: 1,
      rows: [{ code: MILK, quant: '3', price: '42.00', sum: '126.00' }],
      payments: [{ type: 'nal', amount: '126.00' }],
    });
    expect(stockOf(shop.db, MILK, 1)).toBe('1.000');
    expect(stockOf(shop.db, MILK)).toBe('30.000');
    expect(linesOf(shop.db, 1)[0]?.cost).toBe('93.00');
  });
});

describe('a refused close', () => {
  const refusedWithoutChange = (p: Close, path: string, problem: RegExp) => {
    const before = snapshot(shop.db);
    const refusal = shop.refused('pos.checkout_close_sale', p);
    expect({ path: refusal.path, problem: refusal.problem }).toEqual({ path, problem: expect.stringMatching(problem) });
    expect(snapshot(shop.db)).toEqual(before);
  };

  it('is refused when the payments do not cover the total, changing nothing', () => {
    refusedWithoutChange(
      { kasm: 1, rows: basket, payments: [{ type: 'nal', amount: '90.00' }] },
      'params.payments',
      /payments 90.00 do not cover the total 93.00/,
    );
  });

  it('is refused when the payments exceed the total: change comes only from cash handed over', () => {
    refusedWithoutChange(
      { kasm: 1, rows: basket, payments: [{ type: 'bn', amount: '100.00' }] },
      'params.payments',
      /exceed the total 93.00/,
    );
    refusedWithoutChange(
      { kasm: 1, rows: basket, payments: [{ type: 'bn', amount: '93.00' }], nal: '100.00' },
      'params.nal',
      /no part of the receipt is paid in cash/,
    );
    refusedWithoutChange(
      { kasm: 1, rows: basket, payments: [{ type: 'nal', amount: '93.00' }], nal: '50.00' },
      'params.nal',
      /less than the cash part/,
    );
  });

  it('is refused when the debt would pass the card limit, changing nothing', () => {
    close({
      rows: [{ code: MILK, quant: '22', price: '42.00', sum: '924.00' }],
      payments: [{ type: 'debt', amount: '924.00', card: '2299000000017' }],
    });
    refusedWithoutChange(
      { kasm: 1, rows: basket, payments: [{ type: 'debt', amount: '93.00', card: '2299000000017' }] },
      'params.payments',
      /over its debt limit 1000.00 \(debt now 924.00\)/,
    );
  });

  it('is refused when the card may not buy on credit', () => {
    addCard(shop, { code: 'NODEBT' });
    refusedWithoutChange(
      { kasm: 1, rows: basket, payments: [{ type: 'debt', amount: '93.00', card: 'NODEBT' }] },
      'params.payments',
      /may not buy on credit/,
    );
  });

  it('is refused when the bonus paid is more than the card holds, changing nothing', () => {
    refusedWithoutChange(
      {
        kasm: 1,
        rows: basket,
        payments: [
          { type: 'bonus', amount: '60.00', card: '2299000000017' },
          { type: 'nal', amount: '33.00' },
        ],
      },
      'params.payments',
      /bonus 60.00 exceeds the bonus balance 50.00/,
    );
  });

  it('is never refused for stock: a sale beyond the books goes through and records the shortage', () => {
    close({
      rows: [{ code: MILK, quant: '31', price: '42.00', sum: '1302.00' }],
      payments: [{ type: 'nal', amount: '1302.00' }],
    });
    expect(stockOf(shop.db, MILK)).toBe('-1.000');
    expect(shop.db.prepare('SELECT code, quantity, stock_before, ref FROM stock_shortages').all()).toEqual([
      { code: MILK, quantity: 1000, stock_before: 30000, ref: 'check:1' },
    ]);
    expect(invariantBreaches(shop.db)).toEqual(NO_BREACHES);
  });

  it('takes lines of one product one after another from the batches the lines before left, and records the shortage on the line beyond them', () => {
    const NEW = '4820000000059';
    addProduct(shop.db, { code: NEW, name: 'Новинка', price: '10.00' });
    close({
      rows: [
        { code: BREAD, quant: '8', price: '25.50', sum: '204.00' },
        { code: NEW, quant: '2', price: '10.00', sum: '20.00' },
        { code: BREAD, quant: '4', price: '25.50', sum: '102.00' },
        { code: BREAD, quant: '20', price: '25.50', sum: '510.00' },
        { code: NEW, quant: '1', price: '10.00', sum: '10.00' },
      ],
      payments: [{ type: 'nal', amount: '846.00' }],
    });
    // 8 × 15.00; 2 × 15.00 + 2 × 16.00; 18 × 16.00 and the 2 beyond the books owed by the newest batch at 16.00.
    expect(linesOf(shop.db, 1).map((l) => [l.code, l.cost])).toEqual([
      [BREAD, '120.00'],
      [NEW, '0.00'],
      [BREAD, '62.00'],
      [BREAD, '320.00'],
      [NEW, '0.00'],
    ]);
    expect(stockOf(shop.db, BREAD)).toBe('-2.000');
    expect(batchesOf(shop.db, BREAD)).toEqual(['0.000', '-2.000']);
    // The product never delivered gets one batch for both its lines.
    expect(batchesOf(shop.db, NEW)).toEqual(['-3.000']);
    expect(shop.db.prepare('SELECT code, quantity, stock_before FROM stock_shortages ORDER BY id').all()).toEqual([
      { code: NEW, quantity: 2000, stock_before: 0 },
      { code: BREAD, quantity: 2000, stock_before: 18000 },
      { code: NEW, quantity: 1000, stock_before: -2000 },
    ]);
    const lineBatches = shop.db
      .prepare(
        `SELECT l.line_no, b.quantity FROM receipt_line_batches b JOIN receipt_lines l ON l.id = b.line_id
         WHERE l.check_number = 1 ORDER BY l.line_no, b.batch_id`,
      )
      .all();
    expect(lineBatches).toEqual([
      { line_no: 1, quantity: 8000 },
      { line_no: 2, quantity: 2000 },
      { line_no: 3, quantity: 2000 },
      { line_no: 3, quantity: 2000 },
      { line_no: 4, quantity: 20000 },
      { line_no: 5, quantity: 1000 },
    ]);
    expect(invariantBreaches(shop.db)).toEqual(NO_BREACHES);
  });

  it('is refused for a price finer than a kopeck, which the fiscal document could not state', () => {
    refusedWithoutChange(
      {
        kasm: 1,
        rows: [{ code: BREAD, quant: '3', price: '10.1234', sum: '30.37' }],
        payments: [{ type: 'nal', amount: '30.37' }],
      },
      'params.rows[0].price',
      /10.1234 is not a whole number of kopecks/,
    );
  });

  it('dates the batch it opens for goods never delivered by the shop day, not the UTC one', () => {
    const salt = '4820000000059';
    addProduct(shop.db, { code: salt, name: 'Сіль', price: '12.00' });
    // 00:30 on March 15 in Kyiv is still March 14 in UTC.
    shop.setNow('2025-03-14T22:30:00Z');
    close({ rows: [{ code: salt, quant: '1', price: '12.00', sum: '12.00' }], payments: [{ type: 'nal', amount: '12.00' }] });
    expect(shop.db.prepare('SELECT received_on FROM stock_batches WHERE code = ?').all(salt)).toEqual([
      { received_on: '2025-03-15' },
    ]);
    expect(invariantBreaches(shop.db)).toEqual(NO_BREACHES);
  });

  it('is refused when a line does not add up, or the declared sum or discount differ from the lines', () => {
    refusedWithoutChange(
      {
        kasm: 1,
        rows: [{ code: BREAD, quant: '2', price: '25.50', sum: '50.00' }],
        payments: [{ type: 'nal', amount: '50.00' }],
      },
      'params.rows[0].sum',
      /50.00 is not quant × price − discount = 51.00/,
    );
    refusedWithoutChange(
      { kasm: 1, rows: basket, payments: [{ type: 'nal', amount: '93.00' }], sum: '95.00' },
      'params.sum',
      /differs/,
    );
    refusedWithoutChange(
      { kasm: 1, rows: basket, payments: [{ type: 'nal', amount: '93.00' }], discount: '1.00' },
      'params.discount',
      /differs/,
    );
  });

  it('is refused for a discount on goods that take none, an unknown till, product or consultant', () => {
    refusedWithoutChange(
      {
        kasm: 1,
        rows: [{ code: CIGARETTES, quant: '1', price: '95.00', discount: '5.00', sum: '90.00', excise_marks: ['T1'] }],
        payments: [{ type: 'nal', amount: '90.00' }],
      },
      'params.rows[0].discount',
      /takes no discount/,
    );
    refusedWithoutChange(
      { kasm: 9, rows: basket, payments: [{ type: 'nal', amount: '93.00' }] },
      'params.kasm',
      /names no till: 9/,
    );
    refusedWithoutChange(
      { kasm: 1, rows: [{ code: 'nope', quant: '1', price: '1.00', sum: '1.00' }], payments: [{ type: 'nal', amount: '1.00' }] },
      'params.rows[0].code',
      /names no product/,
    );
    refusedWithoutChange(
      { kasm: 1, rows: basket, payments: [{ type: 'nal', amount: '93.00' }], consultants: [77] },
      'params.consultants[0]',
      /names no user: 77/,
    );
  });

  it('is refused when debt or bonus has no card, or two cards meet on one receipt', () => {
    refusedWithoutChange(
      { kasm: 1, rows: basket, payments: [{ type: 'debt', amount: '93.00' }] },
      'params.payments',
      /need the buyer's discount card/,
    );
    addCard(shop, { code: 'OTHER' });
    refusedWithoutChange(
      { kasm: 1, rows: basket, payments: [{ type: 'debt', amount: '93.00', card: '2299000000017' }], mixed_card: 'OTHER' },
      'params.payments',
      /a receipt has one discount card/,
    );
  });

  it('refuses to close the same sale document twice', () => {
    close({ ndoc: 'D-1', rows: basket, payments: [{ type: 'nal', amount: '93.00' }] });
    refusedWithoutChange(
      { kasm: 1, ndoc: 'D-1', rows: basket, payments: [{ type: 'nal', amount: '93.00' }] },
      'params.ndoc',
      /already closed as receipt 1/,
    );
  });
});
