import { describe, expect, it } from 'vitest';
import { shopDateTime, shopTime } from './shop-time.js';

describe('times on the till', () => {
  it("show the shop's wall clock, not the machine's: 07:13 UTC is 09:13 in Kyiv in winter, 10:13 in summer", () => {
    expect(shopTime('2026-11-21T07:13:27.000Z', 'Europe/Kyiv')).toBe('09:13');
    expect(shopTime('2026-07-01T07:13:27.000Z', 'Europe/Kyiv', true)).toBe('10:13:27');
    expect(shopTime('2026-11-21T07:13:27.000Z', 'UTC')).toBe('07:13');
  });

  it('leave out the date on the shop’s today only', () => {
    const now = new Date('2026-11-21T21:30:00.000Z'); // 23:30 in Kyiv
    expect(shopDateTime('2026-11-21T06:00:00.000Z', 'Europe/Kyiv', now)).toBe('08:00:00');
    expect(shopDateTime('2026-11-20T06:00:00.000Z', 'Europe/Kyiv', now)).toBe('20.11 08:00:00');
    // 22:30 UTC on the 21st is already the 22nd in Kyiv.
    expect(shopDateTime('2026-11-21T22:30:00.000Z', 'Europe/Kyiv', now)).toBe('22.11 00:30:00');
  });

  it('say the date, with its year, of the same day and month in another year', () => {
    const now = new Date('2026-11-21T10:00:00.000Z');
    expect(shopDateTime('2025-11-21T06:00:00.000Z', 'Europe/Kyiv', now)).toBe('21.11.2025 08:00:00');
    expect(shopDateTime('2025-12-31T06:00:00.000Z', 'Europe/Kyiv', now)).toBe('31.12.2025 08:00:00');
  });
});
