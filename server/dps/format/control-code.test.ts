import { describe, expect, it } from 'vitest';
import { controlCode, offlineFiscalNumber } from './control-code.js';

describe('the control number of an offline document', () => {
  it('is 4758 for the worked example of the DPS API description', () => {
    expect(
      controlCode({
        seed: '179625192271939',
        date: '20082020',
        time: '142338',
        orderNum: 10,
        numprro: '4000002411',
        localNumber: 10,
        prevHash: 'cdd68bb111f8993f3603f0179341571b35b73a07d5acee9b28fbfb714698e1b3',
      }),
    ).toBe('4758');
    expect(offlineFiscalNumber(5008, 3, '4758')).toBe('5008.3.4758');
  });

  it('is a number from 1 to 9999 that depends on every field given', () => {
    const base = { seed: '12345', date: '14032025', time: '120000', orderNum: 1, numprro: '4000123456', localNumber: 1 };
    const code = controlCode(base);
    expect(Number(code)).toBeGreaterThanOrEqual(1);
    expect(Number(code)).toBeLessThanOrEqual(9999);
    expect(controlCode({ ...base, orderNum: 2 })).not.toBe(code);
    expect(controlCode({ ...base, sum: '93.00' })).not.toBe(code);
    expect(controlCode({ ...base, prevHash: 'ab'.repeat(32) })).not.toBe(code);
  });
});
