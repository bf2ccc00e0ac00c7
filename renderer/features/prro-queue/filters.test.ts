import { describe, expect, it } from 'vitest';
import { defaultFilter, filterProblems, gridParams, sameFilter } from './filters.js';
import { chainParams } from './use-chain.js';

const till = { kasm: 2, akas: 'KAS2', numprro: '4000211452' };

describe('the PRRO filter', () => {
  it('starts on the last seven days of this till and its PRRO', () => {
    expect(defaultFilter(till, new Date('2026-03-03T08:00:00Z'), 'Europe/Kyiv')).toEqual({
      start: '2026-02-25',
      end: '2026-03-03',
      kasm: '2',
      numprro: '4000211452',
      scope: 'kas',
    });
  });

  it('takes the dates in the shop’s calendar, whatever the machine’s clock zone: after 22:00 UTC it is tomorrow in Kyiv', () => {
    // The e2e day failed at 23:12 UTC: the filter ended on 28.11 while the documents were dated 29.11 in Kyiv.
    expect(defaultFilter(till, new Date('2026-11-28T23:12:00Z'), 'Europe/Kyiv')).toMatchObject({
      start: '2026-11-23',
      end: '2026-11-29',
    });
    expect(defaultFilter(till, new Date('2026-03-01T21:30:00Z'), 'Europe/Kyiv')).toMatchObject({
      start: '2026-02-23',
      end: '2026-03-01',
    });
  });

  it('says which field is wrong: not a date, dates the wrong way round, not a till number', () => {
    const ok = defaultFilter(till, new Date('2026-03-03T08:00:00Z'), 'Europe/Kyiv');
    expect(filterProblems(ok)).toEqual({});
    expect(filterProblems({ ...ok, start: '2026-02-30' })).toEqual({ start: 'date' });
    expect(filterProblems({ ...ok, end: '' })).toEqual({ end: 'date' });
    expect(filterProblems({ ...ok, start: '2026-03-04' })).toEqual({ end: 'order' });
    expect(filterProblems({ ...ok, kasm: 'два' })).toEqual({ kasm: 'kasm' });
    expect(filterProblems({ ...ok, kasm: '' })).toEqual({});
  });

  it('is sent trimmed, with the dates it is given', () => {
    const f = { start: '2026-03-01', end: '2026-03-03', kasm: ' 2 ', numprro: ' 4000211452 ', scope: 'user' as const };
    expect(gridParams(f)).toEqual({ start: '2026-03-01', end: '2026-03-03', kasm: '2', numprro: '4000211452', scope: 'user' });
    expect(gridParams(f, { start: '2000-01-01', end: '2999-12-31' })).toMatchObject({ start: '2000-01-01', end: '2999-12-31' });
  });

  it('tells a refresh (the same documents asked again) from a new filter', () => {
    const f = defaultFilter(till, new Date('2026-03-03T08:00:00Z'), 'Europe/Kyiv');
    expect(sameFilter(f, { ...f, kasm: ' 2 ' })).toBe(true);
    expect(sameFilter(f, { ...f, numprro: '' })).toBe(false);
    expect(sameFilter(f, { ...f, scope: 'user' })).toBe(false);
  });

  it('reads the chain of the register it names, or of every register', () => {
    expect(chainParams({ numprro: ' 4000211452 ' })).toEqual({ numprro: '4000211452' });
    expect(chainParams({ numprro: '' })).toEqual({ numprro: '' });
    // Longer than a register number can be: no register, so the chain of all is the safe one.
    expect(chainParams({ numprro: '1'.repeat(21) })).toEqual({ numprro: '' });
  });
});
