/**
 * Returns at a till with a PRRO (shared/fiscal/choices.ts, "returns"): never more than was sold
 * less earlier returns; money back by the receipt's own forms in the order debt, bonus,
 * certificate, card, cash, each up to what it paid less earlier returns, the cash part rounded;
 * goods back into the batches they came from; excise stamps released; and a return receipt that
 * names the original receipt's fiscal number.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ParamsOf } from '../../../../shared/contract/index.js';
import { simulatedFiscalServer } from '../../../dps/simulator/simulator.js';
import { dec } from '../../decimal.js';
import { dispatchFiscalNow } from '../prro/server/dispatch.js';
import { arithmeticProblems, checkOf, queueDoc, roundCash, sumOf, x2 } from '../testing/fiscal.js';
import { invariantBreaches } from '../testing/invariants.js';
import { balanceOf, batchesOf, cardOf, stockOf } from '../testing/queries.js';
import { addBatch, addCard, addProduct, BREAD, CHEESE, MILK, type Shop, standardShop, VODKA } from '../testing/shop.js';

const CANDY = '4820000000059';
const CARD = '2299000000017';

let shop: Shop;
beforeEach(() => {
  shop = standardShop();
  addProduct(shop.db, { code: CANDY, name: 'Цукерки', price: '12.57' });
  addBatch(shop.db, { code: CANDY, quantity: '10', cost: '8.00', on: '2025-03-01' });
  // No bonus accrues on this card, so the bonus it holds moves only by what a test pays or returns.
  addCard(shop, { code: CARD, maxdolg: '1000', bonus: '50', bonusPercent: '0' });
});
afterEach(() => shop.close());

type Row = ParamsOf<'pos.checkout_close_sale'>['rows'][number];
type Payment = ParamsOf<'pos.checkout_close_sale'>['payments'][number];

const send = () =>
  dispatchFiscalNow(shop.db, simulatedFiscalServer(shop.db), () => new Date('2025-03-14T10:00:00Z'), 'Europe/Kyiv');

/** A closed sale at till 1, sent to the tax server so it has its fiscal number. */
function sold(rows: Row[], payments: Payment[]): number {
  const r = shop.call('pos.checkout_close_sale', { kasm: 1, rows, payments }).rows[0] as Record<string, string>;
  send();
  return Number(r.check_number);
}

const giveBack = (check: number, rows: ParamsOf<'pos.checkout_return'>['rows']) =>
  shop.call('pos.checkout_return', { check_number: check, kasm: 1, rows }).rows[0] as Record<string, string>;

const refusal = (check: number, rows: ParamsOf<'pos.checkout_return'>['rows']) => {
  const r = shop.refused('pos.checkout_return', { check_number: check, kasm: 1, rows });
  return { reason: r.reason, values: r.values };
};

const fiscalNumberOf = (check: number) =>
  shop.db
    .prepare('SELECT d.fiscal_number FROM receipts r JOIN prro_docs d ON d.id = r.prro_doc_id WHERE r.check_number = ?')
    .pluck()
    .get(check);

/** The books that must stay consistent whatever is returned. */
const consistent = () => {
  const b = invariantBreaches(shop.db);
  return {
    cash: b.cashBoxNotSumOfMovements,
    debt: b.cardDebtNotOpenRows,
    bonus: b.cardBonusNotLedger,
    stock: b.stockNotSumOfBatches,
  };
};
const CONSISTENT = { cash: [], debt: [], bonus: [], stock: [] };

