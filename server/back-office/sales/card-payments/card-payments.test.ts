/**
 * A card terminal's approval in the books and in the fiscal document: the close and the return
 * carry it (card_payment), the document's card row gets its PAYSYS row and still validates
 * against the tax service's schema, the paper's read (pos.receipt_print) gives it back, and the
 * back office refuses what it can see is wrong.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ParamsOf } from '../../../../shared/contract/index.js';
import { simulatedFiscalServer } from '../../../dps/simulator/simulator.js';
import { dispatchFiscalNow } from '../prro/server/dispatch.js';
import { checkOf, queueDocs, validate } from '../testing/fiscal.js';
import { BREAD, MILK, type Shop, standardShop } from '../testing/shop.js';

type Approval = NonNullable<ParamsOf<'pos.checkout_close_sale'>['card_payment']>;

const approval = (over: Partial<Approval> = {}): Approval => ({
  amount: '51.00',
  rrn: '612300000001',
  auth_code: '400001',
  pan: '4731XXXXXXXX1234',
  payment_system: 'VISA',
  terminal_id: 'S1A00042',
  acquirer: 'ПриватБанк',
  invoice_number: '000101',
  ...over,
});

let shop: Shop;
beforeEach(() => {
  shop = standardShop();
});
afterEach(() => shop.close());

const TWO_BREADS = [{ code: BREAD, quant: '2', price: '25.50', sum: '51.00' }];

function closeByCard(card: Approval | undefined, rows = TWO_BREADS, payments = [{ type: 'bn' as const, amount: '51.00' }]) {
  return shop.call('pos.checkout_close_sale', { kasm: 1, rows, payments, ...(card ? { card_payment: card } : {}) })
    .rows[0] as Record<string, string>;
}

const docOfReceipt = (checkNumber: string) => {
  const id = Number(shop.db.prepare('SELECT prro_doc_id FROM receipts WHERE check_number = ?').pluck().get(Number(checkNumber)));
  const doc = queueDocs(shop.db).find((d) => d.id === id);
  if (!doc) throw new Error(`no document of receipt ${checkNumber}`);
  return doc;
};

describe("a card terminal's approval", () => {
  it('goes into the card row of the fiscal document as PAYSYS, which validates against the schema', () => {
    const row = closeByCard(approval());
    const doc = docOfReceipt(row.check_number as string);
    expect(checkOf(doc).CHECKPAY).toEqual([
      {
        PAYFORMCD: '1',
        PAYFORMNM: 'КАРТКА',
        SUM: '51.00',
        PAYSYS: [
          {
            NAME: 'VISA',
            ACQUIRENM: 'ПриватБанк',
            ACQUIRETRANSID: '612300000001',
            POSTRANSNUM: '000101',
            DEVICEID: 'S1A00042',
            EPZDETAILS: '4731XXXXXXXX1234',
            AUTHCD: '400001',
            SUM: '51.00',
          },
        ],
      },
    ]);
    const verdicts = validate([{ name: 'card sale', root: 'CHECK', bytes: doc.bytes }]);
    expect(verdicts.get('card sale')).toEqual({ xmllint: '', ours: { ok: true } });
  });

  it("goes with a mixed payment's card part only, and the paper's read gives it back", () => {
    const row = closeByCard(
      approval({ amount: '30.00' }),
      [
        { code: BREAD, quant: '1', price: '25.50', sum: '25.50' },
        { code: MILK, quant: '1', price: '42.00', sum: '42.00' },
      ],
      [
        { type: 'bn', amount: '30.00' },
        { type: 'nal', amount: '37.50' },
      ] as never,
    );
    const doc = docOfReceipt(row.check_number as string);
    const pay = checkOf(doc).CHECKPAY ?? [];
    expect(pay.map((p) => [p.PAYFORMCD, p.SUM, p.PAYSYS?.length ?? 0])).toEqual([
      ['0', '37.50', 0],
      ['1', '30.00', 1],
    ]);
    expect(validate([{ name: 'mixed', root: 'CHECK', bytes: doc.bytes }]).get('mixed')).toEqual({
      xmllint: '',
      ours: { ok: true },
    });
    const print = shop.call('pos.receipt_print', { check_number: Number(row.check_number) }).rows as Record<string, string>[];
    expect(print.filter((r) => r.tag === 'PAYSYS')).toEqual([
      {
        tag: 'PAYSYS',
        pay_code: '1',
        name: 'VISA',
        acquirer: 'ПриватБанк',
        rrn: '612300000001',
        auth_code: '400001',
        pan: '4731XXXXXXXX1234',
        terminal_id: 'S1A00042',
        invoice_number: '000101',
        sum: '30.00',
      },
    ]);
  });

  it('is kept with the receipt it paid', () => {
    const row = closeByCard(approval());
    expect(shop.db.prepare('SELECT kind, check_number, amount, rrn, pan, terminal_id FROM card_terminal_payments').all()).toEqual(
      [
        {
          kind: 'sale',
          check_number: Number(row.check_number),
          amount: 510000,
          rrn: '612300000001',
          pan: '4731XXXXXXXX1234',
          terminal_id: 'S1A00042',
        },
      ],
    );
  });

  it('a card sale without one (manual entry) has no PAYSYS and still closes', () => {
    const row = closeByCard(undefined);
    expect(checkOf(docOfReceipt(row.check_number as string)).CHECKPAY?.[0]?.PAYSYS).toBeUndefined();
  });

  it('is refused for another amount than the card part, a whole card number, no card part, or an RRN booked before', () => {
    const refusal = (card: Approval, payments = [{ type: 'bn' as const, amount: '51.00' }]) => {
      const r = shop.refused('pos.checkout_close_sale', { kasm: 1, rows: TWO_BREADS, payments, card_payment: card });
      return [r.path, r.reason, r.values];
    };
    expect(refusal(approval({ amount: '50.00' }))).toEqual([
      'params.card_payment.amount',
      'card_payment.amount',
      { approved: '50.00', card: '51.00' },
    ]);
    expect(refusal(approval({ pan: '4731123456781234' }))[1]).toBe('card_payment.pan_unmasked');
    expect(refusal(approval(), [{ type: 'nal', amount: '51.00' }] as never)[1]).toBe('card_payment.without_card_part');
    const first = closeByCard(approval());
    expect(refusal(approval())).toEqual([
      'params.card_payment.rrn',
      'card_payment.rrn_booked',
      { rrn: '612300000001', terminal: 'S1A00042', check_number: first.check_number },
    ]);
    // Nothing of the refused closes was written: one receipt, one approval.
    expect(shop.db.prepare('SELECT count(*) FROM card_terminal_payments').pluck().get()).toBe(1);
    expect(shop.db.prepare('SELECT count(*) FROM receipts').pluck().get()).toBe(1);
  });
});

describe("a card return's refund approval", () => {
  it("goes into the return's card row, validates, and its RRN is booked once", () => {
    const sale = closeByCard(approval());
    // A return names the sale's fiscal number: the tax server accepts the sale first.
    dispatchFiscalNow(shop.db, simulatedFiscalServer(shop.db), () => new Date('2025-03-14T10:00:00Z'), 'Europe/Kyiv');
    const back = (rrn: string): ParamsOf<'pos.checkout_return'> => ({
      check_number: Number(sale.check_number),
      kasm: 1,
      rows: [{ line_no: 1, quant: '1' }],
      card_payment: approval({ amount: '25.50', rrn, invoice_number: '000102' }),
    });
    const ret = shop.call('pos.checkout_return', back('612300000002')).rows[0] as Record<string, string>;
    expect(ret.card).toBe('25.50');
    const id = Number(shop.db.prepare('SELECT prro_doc_id FROM returns WHERE id = ?').pluck().get(Number(ret.return_id)));
    const doc = queueDocs(shop.db).find((d) => d.id === id);
    expect(doc && checkOf(doc).CHECKPAY?.[0]?.PAYSYS?.[0]).toMatchObject({ ACQUIRETRANSID: '612300000002', SUM: '25.50' });
    expect(validate([{ name: 'return', root: 'CHECK', bytes: doc?.bytes ?? new Uint8Array() }]).get('return')).toEqual({
      xmllint: '',
      ours: { ok: true },
    });
    const again = shop.refused('pos.checkout_return', back('612300000002'));
    expect([again.reason, again.values]).toEqual([
      'card_payment.rrn_booked_return',
      { rrn: '612300000002', terminal: 'S1A00042', return_id: ret.return_id },
    ]);
    const wrong = shop.refused('pos.checkout_return', {
      ...back('612300000003'),
      card_payment: approval({ amount: '20.00', rrn: '612300000003' }),
    });
    expect(wrong.reason).toBe('card_payment.amount');
  });
});
