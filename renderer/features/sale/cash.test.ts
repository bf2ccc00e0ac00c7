import { describe, expect, it } from 'vitest';
import { dec } from '../../money/money.js';
import { cashEntry } from './cash.js';

describe('the cash handed over', () => {
  it('gives the change exactly', () => {
    expect(cashEntry('500', dec('250.40'))).toEqual({ given: dec('500'), change: dec('249.60') });
    expect(cashEntry('250,40', dec('250.40'))).toEqual({ given: dec('250.40'), change: dec('0') });
  });

  it('refuses less than the total, saying how much is missing', () => {
    expect(cashEntry('250.39', dec('250.40'))).toEqual({ problem: 'less', missing: dec('0.01') });
  });

  it('refuses what is not an amount or finer than a kopeck', () => {
    expect(cashEntry('', dec('1'))).toEqual({ problem: 'notAmount' });
    expect(cashEntry('12a', dec('1'))).toEqual({ problem: 'notAmount' });
    expect(cashEntry('-5', dec('1'))).toEqual({ problem: 'notAmount' });
    expect(cashEntry('1.005', dec('1'))).toEqual({ problem: 'kopecks' });
  });
});