describe('a return of more than was sold', () => {
  it('is refused, counting what earlier partial returns took back', () => {
    const check = sold([{ code: BREAD, quant: '3', price: '25.50', sum: '76.50' }], [{ type: 'nal', amount: '76.50' }]);
    expect(refusal(check, [{ line_no: 1, quant: '4' }])).toEqual({
      reason: 'return.too_much',
      values: { line_no: '1', code: BREAD, sold: '3.000', returned: '0.000', asked: '4.000' },
    });
    giveBack(check, [{ line_no: 1, quant: '2' }]);
    expect(refusal(check, [{ line_no: 1, quant: '2' }])).toEqual({
      reason: 'return.too_much',
      values: { line_no: '1', code: BREAD, sold: '3.000', returned: '2.000', asked: '2.000' },
    });
    giveBack(check, [{ line_no: 1, quant: '1' }]);
    expect(refusal(check, [{ line_no: 1, quant: '0.001' }]).reason).toBe('return.too_much');
    expect(shop.call('pos.checkout_returnable', { check_number: check }).rows).toEqual([
      expect.objectContaining({ line_no: '1', quantity: '3.000', returned: '3.000', returnable: '0.000' }),
    ]);
    // What was refused moved nothing: three loaves came back and 76.50 went out, no more.
    expect(stockOf(shop.db, BREAD)).toBe('30.000');
    expect(balanceOf(shop.db, 'KAS1')).toBe('0.00');
  });

  it('is refused for a line the receipt does not have, or a line named twice', () => {
    const check = sold([{ code: BREAD, quant: '1', price: '25.50', sum: '25.50' }], [{ type: 'nal', amount: '25.50' }]);
    expect(refusal(check, [{ line_no: 2, quant: '1' }]).reason).toBe('return.no_line');
    expect(
      refusal(check, [
        { line_no: 1, quant: '0.5' },
        { line_no: 1, quant: '0.5' },
      ]).reason,
    ).toBe('return.line_twice');
  });
});

describe('the money of a return', () => {
  /** 147.57 paid 30.00 on credit, 10.00 bonus, 20.00 certificate, 40.00 card, the rest (47.57) in cash as 47.60. */
  function mixedSale(): number {
    shop.call('pos.certificate_issue', { number: 'CERT-20', amount: '20.00' });
    return sold(
      [
        { code: MILK, quant: '2', price: '42.00', sum: '84.00' },
        { code: BREAD, quant: '2', price: '25.50', sum: '51.00' },
        { code: CANDY, quant: '1', price: '12.57', sum: '12.57' },
      ],
      [
        { type: 'debt', amount: '30.00', card: CARD },
        { type: 'bonus', amount: '10.00', card: CARD },
        { type: 'cert', amount: '20.00', cert_number: 'CERT-20' },
        { type: 'bn', amount: '40.00' },
        { type: 'nal', amount: '47.57' },
      ],
    );
  }

  it('goes back by the original forms: debt first, then bonus, certificate, card and cash', () => {
    const check = mixedSale();
    expect(balanceOf(shop.db, 'KAS1')).toBe('47.60');
    expect(cardOf(shop.db, CARD)).toMatchObject({ debt: '30.00', bonus: '40.00' });

    // 42.00: all the debt (30.00), all the bonus (10.00) and 2.00 of the certificate.
    const first = giveBack(check, [{ line_no: 1, quant: '1' }]);
    expect(first).toMatchObject({
      total: '42.00',
      debt_reversed: '30.00',
      bonus: '10.00',
      certificate: '2.00',
      card: '0.00',
      cash: '0.00',
    });
    expect(first.certificate_number).not.toBe('');
    expect(shop.call('pos.certificate_state', { number: first.certificate_number as string }).rows[0]).toMatchObject({
      amount: '2.00',
      state: 'issued',
    });
    expect(cardOf(shop.db, CARD)).toMatchObject({ debt: '0.00', bonus: '50.00' });

    // 42.00: the certificate's other 18.00, then 24.00 of the card.
    expect(giveBack(check, [{ line_no: 1, quant: '1' }])).toMatchObject({
      debt_reversed: '0.00',
      bonus: '0.00',
      certificate: '18.00',
      card: '24.00',
      cash: '0.00',
    });
    // 51.00: the card's last 16.00, then 35.00 in cash.
    expect(giveBack(check, [{ line_no: 2, quant: '2' }])).toMatchObject({ card: '16.00', cash: '35.00', rounding: '0.00' });
    // 12.57: in cash, rounded to 0.10 (March 2025): 12.60, and the drawer is back where it started.
    expect(giveBack(check, [{ line_no: 3, quant: '1' }])).toMatchObject({ cash: '12.60', rounding: '-0.03' });
    expect(balanceOf(shop.db, 'KAS1')).toBe('0.00');
    expect(consistent()).toEqual(CONSISTENT);
  });

  it('makes a return receipt of only the money paid back: debt taken off the card is a partial return', () => {
    const check = mixedSale();
    const back = giveBack(check, [{ line_no: 1, quant: '1' }]);
    const doc = queueDoc(shop.db, Number(back.prro_doc_id));
    expect(doc.doc.head).toMatchObject({ DOCTYPE: '0', DOCSUBTYPE: '1', ORDERRETNUM: fiscalNumberOf(check) });
    const c = checkOf(doc);
    // The goods are 42.00; the money paid back is bonus 10.00 and certificate 2.00.
    expect(c.CHECKTOTAL).toMatchObject({ SUM: '42.00', PARTPAYTYPE: '1', PARTPAYSUM: '12.00' });
    expect(c.CHECKPAY?.map((p) => [p.PAYFORMCD, p.SUM])).toEqual([
      ['2', '2.00'],
      ['4', '10.00'],
    ]);
    expect(arithmeticProblems(doc.doc)).toEqual([]);
  });

  it('pays back in cash what a repayment of the debt brought in since the sale', () => {
    const check = sold(
      [
        { code: BREAD, quant: '1', price: '25.50', sum: '25.50' },
        { code: MILK, quant: '1', price: '42.00', sum: '42.00' },
      ],
      [{ type: 'debt', amount: '67.50', card: CARD }],
    );
    shop.call('pos.debt_pay_cash', { akas: 'KAS1', card: CARD, amount: '20.00', kasm: 1 });
    send();
    const back = giveBack(check, [
      { line_no: 1, quant: '1' },
      { line_no: 2, quant: '1' },
    ]);
    expect(back).toMatchObject({ total: '67.50', debt_reversed: '47.50', cash: '20.00' });
    expect(cardOf(shop.db, CARD).debt).toBe('0.00');
    expect(balanceOf(shop.db, 'KAS1')).toBe('0.00');
    expect(consistent()).toEqual(CONSISTENT);
  });

  it('rounds the cash of each refund, and two partial returns never pay back more cash than the sale took', () => {
    // 2 × 12.57 = 25.14 in cash is paid as 25.10.
    const check = sold([{ code: CANDY, quant: '2', price: '12.57', sum: '25.14' }], [{ type: 'nal', amount: '25.14' }]);
    const taken = roundCash(dec('25.14'), dec('0.10'));
    expect(balanceOf(shop.db, 'KAS1')).toBe(x2(taken));
    // Change money in the drawer, so what the refunds may take is bounded by the sale, not the drawer.
    shop.call('pos.cash_deposit', { kasm: 1, amount: '100.00', comment: '' });
    // The first candy: 12.57 rounds to 12.60, within what the cash paid.
    const first = giveBack(check, [{ line_no: 1, quant: '1' }]);
    expect(first).toMatchObject({ cash: '12.60', rounding: '-0.03' });
    // The second: the cash left of the sale is 25.10 − 12.60 = 12.50, and no more goes back.
    const second = giveBack(check, [{ line_no: 1, quant: '1' }]);
    const paidBack = sumOf([dec(first.cash as string), dec(second.cash as string)]);
    expect(x2(paidBack)).toBe(x2(taken));
    expect(second).toMatchObject({ cash: '12.50', rounding: '0.07' });
  });
});

