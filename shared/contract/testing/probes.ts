/**
 * What to try at one place of a params object: values just inside and just outside every bound the
 * contract states there, and values of the wrong JSON type. Each probe knows whether it must pass.
 */
import type {
  ArraySpec,
  DecimalSpec,
  EnumSpec,
  Field,
  IntSpec,
  ObjectSpec,
  ParamSpec,
  StringFormat,
  StringSpec,
} from '../dsl/params.js';
import { stepDecimal, withinBounds } from './decimal-steps.js';
import { FORMAT_SAMPLES, validItems, validObject } from './values.js';

/** Replaces the member instead of setting it. */
export const OMIT = Symbol('omit');

export interface Probe {
  /** Completes "<member> … passes/fails". */
  readonly what: string;
  readonly value: unknown;
  readonly expect: 'pass' | 'fail';
  /** Where the issue is, below the probed place (a repeated item, an unknown member). */
  readonly below?: readonly (string | number)[];
}

/** A member name no contract uses. */
export const UNKNOWN_MEMBER = 'unexpected_member';

/** One character outside the Basic Multilingual Plane: two UTF-16 units, four UTF-8 bytes, one character. */
const ASTRAL = '𝄞';

const pass = (what: string, value: unknown): Probe => ({ what, value, expect: 'pass' });
const fail = (what: string, value: unknown, below?: readonly (string | number)[]): Probe =>
  below ? { what, value, expect: 'fail', below } : { what, value, expect: 'fail' };

/** Probes of one place; `field` is absent for array items, which cannot be omitted. */
export function probesFor(spec: ParamSpec, field?: Field): Probe[] {
  const presence = field ? [field.required ? fail('omitted', OMIT) : pass('omitted', OMIT)] : [];
  return [...presence, fail('as null', null), ...kindProbes(spec)];
}

function kindProbes(spec: ParamSpec): Probe[] {
  switch (spec.kind) {
    case 'string':
      return stringProbes(spec);
    case 'int':
      return intProbes(spec);
    case 'bool':
      return [pass('as true', true), pass('as false', false), fail('as the string "true"', 'true'), fail('as the number 1', 1)];
    case 'decimal':
      return decimalProbes(spec);
    case 'enum':
      return enumProbes(spec);
    case 'array':
      return arrayProbes(spec);
    case 'object':
      return objectProbes(spec);
  }
}

function stringProbes(spec: StringSpec): Probe[] {
  const { min = 0, max, format } = spec;
  const fits = (s: string) => [...s].length >= min && (max === undefined || [...s].length <= max);
  const out = [fail('as a number', 1)];
  if (max !== undefined) {
    if (!format) out.push(pass(`at ${max} characters, astral ones counted as one`, ASTRAL.repeat(max)));
    else if (format === 'digits') out.push(pass(`at ${max} characters`, fillChar(format).repeat(max)));
    out.push(fail(`with ${max + 1} characters`, fillChar(format).repeat(max + 1)));
  }
  if (min > 0) {
    if (!format || format === 'digits') out.push(pass(`at the minimum of ${min} characters`, fillChar(format).repeat(min)));
    out.push(fail(`with ${min - 1} characters`, fillChar(format).repeat(min - 1)));
  } else if (!format) {
    out.push(pass('as an empty string', ''));
  } else {
    const emptyOk = spec.allowEmpty || FORMAT_PROBES[format].emptyIsWellFormed;
    out.push(emptyOk ? pass('as an empty string', '') : fail('as an empty string', ''));
  }
  if (format) {
    const samples = FORMAT_PROBES[format];
    out.push(...samples.valid.filter(([, v]) => fits(v)).map(([what, v]) => pass(what, v)));
    out.push(...samples.invalid.map(([what, v]) => fail(what, v)));
  } else {
    const control = '\u0001A'.padEnd(min, 'a').slice(0, max);
    out.push(spec.noControl ? fail('with a control character', control) : pass('with a control character', control));
  }
  return out;
}

const fillChar = (format: StringFormat | undefined): string => (format === 'digits' ? '7' : 'a');

interface Samples {
  readonly valid: readonly [string, string][];
  readonly invalid: readonly [string, string][];
  /** Base64 of zero bytes is the empty string, so `byte` accepts it without `allowEmpty`. */
  readonly emptyIsWellFormed?: boolean;
}

const FORMAT_PROBES: Record<StringFormat, Samples> = {
  date: {
    valid: [
      ['on a leap day', FORMAT_SAMPLES.date],
      ['on the last day of a year', '2023-12-31'],
    ],
    invalid: [
      ['on February 30', '2024-02-30'],
      ['on February 29 of a common year', '2023-02-29'],
      ['written as DD.MM.YYYY', '29.02.2024'],
    ],
  },
  'date-time': {
    valid: [
      ['with a +02:00 offset', FORMAT_SAMPLES['date-time']],
      ['in UTC with fractional seconds', '2024-02-29T11:45:00.125Z'],
    ],
    invalid: [
      ['without an offset', '2024-02-29T13:45:00'],
      ['on February 30', '2024-02-30T13:45:00+02:00'],
      ['as a bare date', '2024-02-29'],
    ],
  },
  byte: {
    emptyIsWellFormed: true,
    valid: [['as padded base64', FORMAT_SAMPLES.byte]],
    invalid: [
      ['as base64 of a wrong length', 'QUJDRA='],
      ['with a character outside base64', 'QUJD*A=='],
    ],
  },
  sha256: {
    valid: [['as 64 upper-case hex digits', FORMAT_SAMPLES.sha256.toUpperCase()]],
    invalid: [
      ['as 63 hex digits', FORMAT_SAMPLES.sha256.slice(1)],
      ['with a non-hex digit', `g${FORMAT_SAMPLES.sha256.slice(1)}`],
    ],
  },
  phone: {
    valid: [['as a Ukrainian number with spaces and a dash', FORMAT_SAMPLES.phone]],
    invalid: [
      ['with letters', '+380 44 ABC-45-67'],
      ['with only 4 digits', '1234'],
    ],
  },
  year4: {
    valid: [['as four digits', FORMAT_SAMPLES.year4]],
    invalid: [
      ['as two digits', '24'],
      ['as five digits', '20245'],
    ],
  },
  digits: {
    valid: [['as digits', '2000']],
    invalid: [['with a letter', '20a0']],
  },
};

