/**
 * Valid values for every kind of parameter and result column, built from the contract data.
 * `variant` makes items of one array distinct, so unique arrays stay valid.
 */
import type { DecimalSpec, Fields, IntSpec, ParamSpec, StringFormat, StringSpec } from '../dsl/params.js';
import type { Column, ColumnFormat } from '../dsl/results.js';
import { stepDecimal, withinBounds } from './decimal-steps.js';

/** Well-formed samples of each format. The date is a leap day, so a calendar check must be real. */
export const FORMAT_SAMPLES = {
  date: '2024-02-29',
  'date-time': '2024-02-29T13:45:00+02:00',
  byte: 'QUJDRA==',
  sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  phone: '+380 44 123-45-67',
  year4: '2024',
} as const;

export function validValue(spec: ParamSpec, variant = 0): unknown {
  switch (spec.kind) {
    case 'string':
      return validString(spec, variant);
    case 'int':
      return validInt(spec, variant);
    case 'bool':
      return variant % 2 === 1;
    case 'decimal':
      return validDecimal(spec, variant);
    case 'enum':
      return spec.values[variant % spec.values.length];
    case 'array':
      return validItems(spec.items, spec.minItems);
    case 'object':
      return validObject(spec.fields, variant);
  }
}

/** `n` distinct valid items. */
export const validItems = (items: ParamSpec, n: number): unknown[] => Array.from({ length: n }, (_, i) => validValue(items, i));

/** Every member, required or not, so each format of the contract is exercised. */
export function validObject(fields: Fields, variant = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fields)) out[name] = validValue(field.spec, variant);
  return out;
}

function validString(spec: StringSpec, variant: number): string {
  // A digits string with a least length (a PIN) is padded with zeros up to it.
  if (spec.format === 'digits') return formatSample(spec.format, variant).padStart(spec.min ?? 0, '0');
  if (spec.format) return formatSample(spec.format, variant);
  // Cyrillic on purpose: lengths count characters, and the shops' data is Ukrainian.
  const chars = [...`Кава${variant + 1}`];
  const fitted = spec.max !== undefined && chars.length > spec.max ? chars.slice(-spec.max) : chars;
  return fitted.join('').padEnd(spec.min ?? 0, 'x');
}

function formatSample(format: StringFormat, variant: number): string {
  // In-store EAN prefixes are 20..29, which makes a natural digits sample.
  return format === 'digits' ? String(20 + variant) : FORMAT_SAMPLES[format];
}

function validInt(spec: IntSpec, variant: number): number {
  const base = Math.min(Math.max(0, spec.min), spec.max);
  return Math.min(base + variant, spec.max);
}

function validDecimal(spec: DecimalSpec, variant: number): string {
  const candidate = `${12 + variant}${spec.scale > 0 ? '.5' : ''}`;
  if (withinBounds(spec, candidate)) return candidate;
  if (spec.minValue !== undefined) return stepDecimal(spec.minValue, spec.scale, spec.exclusiveMin ? variant + 1 : variant);
  return stepDecimal(spec.maxValue ?? '0', spec.scale, -variant);
}

const COLUMN_SAMPLES: Record<ColumnFormat, string> = {
  string: 'Кава мелена 250 г',
  decimal: '12.50',
  date: FORMAT_SAMPLES.date,
  'date-time': FORMAT_SAMPLES['date-time'],
  byte: FORMAT_SAMPLES.byte,
  sha256: FORMAT_SAMPLES.sha256,
  int: '42',
  phone: '+380441234567',
};

export const validColumnValue = (column: Column): string => COLUMN_SAMPLES[column.format];
