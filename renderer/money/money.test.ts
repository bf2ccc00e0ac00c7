import { describe, expect, it } from 'vitest';
import { dec, formatAmount, formatMoney, formatQuantity, parseAmount, toWire } from './money.js';

describe('money', () => {
  it('is shown the Ukrainian way, with no-break space groups and a comma', () => {
    expect(formatMoney('1234.5')).toBe('1\u00a0234,50\u00a0₴');
    expect(formatAmount('0')).toBe('0,00');
    expect(formatAmount('-1000000')).toBe('−1\u00a0000\u00a0000,00');
  });

  it('adds exactly, without binary float artefacts', () => {
    expect(toWire(dec('0.1').plus('0.2'))).toBe('0.30');
    expect(toWire(dec('19.99').mul('3'))).toBe('59.97');
    expect(toWire(dec('1.005'))).toBe('1.01');
  });

  it('reads what a cashier types, with a comma or a dot', () => {
    expect(parseAmount('12,5')?.toFixed(2)).toBe('12.50');
    expect(parseAmount(' 1 000.25 ')?.toFixed(2)).toBe('1000.25');
    expect(parseAmount('12,5,1')).toBeUndefined();
    expect(parseAmount('abc')).toBeUndefined();
    expect(parseAmount('')).toBeUndefined();
  });

  it('shows quantities with up to three places', () => {
    expect(formatQuantity('1.500')).toBe('1,5');
    expect(formatQuantity('2.000')).toBe('2');
    expect(formatQuantity('0.3456')).toBe('0,346');
  });
});
