import { describe, expect, it } from 'vitest';
import { resources } from './resources.js';

/** Every key path of a namespace, plural forms (_one, _few, …) counted as their base key. */
const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null
      ? keys(v, `${prefix}${k}.`)
      : [`${prefix}${k.replace(/_(zero|one|two|few|many|other)$/, '')}`],
  );

const empty = (o: object): boolean => Object.values(o).some((v) => (typeof v === 'object' && v !== null ? empty(v) : v === ''));

describe.each(Object.keys(resources.uk))('the strings of namespace %s', (ns) => {
  const uk = (resources.uk as Record<string, object>)[ns] as object;
  const en = (resources.en as Record<string, object>)[ns] as object;

  it('say the same things in Ukrainian and English', () => {
    expect(new Set(keys(en))).toEqual(new Set(keys(uk)));
  });

  it('leave nothing empty', () => {
    expect(empty(uk)).toBe(false);
    expect(empty(en)).toBe(false);
  });
});
