import { describe, expect, it } from 'vitest';
import { dec } from '../../money/money.js';
import { quickCash } from './quick-cash.js';

describe('quick cash amounts', () => {
  it('offer the exact total, then the next round sums in banknotes', () => {
    expect(quickCash(dec('87.40')).map((d) => d.toFixed(2))).toEqual(['87.40', '90.00', '100.00', '200.00', '500.00']);
    expect(quickCash(dec('341')).map((d) => d.toFixed(2))).toEqual(['341.00', '350.00', '360.00', '400.00', '500.00']);
  });

  it('offer only the total when it is already round', () => {
    expect(quickCash(dec('1000')).map((d) => d.toFixed(2))).toEqual(['1000.00']);
  });
});
