/**
 * Interprets a parameter contract. No coercion: a JSON type mismatch is an error. Unknown members
 * are errors. Defaults are applied to omitted members so handlers see one shape.
 */
import { charLength, checkDecimal, formatProblem, hasControlChars } from './formats.js';
import type { Fields, ParamSpec } from './params.js';

export interface Issue {
  /** Where the problem is, from the envelope: `params.rows[3].quant`. */
  readonly path: string;
  readonly problem: string;
}

export type Validation<T> = { ok: true; value: T } | { ok: false; issues: Issue[] };

/** Bounded so one hostile request cannot make a megabyte of error text. */
const MAX_ISSUES = 20;

const typeName = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function validateParams<T = Record<string, unknown>>(fields: Fields, input: unknown, path = 'params'): Validation<T> {
  const issues: Issue[] = [];
  // Operations without parameters also accept `[]`, as the spec's samples send.
  const source = Array.isArray(input) && input.length === 0 && Object.keys(fields).length === 0 ? {} : input;
  const value = checkObject(fields, source, path, issues);
  return issues.length === 0 ? { ok: true, value: value as T } : { ok: false, issues: issues.slice(0, MAX_ISSUES) };
}

function checkObject(fields: Fields, input: unknown, path: string, issues: Issue[]): Record<string, unknown> | undefined {
  if (!isPlainObject(input)) {
    issues.push({ path, problem: `must be an object, got ${typeName(input)}` });
    return undefined;
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(input)) {
    if (!Object.hasOwn(fields, key)) issues.push({ path: `${path}.${key}`, problem: 'is not a member of this contract' });
  }
  for (const [name, field] of Object.entries(fields)) {
    const p = `${path}.${name}`;
    const v = input[name];
    if (v === undefined) {
      if (field.required) issues.push({ path: p, problem: 'is required' });
      // A copy: a handler that changes a default array must not change it for every later request.
      else if (field.default !== undefined)
        out[name] = typeof field.default === 'object' ? structuredClone(field.default) : field.default;
      continue;
    }
    const checked = checkValue(field.spec, v, p, issues);
    if (checked !== undefined) out[name] = checked;
  }
  return out;
}

function checkValue(spec: ParamSpec, v: unknown, path: string, issues: Issue[]): unknown {
  if (issues.length >= MAX_ISSUES) return undefined;
  switch (spec.kind) {
    case 'string': {
      if (typeof v !== 'string') return fail(issues, path, `must be a string, got ${typeName(v)}`);
      const problem = stringProblem(spec, v);
      return problem ? fail(issues, path, problem) : v;
    }
    case 'int': {
      if (typeof v !== 'number' || !Number.isInteger(v)) return fail(issues, path, `must be an integer, got ${typeName(v)}`);
      if (v < spec.min || v > spec.max) return fail(issues, path, `must be between ${spec.min} and ${spec.max}`);
      return v;
    }
    case 'bool':
      return typeof v === 'boolean' ? v : fail(issues, path, `must be true or false, got ${typeName(v)}`);
    case 'decimal': {
      if (typeof v !== 'string') return fail(issues, path, `must be a decimal string, got ${typeName(v)}`);
      if (spec.max !== undefined && charLength(v) > spec.max) return fail(issues, path, `must be at most ${spec.max} characters`);
      if (v === '' && spec.allowEmpty) return v;
      const r = checkDecimal(spec, v);
      return 'problem' in r ? fail(issues, path, r.problem) : r.value;
    }
    case 'enum': {
      if (typeof v !== 'string') return fail(issues, path, `must be a string, got ${typeName(v)}`);
      return spec.values.includes(v)
        ? v
        : fail(issues, path, `must be one of ${spec.values.map((x) => JSON.stringify(x)).join(', ')}`);
    }
    case 'array': {
      if (!Array.isArray(v)) return fail(issues, path, `must be an array, got ${typeName(v)}`);
      if (v.length < spec.minItems || v.length > spec.maxItems)
        return fail(issues, path, `must have ${spec.minItems} to ${spec.maxItems} items, got ${v.length}`);
      const out = v.map((item, i) => checkValue(spec.items, item, `${path}[${i}]`, issues));
      if (spec.unique) {
        const seen = new Map<string, number>();
        out.forEach((item, i) => {
          // An invalid item is already reported; it repeats nothing.
          if (item === undefined) return;
          const k = JSON.stringify(item);
          const first = seen.get(k);
          if (first !== undefined) fail(issues, `${path}[${i}]`, `repeats item ${first}; items must be unique`);
          else seen.set(k, i);
        });
      }
      return out;
    }
    case 'object':
      return checkObject(spec.fields, v, path, issues);
  }
}

function stringProblem(spec: Extract<ParamSpec, { kind: 'string' }>, v: string): string | undefined {
  if (spec.max !== undefined && v.length > spec.max && charLength(v) > spec.max) return `must be at most ${spec.max} characters`;
  if (spec.min !== undefined && charLength(v) < spec.min)
    return `must be at least ${spec.min} character${spec.min === 1 ? '' : 's'}`;
  if (spec.noControl && hasControlChars(v)) return 'must not contain control characters';
  if (spec.format && !(v === '' && spec.allowEmpty)) return formatProblem(spec.format, v);
  return undefined;
}

function fail(issues: Issue[], path: string, problem: string): undefined {
  if (issues.length < MAX_ISSUES) issues.push({ path, problem });
  return undefined;
}
