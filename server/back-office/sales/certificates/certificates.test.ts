/**
 * Gift certificates (shared/fiscal/choices.ts, "gift certificates"): registered when issued,
 * redeemed once, for at most their amount (what is left is not paid out), and paid with
 * PAYFORMCD 2. Every refused close must leave the books as they were.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ParamsOf } from '../../../../shared/contract/index.js';
import { arithmeticProblems, checkOf, queueDoc } from '../testing/fiscal.js';
import { BREAD, MILK, type Shop, standardShop } from '../testing/shop.js';
import { snapshot } from '../testing/snapshot.js';

type Payment = ParamsOf<'pos.checkout_close_sale'>['payments'][number];

let shop: Shop;
beforeEach(() => {
  shop = standardShop();
  shop.call('pos.certificate_issue', { number: 'CERT-100', amount: '100.00', comment: 'подарунок' });
});
afterEach(() => shop.close());

/** Two loaves and a milk: 93.00. */
const basket = [
  { code: BREAD, quant: '2', price: '25.50', sum: '51.00' },
  { code: MILK, quant: '1', price: '42.00', sum: '42.00' },
];
const close = (payments: Payment[]) =>
  shop.call('pos.checkout_close_sale', { kasm: 1, rows: basket, payments }).rows[0] as Record<string, string>;

/** The refusal of a close, and proof that it changed nothing. */
function refusedClose(payments: Payment[]) {
  const before = snapshot(shop.db);
  const r = shop.refused('pos.checkout_close_sale', { kasm: 1, rows: basket, payments });
  expect(snapshot(shop.db)).toEqual(before);
  return { reason: r.reason, values: r.values };
}
const stateOf = (number: string) => shop.call('pos.certificate_state', { number }).rows as Record<string, string>[];

describe('a gift certificate', () => {
  it('is registered with its amount and shows as issued until a receipt redeems it', () => {
    expect(stateOf('CERT-100')).toEqual([
      {
        number: 'CERT-100',
        amount: '100.00',
        state: 'issued',
        issued_at: '2025-03-14T12:00:00+02:00',
        redeemed_at: '',
        redeemed: '0.00',
        check_number: '',
      },
    ]);
    const sale = close([
      { type: 'cert', amount: '60.00', cert_number: 'CERT-100' },
      { type: 'nal', amount: '33.00' },
    ]);
    expect(stateOf('CERT-100')[0]).toMatchObject({ state: 'redeemed', redeemed: '60.00', check_number: sale.check_number });
  });

  it('is redeemed once: a second receipt naming it is refused, even with money left on it', () => {
    const first = close([
      { type: 'cert', amount: '60.00', cert_number: 'CERT-100' },
      { type: 'nal', amount: '33.00' },
    ]);
    expect(
      refusedClose([
        { type: 'cert', amount: '30.00', cert_number: 'CERT-100' },
        { type: 'nal', amount: '63.00' },
      ]),
    ).toEqual({
      reason: 'certificate.redeemed',
      values: { number: 'CERT-100', check_number: first.check_number, at: '2025-03-14T12:00:00+02:00' },
    });
  });

  it('pays at most its amount', () => {
    shop.call('pos.certificate_issue', { number: 'CERT-50', amount: '50.00' });
    expect(refusedClose([{ type: 'cert', amount: '93.00', cert_number: 'CERT-50' }])).toEqual({
      reason: 'certificate.too_much',
      values: { number: 'CERT-50', amount: '50.00', asked: '93.00' },
    });
    expect(stateOf('CERT-50')[0]).toMatchObject({ state: 'issued' });
  });

  it('named twice in one receipt pays at most its amount once', () => {
    // 60.00 + 60.00 from a certificate of 100.00: each part alone fits, together they do not.
    const rows = [
      { code: BREAD, quant: '3', price: '25.50', sum: '76.50' },
      { code: MILK, quant: '2', price: '42.00', sum: '84.00' },
    ];
    const payments: Payment[] = [
      { type: 'cert', amount: '60.00', cert_number: 'CERT-100' },
      { type: 'cert', amount: '60.00', cert_number: 'CERT-100' },
      { type: 'nal', amount: '40.50' },
    ];
    const before = snapshot(shop.db);
    let reason: string | undefined;
    try {
      shop.call('pos.checkout_close_sale', { kasm: 1, rows, payments });
    } catch (err) {
      reason = (err as { reason?: string }).reason;
    }
    expect({ reason, redeemed: stateOf('CERT-100')[0]?.redeemed }).toEqual({ reason: 'certificate.too_much', redeemed: '0.00' });
    expect(snapshot(shop.db)).toEqual(before);
  });

  it('that is not registered is refused, and so is a certificate payment naming none', () => {
    expect(refusedClose([{ type: 'cert', amount: '93.00', cert_number: 'CERT-404' }])).toEqual({
      reason: 'certificate.unknown',
      values: { number: 'CERT-404' },
    });
    expect(refusedClose([{ type: 'cert', amount: '93.00' }])).toEqual({ reason: 'certificate.number_required', values: {} });
    expect(stateOf('CERT-404')).toEqual([]);
  });

  it('is registered once: the same number again is refused', () => {
    const r = shop.refused('pos.certificate_issue', { number: 'CERT-100', amount: '10.00', comment: '' });
    expect({ reason: r.reason, values: r.values }).toEqual({ reason: 'certificate.exists', values: { number: 'CERT-100' } });
  });

  it('is paid on the receipt with PAYFORMCD 2, never rounded, the cash rest rounded', () => {
    shop.call('pos.certificate_issue', { number: 'CERT-30', amount: '30.03' });
    // 93.00 − 30.03 = 62.97 in cash, 63.00 at 0.10.
    const sale = close([
      { type: 'cert', amount: '30.03', cert_number: 'CERT-30' },
      { type: 'nal', amount: '62.97' },
    ]);
    const doc = queueDoc(shop.db, Number(sale.prro_doc_id));
    expect(checkOf(doc).CHECKPAY?.map((p) => [p.PAYFORMCD, p.PAYFORMNM, p.SUM])).toEqual([
      ['0', 'ГОТІВКА', '63.00'],
      ['2', 'ПОДАРУНКОВИЙ СЕРТИФІКАТ', '30.03'],
    ]);
    expect(checkOf(doc).CHECKTOTAL).toEqual({ SUM: '93.03', RNDSUM: '-0.03', NORNDSUM: '93.00' });
    expect(arithmeticProblems(doc.doc)).toEqual([]);
  });
});