describe('the goods of a return', () => {
  it('go back into the FIFO batches they were taken from, the newest units first', () => {
    // Bread came in 10 at 15.00 (March 1) and 20 at 16.00 (March 10); 12 sold take 10 + 2.
    const check = sold([{ code: BREAD, quant: '12', price: '25.50', sum: '306.00' }], [{ type: 'bn', amount: '306.00' }]);
    expect(batchesOf(shop.db, BREAD)).toEqual(['0.000', '18.000']);
    giveBack(check, [{ line_no: 1, quant: '3' }]);
    // The 2 from the March 10 batch go back there, the third to the March 1 batch.
    expect(batchesOf(shop.db, BREAD)).toEqual(['1.000', '20.000']);
    const cost = shop.db.prepare('SELECT cost FROM return_lines ORDER BY id DESC LIMIT 1').pluck().get() as number;
    expect(x2(dec(cost).div(10000))).toBe('47.00');
    giveBack(check, [{ line_no: 1, quant: '9' }]);
    expect(batchesOf(shop.db, BREAD)).toEqual(['10.000', '20.000']);
    expect(stockOf(shop.db, BREAD)).toBe('30.000');
    expect(consistent()).toEqual(CONSISTENT);
  });

  it('by weight go back by weight', () => {
    const check = sold([{ code: CHEESE, quant: '0.750', price: '420.00', sum: '315.00' }], [{ type: 'bn', amount: '315.00' }]);
    expect(giveBack(check, [{ line_no: 1, quant: '0.250' }])).toMatchObject({ total: '105.00', card: '105.00' });
    expect(stockOf(shop.db, CHEESE)).toBe('4.500');
  });
});

