import { describe, expect, it } from 'vitest';
import { dayStartUtc, firstOfNextMonth, instantOfWall, localDate, localDateTime, nextDate } from './zone.js';

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

  it('the next date and the first of the next month run over months and years', () => {
    expect(nextDate('2025-02-28')).toBe('2025-03-01');
    expect(nextDate('2024-02-28')).toBe('2024-02-29');
    expect(nextDate('2025-12-31')).toBe('2026-01-01');
    expect(firstOfNextMonth('2025-01-31')).toBe('2025-02-01');
    expect(firstOfNextMonth('2025-12-01')).toBe('2026-01-01');
  });
});

describe('a wall-clock reading as an instant', () => {
  const kyiv = (wall: string) => new Date(instantOfWall(Date.parse(`${wall}Z`), 'Europe/Kyiv')).toISOString();
  it('takes the offset of that moment, and the winter one in the hour October repeats', () => {
    expect(kyiv('2025-03-30T02:59:59')).toBe('2025-03-30T00:59:59.000Z');
    expect(kyiv('2025-03-30T04:00:00')).toBe('2025-03-30T01:00:00.000Z');
    expect(kyiv('2025-10-26T02:59:59')).toBe('2025-10-25T23:59:59.000Z');
    expect(kyiv('2025-10-26T03:30:00')).toBe('2025-10-26T01:30:00.000Z');
    expect(kyiv('2025-10-26T04:00:00')).toBe('2025-10-26T02:00:00.000Z');
  });
});

describe('an instant on the shop’s clock', () => {
  const kyiv = (iso: string) => localDateTime(new Date(iso), 'Europe/Kyiv');
  it('takes the offset the zone had at that instant, on either side of a change of the clocks', () => {
    expect(kyiv('2025-03-30T00:59:59.999Z')).toBe('2025-03-30T02:59:59+02:00');
    expect(kyiv('2025-03-30T01:00:00Z')).toBe('2025-03-30T04:00:00+03:00');
    expect(kyiv('2025-10-26T00:59:59Z')).toBe('2025-10-26T03:59:59+03:00');
    expect(kyiv('2025-10-26T01:00:00Z')).toBe('2025-10-26T03:00:00+02:00');
    // Asked again in the same quarter of an hour, from its cache.
    expect(kyiv('2025-10-26T01:14:59Z')).toBe('2025-10-26T03:14:59+02:00');
    expect(localDate(new Date('2025-10-26T21:59:59Z'), 'Europe/Kyiv')).toBe('2025-10-26');
    expect(localDate(new Date('2025-10-26T22:00:00Z'), 'Europe/Kyiv')).toBe('2025-10-27');
    expect(localDateTime(new Date('2025-07-01T12:00:00Z'), 'Asia/Kathmandu')).toBe('2025-07-01T17:45:00+05:45');
  });
});
