import { describe, expect, it } from 'vitest';
import {
  ean13CheckDigit,
  gs1CheckDigit,
  hasGs1CheckDigit,
  isEan13,
  parseWeightBarcode,
  prefixList,
  withCheckDigit,
} from './ean.js';

describe('EAN-13', () => {
  it('computes the GS1 check digit', () => {
    expect(ean13CheckDigit('482000000001')).toBe(7);
    expect(withCheckDigit('400638133393')).toBe('4006381333931');
    expect(isEan13('4006381333931')).toBe(true);
    expect(isEan13('4006381333932')).toBe(false);
    expect(isEan13('400638133393')).toBe(false);
  });

  it('computes one GS1 check digit for EAN-8, UPC-A and EAN-13 alike', () => {
    expect(gs1CheckDigit('9638507')).toBe(4); // EAN-8 96385074
    expect(gs1CheckDigit('03600029145')).toBe(2); // UPC-A 036000291452
    expect(gs1CheckDigit('400638133393')).toBe(ean13CheckDigit('400638133393'));
    expect(hasGs1CheckDigit('96385074')).toBe(true);
    expect(hasGs1CheckDigit('036000291452')).toBe(true);
    expect(hasGs1CheckDigit('4006381333931')).toBe(true);
    expect(hasGs1CheckDigit('4006381333932')).toBe(false);
    expect(hasGs1CheckDigit('7')).toBe(false);
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
