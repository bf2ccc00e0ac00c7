import { describe, expect, it } from 'vitest';
import { withCheckDigit } from '../barcodes/ean.js';
import { type CodeLookup, kilograms, matchCode } from './find-code-rules.js';

const products = new Map([
  ['4820000000066', 'vodka'],
  ['4820000000073', 'cheese'],
]);
const lookup: CodeLookup<string, string> = {
  product: (c) => products.get(c),
  productByExtraCode: (c) => (c === '4600000000012' ? 'vodka' : c === '4820000000073' ? 'vodka' : undefined),
  productByPlu: (plu) => (plu === '123' ? 'cheese' : undefined),
  card: (c) => (c === '2299000000017' ? 'Олена' : undefined),
};
const prefixes = { weight: ['21'], card: ['2299'] };

describe('the rules of pos.find_code', () => {
  it('finds a product by its own code, then as another barcode, one match each, trimmed', () => {
    expect(matchCode(' 4820000000073 ', prefixes, lookup)).toEqual([
      { kind: 'product', product: 'cheese', quantity: '1.000', matched: '4820000000073' },
      { kind: 'extra', product: 'vodka', quantity: '1.000', matched: '4820000000073' },
    ]);
  });

  it('reads a weighted barcode of a known prefix as its PLU and the weight in kilograms', () => {
    expect(matchCode(withCheckDigit('210012301250'), prefixes, lookup)).toEqual([
      { kind: 'weight', product: 'cheese', quantity: '1.250', matched: '123' },
    ]);
    expect(matchCode(withCheckDigit('220012301250'), prefixes, lookup)).toEqual([]);
  });

  it('asks for a card only when the code starts with a card prefix', () => {
    expect(matchCode('2299000000017', prefixes, lookup)).toEqual([{ kind: 'card', card: 'Олена', matched: '2299000000017' }]);
    expect(matchCode('2299000000017', { ...prefixes, card: ['2298'] }, lookup)).toEqual([]);
  });

  it('finds nothing for an empty code', () => {
    expect(matchCode('  ', prefixes, lookup)).toEqual([]);
  });

  it('writes grams as kilograms with three places, in integers', () => {
    expect([kilograms(0), kilograms(5), kilograms(1250), kilograms(99999)]).toEqual(['0.000', '0.005', '1.250', '99.999']);
  });
});
