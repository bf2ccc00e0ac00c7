import { describe, expect, it } from 'vitest';
import { sortBy } from './sort.js';

const ids = <T extends { id: string }>(xs: T[]) => xs.map((x) => x.id);

describe('sortBy', () => {
  it('sorts numbers as numbers, not as text', () => {
    const rows = [
      { id: 'a', n: '10' },
      { id: 'b', n: '9' },
      { id: 'c', n: '100' },
    ];
    expect(ids(sortBy(rows, (r) => r.n, 'number', 'asc'))).toEqual(['b', 'a', 'c']);
    expect(ids(sortBy(rows, (r) => r.n, 'number', 'desc'))).toEqual(['c', 'a', 'b']);
  });

  it('sorts times by the instant, whatever offset they were written with', () => {
    const rows = [
      { id: 'kyiv-9', t: '2026-11-20T09:00:00+02:00' },
      { id: 'utc-8', t: '2026-11-20T08:00:00Z' },
      { id: 'kyiv-8', t: '2026-11-20T08:00:00+02:00' },
    ];
    expect(ids(sortBy(rows, (r) => r.t, 'time', 'asc'))).toEqual(['kyiv-8', 'kyiv-9', 'utc-8']);
  });

  it('sorts text the Ukrainian way, with numbers inside it in numeric order', () => {
    const rows = [
      { id: 'є', s: 'Євген' },
      { id: 'е', s: 'Едуард' },
      { id: 'ґ', s: 'Ґанок' },
      { id: 'г', s: 'Гнат' },
      { id: 'n10', s: 'док 10' },
      { id: 'n9', s: 'док 9' },
    ];
    expect(ids(sortBy(rows, (r) => r.s, 'text', 'asc'))).toEqual(['г', 'ґ', 'n9', 'n10', 'е', 'є']);
  });

  it('keeps the earlier order of equal keys (a stable sort) in both directions', () => {
    const rows = [
      { id: '1', k: 'b' },
      { id: '2', k: 'a' },
      { id: '3', k: 'b' },
      { id: '4', k: 'a' },
    ];
    expect(ids(sortBy(rows, (r) => r.k, 'text', 'asc'))).toEqual(['2', '4', '1', '3']);
    expect(ids(sortBy(rows, (r) => r.k, 'text', 'desc'))).toEqual(['1', '3', '2', '4']);
  });

  it('puts rows with no value last in either direction', () => {
    const rows = [
      { id: 'empty', n: '' },
      { id: 'one', n: '1' },
      { id: 'bad', n: 'x' },
      { id: 'two', n: '2' },
    ];
    expect(ids(sortBy(rows, (r) => r.n, 'number', 'asc'))).toEqual(['one', 'two', 'empty', 'bad']);
    expect(ids(sortBy(rows, (r) => r.n, 'number', 'desc'))).toEqual(['two', 'one', 'empty', 'bad']);
  });

  it('leaves the input as it was', () => {
    const rows = [
      { id: 'b', n: '2' },
      { id: 'a', n: '1' },
    ];
    sortBy(rows, (r) => r.n, 'number', 'asc');
    expect(ids(rows)).toEqual(['b', 'a']);
  });
});
