/**
 * Interprets a parameter contract. No coercion: a JSON type mismatch is an error. Unknown members
 * are errors. Defaults are applied to omitted members so handlers see one shape.
 */
import { charLength, checkDecimal, formatIssue, hasControlChars } from './formats.js';
import { type IssueReason, type IssueWords, issueText, issueWords } from './issues.js';
import type { Fields, ParamSpec } from './params.js';

export interface Issue {
  /** Where the problem is, from the envelope: `params.rows[3].quant`. */
  readonly path: string;
  /** The English sentence: the reason's template with its values filled in. */
  readonly problem: string;
  /** The same as data, so a client can word it in its own language (issues.ts). */
  readonly reason?: IssueReason;
  readonly values?: Readonly<Record<string, string>>;
}

/** An issue at a path, worded from the catalogue. */
export const issueAt = (path: string, words: IssueWords): Issue => ({
  path,
  problem: issueText(words),
  reason: words.reason,
  values: words.values,
});

export type Validation<T> = { ok: true; value: T } | { ok: false; issues: Issue[] };

/** Bounded so one hostile request cannot make a megabyte of error text. */
export const MAX_ISSUES = 20;

/** How much of a member name an issue repeats: a name is the client's text, of any length. */
const MEMBER_NAME_SHOWN = 64;

/** The path of an unknown member, its name cut so an answer never echoes a megabyte the client sent. */
export const memberPath = (path: string, name: string): string => {
  const shown = name.length > MEMBER_NAME_SHOWN ? `${name.slice(0, MEMBER_NAME_SHOWN)}…` : name;
  return path === '' ? shown : `${path}.${shown}`;
};

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
    issues.push(issueAt(path, issueWords('param.not_object', { type: typeName(input) })));
    return undefined;
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(input)) {
    if (issues.length >= MAX_ISSUES) break;
    if (!Object.hasOwn(fields, key)) issues.push(issueAt(memberPath(path, key), issueWords('param.unknown_member')));
  }
  for (const [name, field] of Object.entries(fields)) {
    const p = `${path}.${name}`;
    const v = input[name];
    if (v === undefined) {
      if (field.required) issues.push(issueAt(p, issueWords('param.required')));
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
  const type = typeName(v);
  switch (spec.kind) {
    case 'string': {
      if (typeof v !== 'string') return fail(issues, path, 'param.string', { type });
      const problem = stringIssue(spec, v);
      return problem ? failWith(issues, path, problem) : v;
    }
    case 'int': {
      if (typeof v !== 'number' || !Number.isInteger(v)) return fail(issues, path, 'param.integer', { type });
      if (v < spec.min || v > spec.max) return fail(issues, path, 'param.int_range', { min: spec.min, max: spec.max });
      return v;
    }
    case 'bool':
      return typeof v === 'boolean' ? v : fail(issues, path, 'param.bool', { type });
    case 'decimal': {
      if (typeof v !== 'string') return fail(issues, path, 'decimal.string', { type });
      if (spec.max !== undefined && charLength(v) > spec.max) return fail(issues, path, 'param.too_long', { max: spec.max });
      if (v === '' && spec.allowEmpty) return v;
      const r = checkDecimal(spec, v);
      return 'issue' in r ? failWith(issues, path, r.issue) : r.value;
    }
    case 'enum': {
      if (typeof v !== 'string') return fail(issues, path, 'param.string', { type });
      return spec.values.includes(v)
        ? v
        : fail(issues, path, 'param.enum', { values: spec.values.map((x) => JSON.stringify(x)).join(', ') });
    }
    case 'array': {
      if (!Array.isArray(v)) return fail(issues, path, 'param.array', { type });
      if (v.length < spec.minItems || v.length > spec.maxItems)
        return fail(issues, path, 'param.array_size', { min: spec.minItems, max: spec.maxItems, count: v.length });
      const out = v.map((item, i) => checkValue(spec.items, item, `${path}[${i}]`, issues));
      if (spec.unique) {
        const seen = new Map<string, number>();
        out.forEach((item, i) => {
          // An invalid item is already reported; it repeats nothing.
          if (item === undefined) return;
          const k = JSON.stringify(item);
          const first = seen.get(k);
          if (first !== undefined) fail(issues, `${path}[${i}]`, 'param.not_unique', { first });
          else seen.set(k, i);
        });
      }
      return out;
    }
    case 'object':
      return checkObject(spec.fields, v, path, issues);
  }
}

function stringIssue(spec: Extract<ParamSpec, { kind: 'string' }>, v: string): IssueWords | undefined {
  if (spec.max !== undefined && v.length > spec.max && charLength(v) > spec.max)
    return issueWords('param.too_long', { max: spec.max });
  if (spec.min !== undefined && charLength(v) < spec.min)
    return spec.min === 1 ? issueWords('param.too_short_one') : issueWords('param.too_short', { min: spec.min });
  if (spec.noControl && hasControlChars(v)) return issueWords('param.control_chars');
  if (spec.format && !(v === '' && spec.allowEmpty)) return formatIssue(spec.format, v);
  return undefined;
}

function fail(
  issues: Issue[],
  path: string,
  reason: IssueReason,
  values: Readonly<Record<string, string | number>> = {},
): undefined {
  return failWith(issues, path, issueWords(reason, values));
}

function failWith(issues: Issue[], path: string, words: IssueWords): undefined {
  if (issues.length < MAX_ISSUES) issues.push(issueAt(path, words));
  return undefined;
}
