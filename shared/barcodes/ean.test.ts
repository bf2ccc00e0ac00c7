import { describe, expect, it } from 'vitest';
import { ean13CheckDigit, isEan13, parseWeightBarcode, prefixList, withCheckDigit } from './ean.js';

describe('EAN-13', () => {
  it('computes the GS1 check digit', () => {
    expect(ean13CheckDigit('482000000001')).toBe(7);
    expect(withCheckDigit('400638133393')).toBe('4006381333931');
    expect(isEan13('4006381333931')).toBe(true);
    expect(isEan13('4006381333932')).toBe(false);
    expect(isEan13('400638133393')).toBe(false);
  });

  it('reads the PLU and the weight in grams of a weighted barcode with a known prefix', () => {
    const code = withCheckDigit('210012301250');
    expect(parseWeightBarcode(code, prefixList('', ['20', '21']))).toEqual({ prefix: '21', plu: '123', grams: 1250 });
  });

  it('does not take a misread or a foreign prefix for a weighted barcode', () => {
    expect(parseWeightBarcode('2100123012509', ['21'])).toBeUndefined();
    expect(parseWeightBarcode(withCheckDigit('290012301250'), ['21'])).toBeUndefined();
  });

  it('takes the prefix lists of a request, or the defaults when none is usable', () => {
    expect(prefixList(' 22, 27 ,x', ['20'])).toEqual(['22', '27']);
    expect(prefixList('', ['20'])).toEqual(['20']);
  });
});
