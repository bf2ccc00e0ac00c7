/** The spec's short notation (`S512`, `I 1..5000`, `DEC cur`) for parameters and columns. */
import { INT32_MAX, INT32_MIN, type ParamSpec, type StringFormat } from '../dsl/params.js';
import type { Column } from '../dsl/results.js';

const FORMAT_WORDS: Record<StringFormat, string> = {
  date: 'DATE',
  'date-time': 'date-time with offset',
  byte: 'byte (base64)',
  sha256: 'sha256 (64 hex)',
  phone: 'phone',
  year4: 'year of 4 digits',
  digits: 'digits only',
};

const quote = (v: unknown): string => JSON.stringify(v);

/** One line for a scalar spec; arrays of objects and objects only get their head here. */
export function typeNotation(spec: ParamSpec): string {
  switch (spec.kind) {
    case 'string': {
      const { min = 0, max } = spec;
      const length =
        max === undefined ? (min > 0 ? `string of at least ${min}` : 'string') : min > 0 ? `S${min}..${max}` : `S${max}`;
      const words = [
        length,
        spec.format ? FORMAT_WORDS[spec.format] : '',
        spec.allowEmpty ? 'or empty' : '',
        spec.noControl ? 'without control characters' : '',
      ];
      return words.filter(Boolean).join(' ');
    }
    case 'int':
      return spec.min === INT32_MIN && spec.max === INT32_MAX ? 'I' : `I ${spec.min}..${spec.max}`;
    case 'bool':
      return 'B';
    case 'decimal': {
      const bounds = [
        spec.minValue === undefined ? '' : `${spec.exclusiveMin ? '>' : '≥'} ${spec.minValue}`,
        spec.maxValue === undefined ? '' : `≤ ${spec.maxValue}`,
      ];
      const words = [
        ['DEC', spec.unit ?? '', spec.max === undefined ? '' : `S${spec.max}`].filter(Boolean).join(' '),
        `up to ${spec.intDigits} integer and ${spec.scale} decimal digits`,
        spec.signed ? '' : 'not negative',
        spec.comma ? 'dot or comma' : '',
        ...bounds,
        spec.allowEmpty ? 'or empty' : '',
      ];
      return words.filter(Boolean).join(', ');
    }
    case 'enum':
      return `one of ${spec.values.map(quote).join(', ')}`;
    case 'array': {
      const count = `${spec.minItems}..${spec.maxItems}${spec.unique ? ' unique' : ''}`;
      return spec.items.kind === 'object' ? `array of ${count} objects` : `array of ${count} × ${typeNotation(spec.items)}`;
    }
    case 'object':
      return 'object';
  }
}

export const defaultNotation = (value: unknown): string => (value === undefined ? '' : ` = ${quote(value)}`);

const COLUMN_WORDS: Record<Column['format'], string> = {
  string: '',
  decimal: 'DEC',
  date: 'DATE',
  'date-time': 'date-time',
  byte: 'byte',
  sha256: 'sha256',
  int: 'int',
  phone: 'phone',
};

/** `DEC cur`; empty for a plain string. */
export const columnFormatNotation = (column: Column): string =>
  [COLUMN_WORDS[column.format], column.unit ?? '', column.nullable ? 'or empty' : ''].filter(Boolean).join(' ');

/** `balance` (DEC cur); plain strings are named alone, as in the spec. */
export function columnNotation(name: string, column: Column): string {
  const words = columnFormatNotation(column);
  return words ? `\`${name}\` (${words})` : `\`${name}\``;
}
