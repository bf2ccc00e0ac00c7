import { describe, expect, it } from 'vitest';
import { checkChoice, checkLine, defaultStamps, type LineChoice, type ReturnableRow } from './choice.js';

const row = (over: Partial<ReturnableRow> = {}): ReturnableRow => ({
  line_no: '1',
  code: '4820000000011',
  name: 'Хліб житній',
  unit_type: 'шт',
  quantity: '3',
  returned: '1',
  returnable: '2',
  price: '25.50',
  discount: '0.00',
  sum: '76.50',
  excise_marks: '',
  fiscal_number: '1284301',
  ...over,
});
const VODKA = row({
  line_no: '2',
  unit_type: 'шт',
  excise_marks: 'AATE508932 0000412165, AATE508932 0000412166, AATE508932 0000412167',
  returnable: '3',
  returned: '0',
});
const CHEESE = row({ line_no: '3', unit_type: 'кг', quantity: '1.250', returned: '0', returnable: '1.250' });
const pick = (text: string, stamps: string[] | null = null): LineChoice => ({ text, stamps });

describe('what the cashier chose to return', () => {
  it('refuses more than is returnable, before anything is sent', () => {
    expect(checkLine(row(), pick('3')).problem).toEqual({ kind: 'tooMuch', left: '2' });
    expect(checkChoice([row()], new Map([['1', pick('3')]])).rows).toBeUndefined();
  });

  it('takes goods by the piece and excise goods in whole units, and weighed goods in grams', () => {
    expect(checkLine(row(), pick('1,5')).problem).toEqual({ kind: 'whole' });
    expect(checkLine(CHEESE, pick('0,755')).problem).toBeUndefined();
    expect(checkLine(CHEESE, pick('0.7555')).problem).toEqual({ kind: 'number' });
    expect(checkLine(row(), pick('abc')).problem).toEqual({ kind: 'number' });
    expect(checkLine(row(), pick('-1')).problem).toEqual({ kind: 'number' });
  });

  it('returns the stamps of the last units sold by default, or those ticked, one a unit', () => {
    expect(defaultStamps(VODKA, 2)).toEqual(['AATE508932 0000412166', 'AATE508932 0000412167']);
    expect(checkLine(VODKA, pick('2')).stamps).toEqual(['AATE508932 0000412166', 'AATE508932 0000412167']);
    expect(checkLine(VODKA, pick('1', ['AATE508932 0000412165'])).stamps).toEqual(['AATE508932 0000412165']);
    expect(checkLine(VODKA, pick('2', ['AATE508932 0000412165'])).problem).toEqual({ kind: 'stamps', count: 2 });
  });

  it('sends only the lines with a quantity, with the stamps of excise lines', () => {
    const c = checkChoice(
      [row(), VODKA, CHEESE],
      new Map([
        ['1', pick('2')],
        ['2', pick('1')],
        ['3', pick('')],
      ]),
    );
    expect(c.rows).toEqual([
      { line_no: 1, quant: '2' },
      { line_no: 2, quant: '1', excise_marks: ['AATE508932 0000412167'] },
    ]);
    expect([...c.quantities.keys()]).toEqual(['1', '2']);
  });

  it('sends nothing while nothing is chosen or zero is typed', () => {
    expect(checkChoice([row()], new Map()).rows).toBeUndefined();
    expect(checkChoice([row()], new Map([['1', pick('0')]])).rows).toBeUndefined();
  });
});