function intProbes(spec: IntSpec): Probe[] {
  return [
    fail('as a numeric string', '1'),
    fail('as a fraction', 1.5),
    pass(`at its minimum ${spec.min}`, spec.min),
    fail(`at ${spec.min - 1}`, spec.min - 1),
    pass(`at its maximum ${spec.max}`, spec.max),
    fail(`at ${spec.max + 1}`, spec.max + 1),
  ];
}

function decimalProbes(spec: DecimalSpec): Probe[] {
  const { scale, intDigits, max } = spec;
  const ok = (what: string, v: string) => (withinBounds(spec, v) ? pass(what, v) : fail(what, v));
  const out = [
    fail('as a JSON number', 12.5),
    spec.allowEmpty ? pass('as an empty string', '') : fail('as an empty string', ''),
    ok(`with ${scale} decimal places`, `1.${'5'.repeat(scale)}`),
    fail(`with ${scale + 1} decimal places`, `1.${'5'.repeat(scale + 1)}`),
    fail(`with ${intDigits + 1} integer digits`, '9'.repeat(intDigits + 1)),
    spec.signed ? ok('negative', '-1') : fail('negative', '-1'),
    spec.comma ? ok('with a decimal comma', '1,5') : fail('with a decimal comma', '1,5'),
    fail('in exponent notation', '1e3'),
    fail('with a leading dot', '.5'),
    fail('with a digit-group space', '1 000'),
    fail('with a plus sign', '+1'),
  ];
  if ((max === undefined || intDigits <= max) && withinBounds(spec, '9'.repeat(intDigits)))
    out.push(pass(`with ${intDigits} integer digits`, '9'.repeat(intDigits)));
  if (max !== undefined) {
    // Leading zeros fill the length without adding integer digits, so only the length bound decides.
    out.push(ok(`at ${max} characters`, `${'0'.repeat(max - 1)}1`), fail(`with ${max + 1} characters`, `${'0'.repeat(max)}1`));
  }
  if (spec.minValue !== undefined) {
    const below = stepDecimal(spec.minValue, scale, -1);
    const above = stepDecimal(spec.minValue, scale, 1);
    out.push(
      spec.exclusiveMin
        ? fail(`at its exclusive minimum ${spec.minValue}`, spec.minValue)
        : pass(`at its minimum ${spec.minValue}`, spec.minValue),
      spec.exclusiveMin ? pass(`at ${above}`, above) : fail(`at ${below}`, below),
    );
  }
  if (spec.maxValue !== undefined) {
    const above = stepDecimal(spec.maxValue, scale, 1);
    out.push(pass(`at its maximum ${spec.maxValue}`, spec.maxValue), fail(`at ${above}`, above));
  }
  return out;
}

/** Latin letters that look like Cyrillic ones: the enum must compare code points, not looks. */
const LOOKALIKES: Record<string, string> = { а: 'a', е: 'e', о: 'o', р: 'p', с: 'c', і: 'i' };

function enumProbes(spec: EnumSpec): Probe[] {
  const out = [fail('as a number', 1), ...spec.values.map((v) => pass(`as ${JSON.stringify(v)}`, v))];
  const first = spec.values[0] ?? '';
  const wrong = first.toUpperCase() !== first ? first.toUpperCase() : `${first}_`;
  if (!spec.values.includes(wrong)) out.push(fail(`as ${JSON.stringify(wrong)}`, wrong));
  for (const v of spec.values) {
    const latin = [...v].map((c) => LOOKALIKES[c] ?? c).join('');
    if (latin !== v) out.push(fail(`as ${JSON.stringify(v)} typed with Latin look-alike letters`, latin));
  }
  return out;
}

function arrayProbes(spec: ArraySpec): Probe[] {
  const { minItems: min, maxItems: max, items } = spec;
  const out = [fail('as an object', {}), pass(`with ${min} items`, validItems(items, min))];
  if (min > 0) out.push(fail(`with ${min - 1} items`, validItems(items, min - 1)));
  if (max !== min) out.push(pass(`with ${max} items`, validItems(items, max)));
  out.push(fail(`with ${max + 1} items`, validItems(items, max + 1)));
  if (max >= 2) {
    const n = Math.max(min, 2);
    const repeated = [...validItems(items, n - 1), ...validItems(items, 1)];
    out.push(spec.unique ? fail('with a repeated item', repeated, [n - 1]) : pass('with a repeated item', repeated));
  }
  return out;
}

function objectProbes(spec: ObjectSpec): Probe[] {
  return [
    fail('as an array', []),
    fail('with an unknown member', { ...validObject(spec.fields), [UNKNOWN_MEMBER]: 'x' }, [UNKNOWN_MEMBER]),
  ];
}
