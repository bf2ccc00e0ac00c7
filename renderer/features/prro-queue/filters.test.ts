import { describe, expect, it } from 'vitest';
import { defaultFilter, filterProblems, gridParams, isoDate, sameFilter } from './filters.js';
import { chainParams } from './use-chain.js';

const till = { kasm: 2, akas: 'KAS2', numprro: '4000211452' };

describe('the PRRO filter', () => {
  it('starts on the last seven days of this till and its PRRO', () => {
    expect(defaultFilter(till, new Date(2026, 2, 3, 10, 0))).toEqual({
      start: '2026-02-25',
      end: '2026-03-03',
      kasm: '2',
      numprro: '4000211452',
      scope: 'kas',
    });
  });

  it('writes dates in the till’s own calendar', () => {
    expect(isoDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });

  it('says which field is wrong: not a date, dates the wrong way round, not a till number', () => {
    const ok = defaultFilter(till, new Date(2026, 2, 3));
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
    const f = defaultFilter(till, new Date(2026, 2, 3));
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
