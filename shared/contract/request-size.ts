/**
 * How large a valid request can be, from the registry alone: the service's body limit must be at
 * least this (issue 12: a valid sale could exceed 1 MiB), and every string of the contract needs a
 * bound for that to be finite. The size is the most UTF-8 bytes `JSON.stringify` can make of a
 * valid envelope: the compact form every client library sends. A client that pads with white space
 * or escapes characters it need not escape can send more bytes for the same request; that is its
 * own choice, and the body limit refuses it like any other oversized body.
 */
import type { OperationSpec } from './dsl/operation.js';
import type { DecimalSpec, Fields, ParamSpec, StringFormat, StringSpec } from './dsl/params.js';

/** A request `id` string is bounded too (the spec leaves it open): a correlation value, not a payload. */
export const ENVELOPE_ID_MAX = 128;

/**
 * The most characters a formatted string can have when its format is all that bounds it: the
 * format checks (dsl/formats.ts) accept nothing longer. `digits` and `byte` have no such bound.
 */
export const FORMAT_MAX_CHARS: Readonly<Partial<Record<StringFormat, number>>> = {
  date: 10,
  // YYYY-MM-DDTHH:MM:SS.fffffffff+HH:MM
  'date-time': 35,
  sha256: 64,
  year4: 4,
  phone: 32,
};

/**
 * Bytes one character of free text can take in compact JSON: a control character or a lone
 * surrogate is written as `\uXXXX` (the validator counts either as one character).
 */
export const FREE_TEXT_CHAR_BYTES = 6;

/** The most characters a string or decimal-string may have, or undefined when nothing bounds it. */
export function maxChars(spec: StringSpec | DecimalSpec): number | undefined {
  const own = spec.max;
  const format = spec.kind === 'string' && spec.format ? FORMAT_MAX_CHARS[spec.format] : undefined;
  if (own === undefined) return format;
  return format === undefined ? own : Math.min(own, format);
}

/** Every place of a parameter contract whose length nothing bounds, as validator paths. */
export function unboundedPlaces(fields: Fields, path = 'params'): string[] {
  return Object.entries(fields).flatMap(([name, field]) => placesOf(field.spec, `${path}.${name}`));
}

function placesOf(spec: ParamSpec, path: string): string[] {
  switch (spec.kind) {
    case 'string':
    case 'decimal':
      return maxChars(spec) === undefined ? [path] : [];
    case 'array':
      return [...(Number.isFinite(spec.maxItems) ? [] : [path]), ...placesOf(spec.items, `${path}[]`)];
    case 'object':
      return unboundedPlaces(spec.fields, path);
    default:
      return [];
  }
}

/** `op: params.path` for every unbounded place of every operation; empty when the registry is sound. */
export const unboundedStrings = (operations: readonly OperationSpec[]): string[] =>
  operations.flatMap((op) => unboundedPlaces(op.params).map((p) => `${op.name}: ${p}`));

const utf8 = new TextEncoder();
const jsonBytes = (v: unknown): number => utf8.encode(JSON.stringify(v)).length;

/** The most bytes compact JSON can make of a valid value of `spec`. */
export function maxValueBytes(spec: ParamSpec): number {
  switch (spec.kind) {
    case 'string': {
      const chars = maxChars(spec) ?? Number.POSITIVE_INFINITY;
      // Every format's alphabet is ASCII without `"` or `\`: one byte a character.
      return 2 + chars * (spec.format ? 1 : FREE_TEXT_CHAR_BYTES);
    }
    case 'decimal':
      // Digits, a sign and a separator: one byte each.
      return 2 + (maxChars(spec) ?? Number.POSITIVE_INFINITY);
    case 'int':
      return Math.max(String(spec.min).length, String(spec.max).length);
    case 'bool':
      return 'false'.length;
    case 'enum':
      return Math.max(...spec.values.map(jsonBytes));
    case 'array': {
      const n = spec.maxItems;
      return 2 + n * maxValueBytes(spec.items) + Math.max(0, n - 1);
    }
    case 'object':
      return maxObjectBytes(spec.fields);
  }
}

/** `{"a":…,"b":…}` with every member present at its largest. */
export function maxObjectBytes(fields: Fields): number {
  const members = Object.entries(fields).map(([name, field]) => jsonBytes(name) + 1 + maxValueBytes(field.spec));
  return 2 + members.reduce((a, b) => a + b, 0) + Math.max(0, members.length - 1);
}

/** The largest `id` member value: a string at its bound, beyond any safe integer or null. */
const MAX_ID_BYTES = Math.max(2 + ENVELOPE_ID_MAX * FREE_TEXT_CHAR_BYTES, String(Number.MIN_SAFE_INTEGER).length);

/** The largest valid `{"method":…,"params":…,"id":…}` of one operation, in bytes. */
export const maxRequestBytes = (op: OperationSpec): number =>
  '{"method":,"params":,"id":}'.length + jsonBytes(op.name) + maxObjectBytes(op.params) + MAX_ID_BYTES;

/** The operation whose largest valid request is the largest of all, and that size in bytes. */
export function largestValidRequest(operations: readonly OperationSpec[]): { method: string; bytes: number } {
  let largest = { method: '', bytes: 0 };
  for (const op of operations) {
    const bytes = maxRequestBytes(op);
    if (bytes > largest.bytes) largest = { method: op.name, bytes };
  }
  return largest;
}
