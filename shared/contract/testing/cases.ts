/**
 * Test cases generated from the contract data, for the validator's tests here and for the
 * gateway's HTTP tests: a valid params object per operation, every bound just inside and just
 * outside, and a result a well-behaved upstream could return. Runs anywhere (no node:*).
 */
import type { OperationSpec } from '../dsl/operation.js';
import type { Field, ParamSpec } from '../dsl/params.js';
import { OMIT, type Probe, probesFor, UNKNOWN_MEMBER } from './probes.js';
import { validObject, validValue } from './values.js';

export { type SampleResult, sampleResult } from './sample-result.js';

/**
 * Every member present (required and optional), so each format of the contract gets a valid value;
 * arrays at their minimum item count with distinct items.
 */
export const validParams = (op: OperationSpec): Record<string, unknown> => validObject(op.params);

export interface BoundaryCase {
  readonly name: string;
  /** The issue path a 'fail' case must be refused with; for a 'pass' case, the member probed. */
  readonly path: string;
  readonly params: Record<string, unknown>;
  readonly expect: 'pass' | 'fail';
}

type Place = readonly (string | number)[];

/** Every member and array-item member probed, each case otherwise equal to `validParams(op)`. */
export function boundaryCases(op: OperationSpec): BoundaryCase[] {
  const base = validParams(op);
  const cases: BoundaryCase[] = [];
  for (const [name, field] of Object.entries(op.params)) cases.push(...placeCases(base, [name], field.spec, field));
  cases.push({
    name: 'an unknown member at the top level fails',
    path: issuePath([UNKNOWN_MEMBER]),
    params: { ...base, [UNKNOWN_MEMBER]: 'x' },
    expect: 'fail',
  });
  return cases;
}

function placeCases(base: Record<string, unknown>, place: Place, spec: ParamSpec, field?: Field): BoundaryCase[] {
  const own = probesFor(spec, field).map((probe) => toCase(base, place, probe));
  if (spec.kind === 'object') {
    const nested = Object.entries(spec.fields).flatMap(([name, f]) => placeCases(base, [...place, name], f.spec, f));
    return [...own, ...nested];
  }
  if (spec.kind === 'array' && spec.maxItems > 0) {
    // Items are probed in a one-item array (the array may be empty in `base`), so no probe
    // value can collide with a sibling of a unique array.
    const withOneItem = spec.minItems <= 1 ? setAt(base, place, [validValue(spec.items)]) : base;
    return [...own, ...placeCases(withOneItem, [...place, 0], spec.items)];
  }
  return own;
}

function toCase(base: Record<string, unknown>, place: Place, probe: Probe): BoundaryCase {
  const verdict = probe.expect === 'pass' ? 'passes' : 'fails';
  return {
    name: `${label(place)} ${probe.what} ${verdict}`,
    path: issuePath([...place, ...(probe.below ?? [])]),
    params: probe.value === OMIT ? removeAt(base, place) : setAt(base, place, probe.value),
    expect: probe.expect,
  };
}

/** `['rows', 0, 'quant']` → `rows[0].quant`. */
const label = (place: Place): string => place.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');

/** The validator's issue path: `params.rows[0].quant`. */
const issuePath = (place: Place): string => `params.${label(place)}`;

function setAt(base: Record<string, unknown>, place: Place, value: unknown): Record<string, unknown> {
  const copy = structuredClone(base);
  const { parent, key } = locate(copy, place);
  parent[key] = value;
  return copy;
}

function removeAt(base: Record<string, unknown>, place: Place): Record<string, unknown> {
  const copy = structuredClone(base);
  const { parent, key } = locate(copy, place);
  if (Array.isArray(parent)) throw new Error(`array items cannot be omitted: ${label(place)}`);
  delete parent[key];
  return copy;
}

function locate(root: Record<string, unknown>, place: Place): { parent: Record<string | number, unknown>; key: string | number } {
  let parent = root as Record<string | number, unknown>;
  for (const segment of place.slice(0, -1)) parent = parent[segment] as Record<string | number, unknown>;
  const key = place.at(-1);
  if (key === undefined) throw new Error('a place has at least one segment');
  return { parent, key };
}
