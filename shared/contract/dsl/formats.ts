/**
 * Checks for the value formats of the spec ("Value formats"). Each returns a problem in words,
 * or undefined when the value is well formed. No regular expression here is built at run time,
 * so these run under the renderer's strict CSP too.
 */
import type { DecimalSpec, StringFormat } from './params.js';

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export const hasControlChars = (s: string): boolean => CONTROL.test(s);

/** Length in characters (code points), not UTF-16 units: `S<n>` counts what a person sees. */
export function charLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isCalendarDate(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (mo < 1 || mo > 12 || d < 1) return false;
  return d <= daysInMonth(y, mo);
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))$/;

/** ISO 8601 date-time that carries its offset (`Z` or `±HH:MM`): a local time alone is ambiguous. */
export function isDateTimeWithOffset(s: string): boolean {
  const m = DATE_TIME.exec(s);
  if (!m) return false;
  if (!isCalendarDate(m[1] as string)) return false;
  if (Number(m[2]) > 23 || Number(m[3]) > 59) return false;
  if (m[4] !== undefined && Number(m[4]) > 59) return false;
  if (m[5] !== 'Z' && (Number(m[6]) > 14 || Number(m[7]) > 59)) return false;
  return true;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
export const isBase64 = (s: string): boolean => s.length % 4 === 0 && BASE64.test(s);

const SHA256 = /^[0-9a-fA-F]{64}$/;
export const isSha256 = (s: string): boolean => SHA256.test(s);

/** A telephone number as people type it: optional +, digits, spaces, dashes, brackets; 5 to 15 digits. */
const PHONE = /^\+?[0-9(][0-9 ()-]*$/;
export function isPhone(s: string): boolean {
  if (!PHONE.test(s) || s.length > 32) return false;
  let digits = 0;
  for (const ch of s) if (ch >= '0' && ch <= '9') digits++;
  return digits >= 5 && digits <= 15;
}

const YEAR4 = /^\d{4}$/;
const DIGITS = /^\d+$/;

export function formatProblem(format: StringFormat, s: string): string | undefined {
  switch (format) {
    case 'date':
      return isCalendarDate(s) ? undefined : 'must be a calendar date YYYY-MM-DD';
    case 'date-time':
      return isDateTimeWithOffset(s) ? undefined : 'must be an ISO 8601 date-time with a time-zone offset';
    case 'byte':
      return isBase64(s) ? undefined : 'must be base64';
    case 'sha256':
      return isSha256(s) ? undefined : 'must be a SHA-256 hash of 64 hexadecimal characters';
    case 'phone':
      return isPhone(s) ? undefined : 'must be a telephone number (5 to 15 digits, optional +)';
    case 'year4':
      return YEAR4.test(s) ? undefined : 'must be a year of exactly four digits';
    case 'digits':
      return DIGITS.test(s) ? undefined : 'must contain digits only';
  }
}

const DECIMAL_DOT = /^(-?)(\d+)(?:\.(\d+))?$/;
const DECIMAL_COMMA = /^(-?)(\d+)(?:[.,](\d+))?$/;

/**
 * Validates a decimal-string and returns its canonical form (dot separator, no leading zeros,
 * trailing fraction zeros kept as sent) or a problem.
 */
export function checkDecimal(spec: DecimalSpec, s: string): { value: string } | { problem: string } {
  const m = (spec.comma ? DECIMAL_COMMA : DECIMAL_DOT).exec(s);
  if (!m) {
    return {
      problem: spec.comma
        ? 'must be a decimal number: optional minus, digits, optional fraction after a dot or comma'
        : 'must be a decimal string with a dot separator, e.g. "12.50"',
    };
  }
  const [, sign, intPart = '', frac = ''] = m;
  if (sign && !spec.signed) return { problem: 'must not be negative' };
  const intDigits = intPart.replace(/^0+(?=\d)/, '');
  if (intDigits.length > spec.intDigits) return { problem: `must have at most ${spec.intDigits} integer digits` };
  if (frac.length > spec.scale) return { problem: `must have at most ${spec.scale} decimal places` };
  const value = `${sign}${intDigits}${frac ? `.${frac}` : ''}`;
  if (spec.minValue !== undefined) {
    const c = compareDecimal(value, spec.minValue);
    if (spec.exclusiveMin ? c <= 0 : c < 0)
      return { problem: `must be ${spec.exclusiveMin ? 'greater than' : 'at least'} ${spec.minValue}` };
  }
  if (spec.maxValue !== undefined && compareDecimal(value, spec.maxValue) > 0)
    return { problem: `must be at most ${spec.maxValue}` };
  return { value };
}

/** Compares two canonical decimal strings exactly. */
export function compareDecimal(a: string, b: string): number {
  const na = a.startsWith('-');
  const nb = b.startsWith('-');
  const [ai = '', af = ''] = (na ? a.slice(1) : a).split('.');
  const [bi = '', bf = ''] = (nb ? b.slice(1) : b).split('.');
  const zero = (i: string, f: string) => /^0*$/.test(i) && /^0*$/.test(f);
  if (zero(ai, af) && zero(bi, bf)) return 0;
  if (na !== nb) return na ? -1 : 1;
  const ti = ai.replace(/^0+/, '');
  const tb = bi.replace(/^0+/, '');
  let mag = ti.length - tb.length;
  if (mag === 0) mag = ti < tb ? -1 : ti > tb ? 1 : 0;
  if (mag === 0) {
    const w = Math.max(af.length, bf.length);
    const fa = af.padEnd(w, '0');
    const fb = bf.padEnd(w, '0');
    mag = fa < fb ? -1 : fa > fb ? 1 : 0;
  }
  return na ? -Math.sign(mag) : Math.sign(mag);
}
