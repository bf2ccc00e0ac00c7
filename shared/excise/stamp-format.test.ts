import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STAMP_MASKS,
  isProductBarcode,
  maskExample,
  matchesMask,
  parseStampMasks,
  stampFormatProblem,
} from './stamp-format.js';

describe('the excise stamp format', () => {
  it("takes the DPS sample's value: 4 capital Latin letters and 6 digits, a space, 10 digits", () => {
    expect(stampFormatProblem('AATE508932 0000412167')).toBeUndefined();
    expect(matchesMask('AATE508932 0000412167', 'AAAA999999 9999999999')).toBe(true);
  });

  it.each([
    ['4820000000017', 'barcode'],
    ['2001234012348', 'barcode'],
    ['40170725', 'barcode'],
    ['036000291452', 'barcode'],
    ['12345678', 'number'],
    ['4820000000012', 'number'],
    ['AAKZ4100007919', 'format'],
    ['aate508932 0000412167', 'format'],
    ['AATE508932  0000412167', 'format'],
    ['AATE5089320000412167', 'format'],
    ['ААТЕ508932 0000412167', 'format'],
    ['', 'number'],
  ])('refuses %j as %s', (code, problem) => {
    expect(stampFormatProblem(code)).toBe(problem === 'number' && code === '' ? 'format' : problem);
  });

  it('tells a product barcode by its check digit, so a misread code is not taken for a product', () => {
    expect(isProductBarcode('4820000000017')).toBe(true);
    expect(isProductBarcode('4820000000012')).toBe(false);
    expect(isProductBarcode('AATE508932')).toBe(false);
  });

  it('reads masks from configuration and falls back to the defaults when none is usable', () => {
    expect(parseStampMasks('AAAA999999 9999999999; AA99999999')).toEqual(['AAAA999999 9999999999', 'AA99999999']);
    expect(parseStampMasks('9999999999\n')).toEqual(DEFAULT_STAMP_MASKS);
    expect(parseStampMasks(undefined)).toEqual(DEFAULT_STAMP_MASKS);
    expect(stampFormatProblem('AB12345678', ['AA99999999'])).toBeUndefined();
  });

  it('keeps out a mask whose characters the fiscal document (windows-1251 XML) could not write as they are', () => {
    // An emoji and Chinese would be `?` on the receipt; U+2212 would be written as '-', another
    // stamp; a control character XML cannot hold. Cyrillic and the code page's own signs are written as they are.
    for (const mask of ['AA😀99999999', 'AA中99999999', 'AA\u221299999999', 'AA\u000199999999', 'AA\t99999999'])
      expect(parseStampMasks(`${mask};AA99999999`)).toEqual(['AA99999999']);
    expect(parseStampMasks('AA😀99999999')).toEqual(DEFAULT_STAMP_MASKS);
    expect(stampFormatProblem('AB😀12345678', ['AA😀99999999'])).toBe('format');
    expect(parseStampMasks('АКЦ AA999999;AA №999999')).toEqual(['АКЦ AA999999', 'AA №999999']);
  });

  it('never lets a configuration make a bare number or a barcode a stamp', () => {
    expect(stampFormatProblem('1234567890', ['9999999999'])).toBe('number');
    expect(stampFormatProblem('4820000000017', ['9999999999999'])).toBe('barcode');
  });

  it('shows a mask as an example a person can compare with', () => {
    expect(maskExample('AAAA999999 9999999999')).toBe('ABCD123456 7890123456');
  });
});
