import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseVerificationUrl } from '../../../../shared/fiscal/verification.js';
import { BREAD, MILK, type Shop, standardShop, TEST_SELLER } from '../testing/shop.js';
import { sendToTaxServer } from '../testing/tax-server.js';

let shop: Shop;
beforeEach(() => {
  shop = standardShop();
});
afterEach(() => shop.close());

const sale = () =>
  Number(
    (
      shop.call('pos.checkout_close_sale', {
        kasm: 1,
        rows: [
          { code: BREAD, quant: '2', price: '25.50', sum: '51.00' },
          { code: MILK, quant: '1', price: '42.00', sum: '42.00' },
        ],
        payments: [{ type: 'nal', amount: '93.00' }],
        nal: '100.00',
      }).rows[0] as { check_number: string }
    ).check_number,
  );
type Row = Record<string, string>;
const print = (p: { check_number?: number; return_id?: number }) => shop.call('pos.receipt_print', p).rows as Row[];

describe('the customer receipt', () => {
  it('says it waits for its fiscal number until the tax server gives one, then carries it and its QR link', () => {
    const check = sale();
    const [pending] = print({ check_number: check });
    expect(pending).toMatchObject({ tag: 'HEAD', kind: 'sale', mode: 'pending', fiscal_number: '', qr_url: '' });
    sendToTaxServer(shop.db);
    const rows = print({ check_number: check });
    const head = rows[0] as Row;
    expect(head).toMatchObject({
      mode: 'online',
      org_name: TEST_SELLER.org_name,
      tin: TEST_SELLER.tin,
      ipn: TEST_SELLER.ipn,
      numprro: '4000123456',
      local_number: '1',
      local_num: '2',
      cashier: 'Олена Касир',
      total: '93.00',
    });
    expect(head.fiscal_number).toMatch(/^\d+$/);
    expect(parseVerificationUrl(head.qr_url as string)).toEqual({
      fiscalNumber: head.fiscal_number,
      numprro: '4000123456',
      date: '20250314',
      sum: '93.00',
    });
    expect(head.qr_url).toContain('&time=120000');
    expect(rows.filter((r) => r.tag === 'LINE').map((r) => [r.name, r.quantity, r.price, r.cost, r.letters])).toEqual([
      ['Хліб житній', '2.000', '25.50', '51.00', 'А'],
      ['Молоко 2,5%', '1.000', '42.00', '42.00', 'А'],
    ]);
    expect(rows.filter((r) => r.tag === 'PAY')).toEqual([
      { tag: 'PAY', code: '0', name: 'ГОТІВКА', sum: '93.00', provided: '100.00', remains: '7.00' },
    ]);
    expect(rows.filter((r) => r.tag === 'TAX')).toEqual([
      { tag: 'TAX', letter: 'А', name: 'ПДВ', prc: '20.00', turnover: '93.00', source: '93.00', sum: '15.50' },
    ]);
  });

  it('prints a return with the fiscal number of the receipt it pays back, and finds both by fiscal number', () => {
    const check = sale();
    sendToTaxServer(shop.db);
    const original = (print({ check_number: check })[0] as Row).fiscal_number as string;
    const ret = shop.call('pos.checkout_return', { check_number: check, kasm: 1, rows: [{ line_no: 2, quant: '1' }] })
      .rows[0] as Row;
    const [head] = print({ return_id: Number(ret.return_id) });
    expect(head).toMatchObject({ kind: 'return', check_number: String(check), ret_fiscal_number: original, total: '42.00' });
    expect(shop.call('pos.receipt_find', { fiscal_number: original }).rows).toEqual([
      expect.objectContaining({ kind: 'sale', check_number: String(check), return_id: '' }),
    ]);
    expect(shop.call('pos.receipt_find', { fiscal_number: original, numprro: '4000999999' }).rows).toEqual([]);
  });

  it("gives the document's date and time, the ones its QR link carries, and a return's link its own number and sum", () => {
    // 00:30 in Kyiv on the 15th is still the 14th in UTC: the date is the shop's.
    shop.setNow('2025-03-14T22:30:00Z');
    const check = sale();
    sendToTaxServer(shop.db);
    const ret = shop.call('pos.checkout_return', { check_number: check, kasm: 1, rows: [{ line_no: 2, quant: '1' }] })
      .rows[0] as Row;
    sendToTaxServer(shop.db);
    const [sold] = print({ check_number: check }) as [Row];
    const [returned] = print({ return_id: Number(ret.return_id) }) as [Row];
    for (const head of [sold, returned]) {
      expect([head.order_date, head.order_time]).toEqual(['15032025', '003000']);
      const q = new URL(head.qr_url as string).searchParams;
      expect([...q.keys()]).toEqual(['id', 'fn', 'date', 'time', 'sm']);
      expect([q.get('id'), q.get('fn'), q.get('date'), q.get('time'), q.get('sm')]).toEqual([
        head.fiscal_number,
        '4000123456',
        '20250315',
        '003000',
        head.total,
      ]);
    }
    expect(returned).toMatchObject({ total: '42.00', ret_fiscal_number: sold.fiscal_number });
    expect(returned.fiscal_number).not.toBe(sold.fiscal_number);
  });

  it('is refused for a receipt that does not exist, or without saying which one', () => {
    expect(shop.refused('pos.receipt_print', { check_number: 99 }).reason).toBe('return.no_receipt');
    expect(shop.refused('pos.receipt_print', {}).reason).toBe('print.one_of');
  });

  it('is refused in words, naming the document, when its fiscal document cannot be read', () => {
    const check = sale();
    // As an older back office wrote one: a name cut inside a character pair, the tag after it eaten.
    const broken = Buffer.from('<?xml version="1.0" encoding="windows-1251"?><CHECK><CHECKHEAD><NAME>?/NAME></CHECK>').toString(
      'base64',
    );
    shop.db
      .prepare('UPDATE prro_docs SET xml_body_b64 = ? WHERE id = (SELECT prro_doc_id FROM receipts WHERE check_number = ?)')
      .run(broken, check);
    const refusal = shop.refused('pos.receipt_print', { check_number: check });
    expect(refusal.reason).toBe('print.unreadable');
    expect(refusal.message).toMatch(/PRRO queue/);
  });
});
