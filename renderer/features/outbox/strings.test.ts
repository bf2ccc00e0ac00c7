import { describe, expect, it } from 'vitest';
import { strings } from './strings.js';

/** Every key path of a namespace, plural forms (_one, _few, …) counted as their base key. */
const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null
      ? keys(v, `${prefix}${k}.`)
      : [`${prefix}${k.replace(/_(zero|one|two|few|many|other)$/, '')}`],
  );

describe('the strings of this screen', () => {
  it('say the same things in Ukrainian and English', () => {
    expect(new Set(keys(strings.en))).toEqual(new Set(keys(strings.uk)));
  });

  it('leave nothing empty', () => {
    const empty = (o: object): boolean => Object.values(o).some((v) => (typeof v === 'object' ? empty(v) : v === ''));
    expect(empty(strings.uk)).toBe(false);
    expect(empty(strings.en)).toBe(false);
  });
});
