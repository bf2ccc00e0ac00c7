import { describe, expect, it } from 'vitest';
import { dayStartUtc, nextDate } from './time.js';

describe('a shop-local day in UTC', () => {
  it('begins at the zone’s midnight, in winter, in summer and on both days the clocks change', () => {
    expect(dayStartUtc('2025-01-15', 'Europe/Kyiv')).toBe('2025-01-14T22:00:00.000Z');
    expect(dayStartUtc('2025-07-15', 'Europe/Kyiv')).toBe('2025-07-14T21:00:00.000Z');
    // Summer time begins at 03:00 on 30 March: that day's midnight is still winter's.
    expect(dayStartUtc('2025-03-30', 'Europe/Kyiv')).toBe('2025-03-29T22:00:00.000Z');
    expect(dayStartUtc('2025-03-31', 'Europe/Kyiv')).toBe('2025-03-30T21:00:00.000Z');
    expect(dayStartUtc('2025-10-26', 'Europe/Kyiv')).toBe('2025-10-25T21:00:00.000Z');
    expect(dayStartUtc('2025-10-27', 'Europe/Kyiv')).toBe('2025-10-26T22:00:00.000Z');
    expect(dayStartUtc('2025-10-27', 'UTC')).toBe('2025-10-27T00:00:00.000Z');
  });

  it('the next date runs over months and years', () => {
    expect(nextDate('2025-02-28')).toBe('2025-03-01');
    expect(nextDate('2024-02-28')).toBe('2024-02-29');
    expect(nextDate('2025-12-31')).toBe('2026-01-01');
  });
});
