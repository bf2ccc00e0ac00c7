import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toDb } from '../../decimal.js';
import { invariantBreaches, NO_BREACHES } from '../testing/invariants.js';
import { balanceOf } from '../testing/queries.js';
import { BREAD, MILK, type Shop, standardShop } from '../testing/shop.js';

let shop: Shop;
beforeEach(() => {
  shop = standardShop();
  shop.call('pos.checkout_close_sale', {
    kasm: 1,
    rows: [{ code: MILK, quant: '10', price: '42.00', sum: '420.00' }],
    payments: [{ type: 'nal', amount: '420.00' }],
  });
});
afterEach(() => shop.close());

describe('cash boxes', () => {
  it('answers the balance of a box, and refuses the check of a box that does not exist', () => {
    expect(shop.call('pos.cashdesk_balance', { akas: 'KAS1' }).rows).toEqual([{ balance: '420.00' }]);
    expect(shop.call('pos.cashdesk_balance', { akas: 'NOPE' }).rows).toEqual([]);
    expect(shop.call('checks.cash_balance', { kas: 'KAS1' }).status.value).toBe('420.00');
    expect(shop.refused('checks.cash_balance', { kas: 'NOPE' }).path).toBe('params.kas');
  });

  it('has no bank destination for a till without one', () => {
    expect(shop.call('pos.cashdesk_bank_next_destination', { kasm: 2 }).rows).toEqual([]);
    expect(shop.call('pos.cashdesk_bank_next_destination', { kasm: 7 }).rows).toEqual([]);
  });
});

describe('paying a supplier from a cash box', () => {
  beforeEach(() => {
    shop.db
      .prepare(
        "INSERT INTO invoices (nn, kind, supplier, created_at, received_on) VALUES ('ПН-7', 'incoming', 'ТОВ Молокозавод', '2025-03-05', '2025-03-05')",
      )
      .run();
    shop.db
      .prepare(
        `INSERT INTO invoice_lines (nn, code, quantity, price, cost, markup, currency, rate, currency_cost)
         VALUES ('ПН-7', ?, ?, ?, ?, 0, 'UAH', 1000000, ?)`,
      )
      .run(MILK, toDb('30', 'unit'), toDb('42', 'cur'), toDb('30', 'cur'), toDb('30', 'cur'));
    shop.db.prepare("INSERT INTO counterparties (name) VALUES ('ФОП Пекар')").run();
  });

  it('pays an invoice in parts up to what it owes, the rest when no sum is given', () => {
    const first = shop.call('finance.pay_contrag_invoice', { nn: 'ПН-7', fromkas: 'KAS1', sum: '300.00', com1: 'аванс' });
    expect(first.status).toEqual({
      code: 'OK',
      operation: 'pay_contrag_invoice',
      affected: '1',
      detail: 'paid 300.00 to ТОВ Молокозавод from KAS1; cash box balance 120.00; invoice ПН-7 still owes 600.00',
    });
    expect(shop.refused('finance.pay_contrag_invoice', { nn: 'ПН-7', fromkas: 'KAS1' }).problem).toMatch(
      /holds 120.00; cannot pay out 600.00/,
    );
    shop.call('pos.checkout_close_sale', {
      kasm: 1,
      rows: [{ code: BREAD, quant: '20', price: '25.50', sum: '510.00' }],
      payments: [{ type: 'nal', amount: '510.00' }],
    });
    expect(shop.refused('finance.pay_contrag_invoice', { nn: 'ПН-7', fromkas: 'KAS1', sum: '600.01' }).problem).toMatch(
      /more than invoice ПН-7 still owes/,
    );
    expect(shop.call('finance.pay_contrag_invoice', { nn: 'ПН-7', fromkas: 'KAS1' }).status.detail).toMatch(
      /paid 600.00 .* still owes 0.00$/,
    );
    expect(balanceOf(shop.db, 'KAS1')).toBe('30.00');
    expect(shop.refused('finance.pay_contrag_invoice', { nn: 'ПН-7', fromkas: 'KAS1' }).problem).toBe(
      'invoice ПН-7 is paid in full',
    );
    expect(invariantBreaches(shop.db)).toEqual(NO_BREACHES);
  });

  it('pays a counterparty of the directory without an invoice, when the sum is given', () => {
    expect(shop.call('finance.pay_contrag_invoice', { contrag: 'ФОП Пекар', fromkas: 'KAS1', sum: '100' }).status.affected).toBe(
      '1',
    );
    expect(balanceOf(shop.db, 'KAS1')).toBe('320.00');
    expect(shop.db.prepare('SELECT tdoc, payment_name, amount FROM cash_movements ORDER BY id DESC').get()).toEqual({
      tdoc: 'Видаток каси',
      payment_name: 'Оплата: ФОП Пекар',
      amount: toDb('-100', 'cur'),
    });
    expect(shop.refused('finance.pay_contrag_invoice', { contrag: 'ФОП Пекар', fromkas: 'KAS1' }).path).toBe('params.sum');
    expect(shop.refused('finance.pay_contrag_invoice', { contrag: 'Хтось', fromkas: 'KAS1', sum: '1' }).path).toBe(
      'params.contrag',
    );
    expect(shop.refused('finance.pay_contrag_invoice', { nn: 'ПН-0', fromkas: 'KAS1' }).path).toBe('params.nn');
    expect(shop.refused('finance.pay_contrag_invoice', { contrag: 'ФОП Пекар', sum: '1' }).path).toBe('params.fromkas');
  });
});
