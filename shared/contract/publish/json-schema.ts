/**
 * JSON Schema (draft 7, as OpenRPC 1.3 uses) for parameter contracts and result columns. Every
 * bound the validator enforces is stated; decimal value bounds, which JSON Schema cannot say of a
 * string, go into `x-decimal`.
 */
import type { DecimalSpec, Field, Fields, ParamSpec, StringFormat, StringSpec } from '../dsl/params.js';
import type { Column } from '../dsl/results.js';
import { maxChars } from '../request-size.js';

export type JsonSchema = { readonly [keyword: string]: unknown };

/** Anchors a pattern body; `optional` also admits the empty string. */
const anchored = (body: string, optional = false): string => `^(?:${body})${optional ? '?' : ''}$`;

const NO_CONTROL = '^[^\\u0000-\\u001F\\u007F-\\u009F]*$';

/** Pattern bodies that say what the format checks of dsl/formats.ts accept. */
const FORMAT_PATTERNS: Record<StringFormat, string> = {
  date: '[0-9]{4}-[0-9]{2}-[0-9]{2}',
  'date-time': '[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:\\.[0-9]{1,9})?)?(?:Z|[+-][0-9]{2}:[0-9]{2})',
  byte: '(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?',
  sha256: '[0-9a-fA-F]{64}',
  phone: '(?=.{0,32}$)(?=(?:[^0-9]*[0-9]){5,15}[^0-9]*$)\\+?[0-9(][0-9 ()-]*',
  year4: '[0-9]{4}',
  digits: '[0-9]+',
};

/** The standard `format` names where one fits; the pattern does not catch February 30, the format does. */
const FORMAT_KEYWORDS: Partial<Record<StringFormat, JsonSchema>> = {
  date: { format: 'date' },
  'date-time': { format: 'date-time' },
  byte: { format: 'byte', contentEncoding: 'base64' },
};

const formatSchema = (format: StringFormat, allowEmpty = false): JsonSchema =>
  allowEmpty
    ? { anyOf: [{ const: '' }, formatSchema(format)] }
    : { ...FORMAT_KEYWORDS[format], pattern: anchored(FORMAT_PATTERNS[format]) };

function paramSchema(spec: ParamSpec): JsonSchema {
  switch (spec.kind) {
    case 'string':
      return stringSchema(spec);
    case 'int':
      return { type: 'integer', minimum: spec.min, maximum: spec.max };
    case 'bool':
      return { type: 'boolean' };
    case 'decimal':
      return decimalSchema(spec);
    case 'enum':
      return { type: 'string', enum: spec.values };
    case 'array':
      return {
        type: 'array',
        items: paramSchema(spec.items),
        minItems: spec.minItems,
        maxItems: spec.maxItems,
        ...(spec.unique ? { uniqueItems: true } : {}),
      };
    case 'object':
      return objectSchema(spec.fields);
  }
}

/** A member: its schema with its default and, where the project chose it, why. */
export const memberSchema = (field: Field): JsonSchema => ({
  ...paramSchema(field.spec),
  ...(field.default === undefined ? {} : { default: field.default }),
  ...(field.projectDefined ? { 'x-project-defined': field.projectDefined } : {}),
});

export function objectSchema(fields: Fields): JsonSchema {
  const required = Object.entries(fields)
    .filter(([, f]) => f.required)
    .map(([name]) => name);
  return {
    type: 'object',
    properties: Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, memberSchema(field)])),
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
}

/** Every string states its bound: its own, or the one its format implies (request-size.ts). */
function maxLength(spec: StringSpec | DecimalSpec): JsonSchema {
  const max = maxChars(spec);
  return max === undefined ? {} : { maxLength: max };
}

function stringSchema(spec: StringSpec): JsonSchema {
  return {
    type: 'string',
    ...(spec.min ? { minLength: spec.min } : {}),
    ...maxLength(spec),
    ...(spec.noControl && spec.format
      ? { allOf: [{ pattern: NO_CONTROL }, formatSchema(spec.format, spec.allowEmpty)] }
      : {
          ...(spec.noControl ? { pattern: NO_CONTROL } : {}),
          ...(spec.format ? formatSchema(spec.format, spec.allowEmpty) : {}),
        }),
  };
}

/** The syntax of a decimal-string of this contract, leading zeros included (they do not count as digits). */
export function decimalPattern(spec: DecimalSpec): string {
  const separator = spec.comma ? '[.,]' : '\\.';
  const body = `${spec.signed ? '-?' : ''}0*[0-9]{1,${spec.intDigits}}(?:${separator}[0-9]{1,${spec.scale}})?`;
  return anchored(body, spec.allowEmpty);
}

function decimalSchema(spec: DecimalSpec): JsonSchema {
  const bounds = {
    ...(spec.unit ? { unit: spec.unit } : {}),
    scale: spec.scale,
    integerDigits: spec.intDigits,
    ...(spec.minValue === undefined ? {} : { minimum: spec.minValue, exclusiveMinimum: spec.exclusiveMin === true }),
    ...(spec.maxValue === undefined ? {} : { maximum: spec.maxValue }),
  };
  return {
    type: 'string',
    ...maxLength(spec),
    pattern: decimalPattern(spec),
    'x-decimal': bounds,
  };
}

/** A result column as it travels: a string in its format. */
export function columnSchema(column: Column): JsonSchema {
  const schema = columnFormatSchema(column);
  // An absent value may come as null (dsl/results.ts) or as the empty string (the gateway's choice).
  return column.nullable ? { anyOf: [schema, { const: '' }, { type: 'null' }] } : schema;
}

function columnFormatSchema(column: Column): JsonSchema {
  switch (column.format) {
    case 'string':
    case 'phone':
      return { type: 'string' };
    case 'int':
      return { type: 'string', pattern: '^-?[0-9]+$' };
    case 'decimal':
      return { type: 'string', pattern: '^-?[0-9]+(?:\\.[0-9]+)?$', ...(column.unit ? { 'x-unit': column.unit } : {}) };
    default:
      return { type: 'string', ...formatSchema(column.format) };
  }
}
