import { describe, expect, it } from 'vitest';
import { xsdPatternToJs } from './xsd-regex.js';

const matches = (xsd: string, value: string) => new RegExp(xsdPatternToJs(xsd), 'u').test(value);

describe('an XSD pattern translated to JavaScript', () => {
  it('matches the whole value only, every alternative included', () => {
    expect(xsdPatternToJs('a|b')).toBe('^(?:a|b)$');
    expect(matches('([0-9]){10}|([0-9]){4}', '12345')).toBe(false);
    expect(matches('([0-9]){10}|([0-9]){4}', '1234')).toBe(true);
    expect(matches('[0-9]{2}', 'x12')).toBe(false);
  });

  it('reads \\d as any Unicode decimal digit and \\s as the four XML spaces', () => {
    expect(matches('\\d{2}', '٤٥')).toBe(true);
    expect(matches('[\\d]{2}', '١2')).toBe(true);
    expect(matches('\\s', '\u00a0')).toBe(false);
    expect(matches('\\s\\s\\s\\s', ' \t\n\r')).toBe(true);
    expect(matches('\\w', '-')).toBe(false);
    expect(matches('\\w', 'ї')).toBe(true);
  });

  it('reads ^ and $ as plain characters and . as anything but a line end', () => {
    expect(matches('^a$', '^a$')).toBe(true);
    expect(matches('a.c', 'a\nc')).toBe(false);
    expect(matches('a.c', 'a\u2028c')).toBe(true);
  });

  it('keeps | in a class as a plain character, as in the DPS date patterns', () => {
    expect(matches('[0|2]', '|')).toBe(true);
    expect(matches('[1-3|5-7|9]', '4')).toBe(false);
  });

  it('takes an escaped minus outside a class, which the u flag would reject as written', () => {
    expect(xsdPatternToJs('\\-{0,1}[0-9]+')).toBe('^(?:-{0,1}[0-9]+)$');
    expect(matches('[a\\-z]', '-')).toBe(true);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(matches('.{2}', '😀a')).toBe(true);
    expect(matches('[😀-😂]', '😁')).toBe(true);
  });

  it.each([
    ['class subtraction', '[a-z-[aeiou]]', 'subtraction'],
    ['a block escape', '\\p{IsBasicLatin}', 'general categories'],
    ['the XML name escapes', '\\i\\c*', '\\i'],
    ['a back reference', '(a)\\1', '\\1'],
    ['a lookahead', '(?=a)', '(?'],
    ['a lazy quantifier', 'a*?', 'quantifier ?'],
    ['a reversed range', 'a{3,2}', 'max below min'],
    ['\\w inside a class', '[\\w-]', '\\w inside a character class'],
    ['an unclosed group', '(a', 'unclosed ('],
  ])('refuses %s', (_, pattern, why) => {
    expect(() => xsdPatternToJs(pattern)).toThrow(why);
  });
});
