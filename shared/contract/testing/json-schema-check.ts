/**
 * A checker for the subset of JSON Schema draft 7 the publisher emits, so tests can hold the
 * published schemas against the validator without a schema library. Formats and `x-decimal`
 * bounds are checked with the contract's own format functions.
 */
import { charLength, compareDecimal, isBase64, isCalendarDate, isDateTimeWithOffset } from '../dsl/formats.js';
import type { JsonSchema } from '../publish/json-schema.js';

const FORMATS: Record<string, (s: string) => boolean> = {
  date: isCalendarDate,
  'date-time': isDateTimeWithOffset,
  byte: isBase64,
};

const typeOf = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v;

const hasType = (v: unknown, type: string): boolean => type === typeOf(v) || (type === 'number' && typeof v === 'number');

/** Whether `value` satisfies `schema`; `$ref`s resolve against `root`. */
export function satisfies(schema: JsonSchema, value: unknown, root: JsonSchema = schema): boolean {
  const s = schema as Record<string, unknown>;
  if (typeof s.$ref === 'string') return satisfies(resolve(root, s.$ref), value, root);
  const checks: boolean[] = [];
  if (s.type !== undefined) checks.push([s.type].flat().some((t) => hasType(value, t as string)));
  if ('const' in s) checks.push(JSON.stringify(s.const) === JSON.stringify(value));
  if (Array.isArray(s.enum)) checks.push(s.enum.includes(value));
  if (Array.isArray(s.anyOf)) checks.push(s.anyOf.some((sub) => satisfies(sub, value, root)));
  if (Array.isArray(s.oneOf)) checks.push(s.oneOf.filter((sub) => satisfies(sub, value, root)).length === 1);
  if (Array.isArray(s.allOf)) checks.push(s.allOf.every((sub) => satisfies(sub, value, root)));
  if (typeof value === 'string') checks.push(stringOk(s, value));
  if (typeof value === 'number') {
    if (typeof s.minimum === 'number') checks.push(value >= s.minimum);
    if (typeof s.maximum === 'number') checks.push(value <= s.maximum);
  }
  if (Array.isArray(value)) checks.push(arrayOk(s, value, root));
  if (typeOf(value) === 'object') checks.push(objectOk(s, value as Record<string, unknown>, root));
  return checks.every(Boolean);
}

function stringOk(s: Record<string, unknown>, value: string): boolean {
  if (typeof s.minLength === 'number' && charLength(value) < s.minLength) return false;
  if (typeof s.maxLength === 'number' && charLength(value) > s.maxLength) return false;
  if (typeof s.pattern === 'string' && !new RegExp(s.pattern, 'u').test(value)) return false;
  if (typeof s.format === 'string' && FORMATS[s.format] && !FORMATS[s.format]?.(value)) return false;
  const bounds = s['x-decimal'] as { minimum?: string; exclusiveMinimum?: boolean; maximum?: string } | undefined;
  if (bounds && value !== '') {
    const v = value.replace(',', '.');
    if (bounds.minimum !== undefined && compareDecimal(v, bounds.minimum) < (bounds.exclusiveMinimum ? 1 : 0)) return false;
    if (bounds.maximum !== undefined && compareDecimal(v, bounds.maximum) > 0) return false;
  }
  return true;
}

function arrayOk(s: Record<string, unknown>, value: unknown[], root: JsonSchema): boolean {
  if (typeof s.minItems === 'number' && value.length < s.minItems) return false;
  if (typeof s.maxItems === 'number' && value.length > s.maxItems) return false;
  if (s.uniqueItems === true && new Set(value.map((v) => JSON.stringify(v))).size !== value.length) return false;
  if (Array.isArray(s.items)) {
    const tuple = s.items as JsonSchema[];
    const rest = s.additionalItems as JsonSchema | undefined;
    return value.every((v, i) => {
      const sub = tuple[i] ?? rest;
      return sub === undefined || satisfies(sub, v, root);
    });
  }
  return s.items === undefined || value.every((v) => satisfies(s.items as JsonSchema, v, root));
}

function objectOk(s: Record<string, unknown>, value: Record<string, unknown>, root: JsonSchema): boolean {
  const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
  const required = (s.required ?? []) as string[];
  if (!required.every((name) => name in value)) return false;
  if (s.additionalProperties === false && !Object.keys(value).every((k) => Object.hasOwn(properties, k))) return false;
  return Object.entries(value).every(
    ([k, v]) => !Object.hasOwn(properties, k) || satisfies(properties[k] as JsonSchema, v, root),
  );
}

function resolve(root: JsonSchema, ref: string): JsonSchema {
  let node: unknown = root;
  for (const part of ref.replace(/^#\//, '').split('/')) node = (node as Record<string, unknown>)[part];
  if (node === undefined) throw new Error(`unresolved ${ref}`);
  return node as JsonSchema;
}
