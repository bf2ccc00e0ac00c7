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

  it('pays an invoice to its supplier, or to the counterparty named where the invoice has none, never to nobody', () => {
    shop.db
      .prepare(
        "INSERT INTO invoices (nn, kind, supplier, created_at, received_on) VALUES ('П-8', 'incoming', '', '2025-03-05', '2025-03-05')",
      )
      .run();
    shop.db
      .prepare(
        `INSERT INTO invoice_lines (nn, code, quantity, price, cost, markup, currency, rate, currency_cost)
         VALUES ('П-8', ?, ?, ?, ?, 0, 'UAH', 1000000, ?)`,
      )
      .run(BREAD, toDb('10', 'unit'), toDb('25.50', 'cur'), toDb('20', 'cur'), toDb('20', 'cur'));
    const movements = () => shop.db.prepare('SELECT count(*) FROM cash_movements').pluck().get();
    const before = movements();
    expect(shop.refused('finance.pay_contrag_invoice', { nn: 'П-8', fromkas: 'KAS1', sum: '50.00' })).toMatchObject({
      path: 'params.contrag',
      reason: 'payment.invoice_no_supplier',
      problem: 'invoice П-8 names no supplier: name the counterparty paid (contrag)',
    });
    expect(
      shop.refused('finance.pay_contrag_invoice', { nn: 'П-8', contrag: 'Хтось', fromkas: 'KAS1', sum: '50.00' }).reason,
    ).toBe('payment.payee_unknown');
    expect(
      shop.refused('finance.pay_contrag_invoice', { nn: 'ПН-7', contrag: 'ФОП Пекар', fromkas: 'KAS1', sum: '50.00' }),
    ).toMatchObject({ path: 'params.contrag', reason: 'payment.not_supplier' });
    expect(movements()).toBe(before);
    expect(balanceOf(shop.db, 'KAS1')).toBe('420.00');
    expect(
      shop.call('finance.pay_contrag_invoice', { nn: 'П-8', contrag: 'ФОП Пекар', fromkas: 'KAS1', sum: '50.00' }).status.detail,
    ).toBe('paid 50.00 to ФОП Пекар from KAS1; cash box balance 370.00; invoice П-8 still owes 150.00');
    expect(shop.db.prepare('SELECT contrag FROM counterparty_payments ORDER BY id DESC').pluck().get()).toBe('ФОП Пекар');
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
