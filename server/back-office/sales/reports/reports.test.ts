import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ParamsOf } from '../../../../shared/contract/index.js';
import { addBatch, addTill, BREAD, MILK, type Shop, standardShop } from '../testing/shop.js';
import { sendToTaxServer } from '../testing/tax-server.js';

let shop: Shop;
beforeEach(() => {
  shop = standardShop();
});
afterEach(() => shop.close());

const sell = (
  kasm = 1,
  rows: ParamsOf<'pos.checkout_close_sale'>['rows'] = [{ code: BREAD, quant: '1', price: '25.50', sum: '25.50' }],
) => {
  const total = rows.reduce((s, r) => s + Number(r.sum), 0).toFixed(2);
  return shop.call('pos.checkout_close_sale', { kasm, rows, payments: [{ type: 'nal', amount: total }] });
};

describe("the day's receipts", () => {
  it('lists the receipts of today newest first, no more than the limit', () => {
    sell();
    sell();
    sell();
    shop.setNow('2025-03-15T08:00:00Z');
    sell();
    shop.setNow('2025-03-14T18:00:00Z');
    expect(
      shop.call('pos.reports_checks_today', { limit: 2 }).rows.map((r) => (r as { check_number: string }).check_number),
    ).toEqual(['3', '2']);
    expect(shop.call('pos.reports_checks_today', { date_from: '2025-03-14', date_to: '2025-03-15' }).rows).toHaveLength(4);
    expect(shop.call('pos.reports_checks_today', { date_to: '2025-03-15' }).rows).toEqual([
      expect.objectContaining({ check_number: '4', total: '25.50', created_at: '2025-03-15T10:00:00+02:00', fiscal_number: '' }),
    ]);
  });

  it("counts only fiscalized receipts of this year into the FOP's turnover", () => {
    // Last year's receipt, in a shift of its own: a register's documents go forward in time.
    shop.close();
    shop = standardShop([], { shiftsFrom: '2024-12-31T09:00:00Z' });
    shop.setNow('2024-12-31T10:00:00Z');
    sell();
    sendToTaxServer(shop.db, new Date('2024-12-31T10:00:00Z'));
    shop.call('pos.shift_close', { kasm: 1 });
    shop.setNow('2025-03-14T10:00:00Z');
    const cashier = shop.db.prepare("SELECT id FROM users WHERE name = 'Олена Касир'").pluck().get() as number;
    shop.call('pos.shift_open', { kasm: 1, cashier });
    addTill(shop.db, { kasm: 3, akas: 'KAS3' });
    sell();
    sell(3);
    expect(shop.call('checks.fop_year_turnover', {}).status.value).toBe('25.50');
  });
});

describe('printing a receipt', () => {
  it('prints the lines of a receipt, the same product at the same price grouped', () => {
    // The milk's discount is a promotion's (the close takes no discount nothing recorded).
    shop.db
      .prepare(
        "INSERT INTO discount_actions (uin, code, disc, action_type, date_from, date_to) VALUES (1, ?, 50000, 0, '2025-03-01', '2025-03-31')",
      )
      .run(MILK);
    sell(1, [
      { code: BREAD, quant: '1', price: '25.50', sum: '25.50' },
      { code: MILK, quant: '2', price: '42.00', sum: '80.00', discount: '4.00' },
      { code: BREAD, quant: '2', price: '25.50', sum: '51.00' },
    ]);
    const grouped = shop.call('pos.reports_check_print_rows', { nc: 1 }).rows;
    expect(grouped).toEqual([
      expect.objectContaining({
        code: BREAD,
        quantity: '3.000',
        price: '25.50',
        sale_price: '25.50',
        document_number: '1',
        fiscal: '1',
      }),
      expect.objectContaining({ code: MILK, quantity: '2.000', price: '42.00', sale_price: '40.00', unit_type: 'шт' }),
    ]);
    expect(shop.call('pos.reports_check_print_rows', { nc: 1, group_rows: false }).rows).toHaveLength(3);
    expect(shop.call('pos.reports_check_print_rows', {}).rows).toHaveLength(2);
    expect(shop.call('pos.reports_check_print_rows', { nc: 1, year: '2024' }).rows).toEqual([]);
    expect(shop.call('pos.reports_check_print_rows', { nc: 1, storage: 'branch', sk: 1 }).rows).toEqual([]);
  });

  it('prints a receipt sold from a branch when asked for that branch', () => {
    addBatch(shop.db, { code: BREAD, quantity: '5', cost: '15', on: '2025-03-01', sk: 2 });
    shop.call('pos.checkout_close_sale', {
      kasm: 1,
      storage: 'branch',
      sk: 2,
      rows: [{ code: BREAD, quant: '1', price: '25.50', sum: '25.50' }],
      payments: [{ type: 'nal', amount: '25.50' }],
    });
    expect(shop.call('pos.reports_check_print_rows', { nc: 1, storage: 'branch', sk: 2 }).rows).toHaveLength(1);
  });
});

describe('reports from templates', () => {
  it("makes the daily report from the day's receipts and records it, numbering the day's reports", () => {
    sell();
    shop.call('pos.checkout_close_sale', {
      kasm: 2,
      rows: [{ code: MILK, quant: '1', price: '42.00', sum: '42.00' }],
      payments: [{ type: 'bn', amount: '42.00' }],
    });
    const text = shop.call('pos.template_report_get', { type: 'dayrep' }).status.value;
    expect(text).toContain('ДЕННИЙ ЗВІТ №1 за 2025-03-14');
    expect(text).toContain('Чеків: 2');
    expect(text).toContain('Продано на суму: 67.50');
    expect(text).toContain('  готівкою: 25.50');
    expect(text).toContain('  безготівково: 42.00');
    expect(text).toContain('  KAS1 (Каса KAS1): 25.50');
    expect(shop.call('pos.template_report_get', { type: 'dayrep' }).status.value).toContain('ДЕННИЙ ЗВІТ №2');
    expect(shop.db.prepare('SELECT type, number, user FROM report_log ORDER BY id').all()).toEqual([
      { type: 'dayrep', number: 1, user: 'cashier' },
      { type: 'dayrep', number: 2, user: 'cashier' },
    ]);
  });

  it("fills the shop's own template, leaving unknown placeholders visible", () => {
    shop.db
      .prepare("INSERT INTO report_templates (type, body, updated_at) VALUES ('dayrep', 'Виручка {total}, {oops}', '2025-01-01')")
      .run();
    sell();
    expect(shop.call('pos.template_report_get', { type: 'dayrep' }).status.value).toBe('Виручка 25.50, {oops}');
  });

  it('makes the PRRO report from the queue, by register and status', () => {
    sell();
    sell();
    sendToTaxServer(shop.db);
    sell();
    const text = shop.call('pos.template_report_get', { type: 'prrorep' }).status.value;
    expect(text).toContain('Не надіслано документів: 1; потребують уваги: 0');
    // The shift-open document and two receipts reached the tax server; the third receipt waits.
    expect(text).toContain('ПРРО 4000123456: queued 1, accepted 3');
  });
});

describe('the diagnostics ping', () => {
  it('answers when the database answers, and fails when it does not', () => {
    expect(shop.call('service.ping', {}).status).toEqual({ code: 'OK', operation: 'ping' });
    shop.db.exec('DROP TABLE schema_migrations');
    // SQLite says "no such table"; PostgreSQL, that the relation does not exist.
    expect(() => shop.call('service.ping', {})).toThrow(/no such table|does not exist/);
  });
});
