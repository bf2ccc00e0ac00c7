/**
 * Checks for the value formats of the spec ("Value formats"). Each returns a problem in words,
 * or undefined when the value is well formed. No regular expression here is built at run time,
 * so these run under the renderer's strict CSP too.
 */
import { type IssueReason, type IssueWords, issueText, issueWords } from './issues.js';
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

const FORMAT_ISSUE: Readonly<Record<StringFormat, IssueReason>> = {
  date: 'format.date',
  'date-time': 'format.date_time',
  byte: 'format.byte',
  sha256: 'format.sha256',
  phone: 'format.phone',
  year4: 'format.year4',
  digits: 'format.digits',
};

const FORMAT_OK: Readonly<Record<StringFormat, (s: string) => boolean>> = {
  date: isCalendarDate,
  'date-time': isDateTimeWithOffset,
  byte: isBase64,
  sha256: isSha256,
  phone: isPhone,
  year4: (s) => YEAR4.test(s),
  digits: (s) => DIGITS.test(s),
};

/** Why a string does not have its format, or undefined when it has it. */
export function formatIssue(format: StringFormat, s: string): IssueWords | undefined {
  return FORMAT_OK[format](s) ? undefined : issueWords(FORMAT_ISSUE[format]);
}

/** The English sentence of formatIssue. */
export function formatProblem(format: StringFormat, s: string): string | undefined {
  const issue = formatIssue(format, s);
  return issue && issueText(issue);
}

const DECIMAL_DOT = /^(-?)(\d+)(?:\.(\d+))?$/;
const DECIMAL_COMMA = /^(-?)(\d+)(?:[.,](\d+))?$/;

/**
 * Validates a decimal-string and returns its canonical form (dot separator, no leading zeros,
 * trailing fraction zeros kept as sent) or why it is not one.
 */
export function checkDecimal(spec: DecimalSpec, s: string): { value: string } | { issue: IssueWords } {
  const m = (spec.comma ? DECIMAL_COMMA : DECIMAL_DOT).exec(s);
  if (!m) return { issue: issueWords(spec.comma ? 'decimal.syntax_comma' : 'decimal.syntax') };
  const [, sign, intPart = '', frac = ''] = m;
  if (sign && !spec.signed) return { issue: issueWords('decimal.negative') };
  const intDigits = intPart.replace(/^0+(?=\d)/, '');
  if (intDigits.length > spec.intDigits) return { issue: issueWords('decimal.int_digits', { digits: spec.intDigits }) };
  if (frac.length > spec.scale) return { issue: issueWords('decimal.places', { places: spec.scale }) };
  const value = `${sign}${intDigits}${frac ? `.${frac}` : ''}`;
  if (spec.minValue !== undefined) {
    const c = compareDecimal(value, spec.minValue);
    if (spec.exclusiveMin ? c <= 0 : c < 0)
      return { issue: issueWords(spec.exclusiveMin ? 'decimal.min_exclusive' : 'decimal.min', { min: spec.minValue }) };
  }
  if (spec.maxValue !== undefined && compareDecimal(value, spec.maxValue) > 0)
    return { issue: issueWords('decimal.max', { max: spec.maxValue }) };
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
