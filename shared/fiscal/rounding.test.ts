import { describe, expect, it } from 'vitest';
import { DEFAULT_STEPS, formatSteps, parseSteps, roundCashKopecks, stepOn } from './rounding.js';

describe('the NBU cash rounding', () => {
  it('rounds to 0.10: 1–4 kopecks down, 5–9 up', () => {
    expect([1251, 1254, 1255, 1259, 1260].map((k) => roundCashKopecks(k, 10))).toEqual([1250, 1250, 1260, 1260, 1260]);
  });

  it('rounds to 0.50: 0.01–0.24 down, 0.25–0.74 to 0.50, 0.75–0.99 up, refunds by their size', () => {
    expect([1201, 1224, 1225, 1257, 1274, 1275, 1299].map((k) => roundCashKopecks(k, 50))).toEqual([
      1200, 1200, 1250, 1250, 1250, 1300, 1300,
    ]);
    expect(roundCashKopecks(-1257, 50)).toBe(-1250);
  });

  it('takes the step in effect on the date, none before the first', () => {
    expect(stepOn(DEFAULT_STEPS, '2018-06-30')).toBe(1);
    expect(stepOn(DEFAULT_STEPS, '2018-07-01')).toBe(10);
    expect(stepOn(DEFAULT_STEPS, '2025-09-30')).toBe(10);
    expect(stepOn(DEFAULT_STEPS, '2025-10-01')).toBe(50);
  });

  it('travels to the till as text and back, the defaults when the text says nothing', () => {
    expect(formatSteps(DEFAULT_STEPS)).toBe('2018-07-01:0.10;2025-10-01:0.50');
    expect(parseSteps('2025-10-01:0.50;2018-07-01:0.10')).toEqual(DEFAULT_STEPS);
    expect(parseSteps('')).toEqual(DEFAULT_STEPS);
  });
});
