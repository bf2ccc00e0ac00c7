import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { D } from '../../../decimal.js';
import { allocate, type TaxRate, type TaxTable, taxRows } from './tax.js';

const rate = (letter: string, type: number, prc: string): [string, TaxRate] => [
  letter,
  { letter, type, name: letter, prc: new D(prc) },
];
const table: TaxTable = {
  rates: new Map([rate('А', 0, '20'), rate('Б', 0, '7'), rate('Г', 1, '5')]),
  vatPayer: true,
  defaultLetters: 'А',
};
/** What the tax server allows: the tax within a kopeck of SOURCESUM × rate / (100 + rate). */
const offByMoreThanAKopeck = (sum: D, source: D, prc: D) =>
  sum
    .minus(source.mul(prc).div(prc.plus(100)))
    .abs()
    .gt('0.01');

describe('taxRows', () => {
  it('keeps the excise of twenty beers within a kopeck of its rate, where rounding each line would drift', () => {
    // Rounded per line, 27.31 → 1.30 and 27.39 → 1.30: 26.00 against 547.00 × 5/105 = 26.048, two kopecks off.
    const lines = Array.from({ length: 20 }, (_, i) => {
      const base = new D(i % 2 ? '27.31' : '27.39');
      return { letters: 'АГ', cost: base, base };
    });
    const rows = taxRows(table, lines);
    for (const r of rows) expect(offByMoreThanAKopeck(r.sum, r.source, r.prc), r.letter).toBe(false);
    const excise = rows.find((r) => r.letter === 'Г') as { sum: D; source: D };
    expect(excise.source.toFixed(2)).toBe('547.00');
    expect(excise.sum.toFixed(2)).toBe('26.05');
    // VAT on what the excise left: 547.00 − 26.05 = 520.95 → 86.83.
    expect(rows.find((r) => r.letter === 'А')?.source.toFixed(2)).toBe('520.95');
    expect(rows.find((r) => r.letter === 'А')?.sum.toFixed(2)).toBe('86.83');
  });

  it('is always within a kopeck of every rate, whatever the lines and their letters', () => {
    const kop = fc.integer({ min: 1, max: 5_000_000 }).map((k) => new D(k).div(100));
    // Each line under one VAT letter (as a VAT payer's goods are), so the sums can be checked whole.
    const line = fc.record({ letters: fc.constantFrom('А', 'Б', 'АГ', 'БГ'), base: kop });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 60 }), (ls) => {
        const rows = taxRows(
          table,
          ls.map((l) => ({ ...l, cost: l.base })),
        );
        for (const r of rows) if (offByMoreThanAKopeck(r.sum, r.source, r.prc)) return false;
        // The VAT sources are the lines less exactly the excise taken: nothing lost, nothing doubled.
        const vat = rows.filter((r) => r.type === 0).reduce((s, r) => s.plus(r.source), new D(0));
        const excise = rows.filter((r) => r.type === 1).reduce((s, r) => s.plus(r.sum), new D(0));
        return vat.plus(excise).eq(ls.reduce((s, l) => s.plus(l.base), new D(0)));
      }),
    );
  });
});

describe('allocate', () => {
  it('shares an amount in kopecks that add up exactly, the odd kopecks to the largest remainders', () => {
    expect(allocate(new D('13.10'), [new D('180'), new D('95')]).map((x) => x.toFixed(2))).toEqual(['8.57', '4.53']);
    expect(allocate(new D('0.02'), [new D(1), new D(1), new D(1)]).map((x) => x.toFixed(2))).toEqual(['0.01', '0.01', '0.00']);
  });
});
