import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec, dec } from '../../money/money.js';
import { FORMS, lineRefund, type PaidForms, paidForms, payback, type ReturnableLine } from './payback.js';

const line = (line_no: string, quantity: string, sum: string, returned = '0'): ReturnableLine => ({
  line_no,
  quantity,
  returned,
  returnable: dec(quantity).minus(dec(returned)).toString(),
  sum,
});
const noPaid: PaidForms = { debt: '0', bonus: '0', certificate: '0', card: '0', cash: '0' };
const q = (entries: Record<string, string>) => new Map(Object.entries(entries).map(([k, v]) => [k, dec(v)]));
const shown = (p: ReturnType<typeof payback>) =>
  Object.fromEntries([
    ...FORMS.map((f) => [f, p.parts[f].toFixed(2)]),
    ['rounding', p.rounding.toFixed(2)],
    ['total', p.total.toFixed(2)],
  ]);

describe('what a return pays back', () => {
  it('pays a part of a line at the receipt’s price, rounding the cash by the 0.10 step', () => {
    // 3 × 12.57 = 37.71 paid in cash as 37.70; one unit back is 12.57, handed over as 12.60.
    const p = payback({
      lines: [line('1', '3', '37.71')],
      quantities: q({ '1': '1' }),
      paid: { ...noPaid, cash: '37.70' },
      stepKopecks: 10,
    });
    expect(shown(p)).toMatchObject({ total: '12.57', cash: '12.60', rounding: '-0.03' });
  });

  it('rounds to the 0.50 step, and never hands over more cash than the receipt took', () => {
    // The whole line back: 37.71 exact, 38.00 rounded, but the drawer took 37.50 for it.
    const p = payback({
      lines: [line('1', '3', '37.71')],
      quantities: q({ '1': '3' }),
      paid: { ...noPaid, cash: '37.50' },
      stepKopecks: 50,
    });
    expect(shown(p)).toMatchObject({ total: '37.71', cash: '37.50', rounding: '0.21' });
  });

  it('takes the forms in the order debt, bonus, certificate, card, then cash', () => {
    const paid = { debt: '10.00', bonus: '5.00', certificate: '20.00', card: '30.00', cash: '35.00' };
    const p = payback({ lines: [line('1', '10', '100.00')], quantities: q({ '1': '6' }), paid, stepKopecks: 10 });
    expect(shown(p)).toMatchObject({
      total: '60.00',
      debt: '10.00',
      bonus: '5.00',
      certificate: '20.00',
      card: '25.00',
      cash: '0.00',
    });
  });

  it('leaves to a later return what earlier returns already took from each form', () => {
    const paid = { ...noPaid, card: '50.00', cash: '50.00' };
    // 5 of 10 were returned before: they took the card's 50.00; the rest comes back in cash.
    const p = payback({ lines: [line('1', '10', '100.00', '5')], quantities: q({ '1': '5' }), paid, stepKopecks: 10 });
    expect(shown(p)).toMatchObject({ total: '50.00', card: '0.00', cash: '50.00' });
  });

  it('pays the last units back as what is left of the line, so a line never pays back more than it took', () => {
    // 10.00 for 3: one unit is 3.33; after it, the last two are 6.67, not 6.66.
    expect(lineRefund(line('1', '3', '10.00'), dec('1')).toFixed(2)).toBe('3.33');
    expect(lineRefund(line('1', '3', '10.00', '1'), dec('2')).toFixed(2)).toBe('6.67');
    expect(lineRefund(line('1', '3', '10.00', '1'), dec('1')).toFixed(2)).toBe('3.33');
  });

  it('reads the cash a sale took as what was handed over less the change', () => {
    expect(
      paidForms({ cash_received: '100.00', change: '62.30', cashless: '0', debt: '', bonus: '0.00', certificate: '0' }),
    ).toEqual({
      debt: '0',
      bonus: '0.00',
      certificate: '0',
      card: '0',
      cash: '37.70',
    });
  });

  it('never pays back more than the goods are worth, nor any form more than it paid (any receipt, any quantities)', () => {
    const kop = fc.integer({ min: 0, max: 500_000 }).map((k) => new Dec(k).div(100).toFixed(2));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 200_000 }), fc.nat()), {
          minLength: 1,
          maxLength: 5,
        }),
        fc.record({ debt: kop, bonus: kop, certificate: kop, card: kop, cash: kop }),
        fc.constantFrom(1, 10, 50),
        (spec, paid, step) => {
          const lines = spec.map(([n, k], i) => line(String(i + 1), String(n), new Dec(k).div(100).toFixed(2)));
          const quantities = new Map(spec.map(([n, , pick], i) => [String(i + 1), new Dec((pick % n) + 1)]));
          const p = payback({ lines, quantities, paid, stepKopecks: step });
          const goods = lines.reduce((a, l) => a.plus(dec(l.sum)), new Dec(0));
          expect(p.total.lte(goods)).toBe(true);
          for (const f of FORMS) {
            expect(p.parts[f].gte(0)).toBe(true);
            expect(p.parts[f].lte(dec(paid[f]))).toBe(true);
            expect(p.parts[f].decimalPlaces()).toBeLessThanOrEqual(2);
          }
          // What is not paid back in cash is exact; the cash part differs only by its rounding.
          expect(p.paidBack.plus(p.rounding).lte(p.total)).toBe(true);
          if (p.parts.cash.gt(0)) expect(p.parts.cash.mul(100).mod(step).isZero() || p.parts.cash.eq(dec(paid.cash))).toBe(true);
        },
      ),
    );
  });
});