describe('excise goods returned', () => {
  const vodka = (marks: string[]): Row => ({
    code: VODKA,
    quant: String(marks.length),
    price: '180.00',
    sum: x2(dec(180).mul(marks.length)),
    excise_marks: marks,
  });

  it('release the stamps of the units returned, so they can be sold again', () => {
    const check = sold([vodka(['HAAB508932 0000000001', 'HAAB508932 0000000002'])], [{ type: 'bn', amount: '360.00' }]);
    const back = giveBack(check, [{ line_no: 1, quant: '1', excise_marks: ['HAAB508932 0000000001'] }]);
    expect(checkOf(queueDoc(shop.db, Number(back.prro_doc_id))).CHECKBODY?.[0]?.EXCISELABELS).toEqual(['HAAB508932 0000000001']);
    expect(shop.call('pos.checkout_returnable', { check_number: check }).rows[0]).toMatchObject({
      returnable: '1.000',
      excise_marks: 'HAAB508932 0000000002',
    });
    // The bottle goes back on the shelf with its stamp, and sells again.
    const again = shop.call('pos.checkout_close_sale', {
      kasm: 1,
      rows: [vodka(['HAAB508932 0000000001'])],
      payments: [{ type: 'bn', amount: '180.00' }],
    });
    expect(again.rows[0]).toMatchObject({ total: '180.00' });
    // A stamp still sold is not: it would be a duplicate.
    expect(() =>
      shop.call('pos.checkout_close_sale', {
        kasm: 1,
        rows: [vodka(['HAAB508932 0000000002'])],
        payments: [{ type: 'bn', amount: '180.00' }],
      }),
    ).toThrow(/HAAB508932 0000000002/);
  });

  it('are returned by the piece, with stamps the line sold', () => {
    const check = sold([vodka(['HAAB508932 0000000011', 'HAAB508932 0000000012'])], [{ type: 'bn', amount: '360.00' }]);
    expect(refusal(check, [{ line_no: 1, quant: '0.5' }]).reason).toBe('return.excise_whole_units');
    expect(refusal(check, [{ line_no: 1, quant: '1', excise_marks: ['HAAB508932 0009999999'] }]).reason).toBe(
      'return.stamp_not_sold',
    );
    expect(refusal(check, [{ line_no: 1, quant: '2', excise_marks: ['HAAB508932 0000000011'] }]).reason).toBe(
      'return.stamps_count',
    );
    // Without stamps named, the last unit sold comes back.
    giveBack(check, [{ line_no: 1, quant: '1' }]);
    expect(shop.call('pos.checkout_returnable', { check_number: check }).rows[0]).toMatchObject({
      excise_marks: 'HAAB508932 0000000011',
    });
  });
});

describe('the return receipt', () => {
  it('names the original receipt by its fiscal number and adds up', () => {
    const check = sold(
      [
        { code: BREAD, quant: '2', price: '25.50', sum: '51.00' },
        { code: CANDY, quant: '1', price: '12.57', sum: '12.57' },
      ],
      [{ type: 'nal', amount: '63.57' }],
    );
    const original = fiscalNumberOf(check);
    expect(original).toMatch(/^\d+$/);
    const back = giveBack(check, [
      { line_no: 1, quant: '1' },
      { line_no: 2, quant: '1' },
    ]);
    const doc = queueDoc(shop.db, Number(back.prro_doc_id));
    expect(doc.doc.head).toMatchObject({ DOCSUBTYPE: '1', ORDERRETNUM: original });
    // 25.50 + 12.57 = 38.07 back in cash, 38.10 at 0.10.
    expect(checkOf(doc).CHECKTOTAL).toEqual({ SUM: '38.10', RNDSUM: '-0.03', NORNDSUM: '38.07' });
    expect(arithmeticProblems(doc.doc)).toEqual([]);
  });

  it('waits for the original to have its fiscal number from the tax server', () => {
    const r = shop.call('pos.checkout_close_sale', {
      kasm: 1,
      rows: [{ code: BREAD, quant: '1', price: '25.50', sum: '25.50' }],
      payments: [{ type: 'nal', amount: '25.50' }],
    }).rows[0] as Record<string, string>;
    expect(refusal(Number(r.check_number), [{ line_no: 1, quant: '1' }])).toEqual({
      reason: 'return.original_not_fiscalized',
      values: { check_number: r.check_number },
    });
  });
});
