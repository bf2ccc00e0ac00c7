/**
 * Whether a text is a value of a simple type, as XML Schema 1.0 decides: whitespace first
 * (xs:string keeps it, the numeric and boolean types collapse it), then the lexical form of the
 * built-in base, then the facets. Lengths count characters (code points), not UTF-16 units.
 */

import { firstBadCharacter } from '../xml.js';
import type { Builtin, SimpleType } from './model.js';
import * as say from './wording.js';

/** Lexical spaces of the built-ins (XSD part 2, section 3); signs and leading zeros included. */
export const LEXICAL: Readonly<Record<Exclude<Builtin, 'string'>, RegExp>> = {
  boolean: /^(?:true|false|1|0)$/,
  decimal: /^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$/,
  integer: /^[+-]?[0-9]+$/,
  int: /^[+-]?[0-9]+$/,
  // A sign is '+', except that zero may also be written '-0'.
  nonNegativeInteger: /^(?:\+?[0-9]+|-0+)$/,
  positiveInteger: /^\+?0*[1-9][0-9]*$/,
};

/** Value-space bounds of the built-ins that have them beyond their lexical form. */
const RANGE: Partial<Record<Builtin, readonly [string, string]>> = { int: ['-2147483648', '2147483647'] };

/** XSD whiteSpace="collapse": runs of the four XML spaces become one space, none at the ends. */
export const collapse = (s: string) => s.replace(/[ \t\n\r]+/g, ' ').replace(/^ | $/g, '');

const scaled = (v: string, scale: number): bigint => {
  const [int = '', frac = ''] = v.replace(/^[+-]/, '').split('.');
  const n = BigInt(`${int || '0'}${frac.padEnd(scale, '0')}`);
  return v.startsWith('-') ? -n : n;
};

/** Compares two decimal lexical forms exactly (no floating point). */
export function compareDecimal(a: string, b: string): number {
  const scale = Math.max(a.split('.')[1]?.length ?? 0, b.split('.')[1]?.length ?? 0);
  const x = scaled(a, scale);
  const y = scaled(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

const compiled = new Map<string, RegExp>();
const regex = (js: string): RegExp => {
  let r = compiled.get(js);
  if (!r) {
    r = new RegExp(js, 'u');
    compiled.set(js, r);
  }
  return r;
};

/** Why `raw` is not a value of the type, in words for the manager; undefined when it is. */
export function valueProblem(typeName: string, type: SimpleType, raw: string): string | undefined {
  const bad = firstBadCharacter(raw);
  if (bad !== undefined) return say.badCharacter(bad);
  const { base } = type;
  const value = base === 'string' ? raw : collapse(raw);
  if (base !== 'string' && !LEXICAL[base].test(value)) return say.badLexical(value, typeName, base);

  const n = [...value].length;
  if (type.length !== undefined && n !== type.length) return say.wrongLength(value, n, type.length);
  if (type.minLength !== undefined && n < type.minLength) return say.tooShort(n, type.minLength);
  if (type.maxLength !== undefined && n > type.maxLength) return say.tooLong(n, type.maxLength);

  const patterns = type.patterns ?? [];
  if (patterns.length > 0 && !patterns.some((p) => regex(p.js).test(value))) {
    return say.badPattern(value, typeName, patterns.map((p) => p.xsd).join(' | '));
  }

  // The type's own bounds are inside the built-in's (XSD requires it), so they are checked first.
  const min = type.minInclusive ?? RANGE[base]?.[0];
  const max = type.maxInclusive ?? RANGE[base]?.[1];
  if (min !== undefined && compareDecimal(value, min) < 0) return say.belowMin(value, min);
  if (max !== undefined && compareDecimal(value, max) > 0) return say.aboveMax(value, max);
  return undefined;
}
