import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../registry.js';
import { boundaryCases } from '../testing/cases.js';
import type { OperationSpec } from './operation.js';
import { validateParams } from './validate.js';

/**
 * Params that are often almost right: each member either absent, one of the values the boundary
 * cases try for it, or arbitrary JSON. Pure arbitrary JSON alone would nearly never be accepted.
 */
function nearlyValidParams(op: OperationSpec): fc.Arbitrary<Record<string, unknown>> {
  const tried = new Map<string, unknown[]>();
  for (const c of boundaryCases(op)) {
    for (const [name, value] of Object.entries(c.params)) tried.set(name, [...(tried.get(name) ?? []), value]);
  }
  const members = Object.fromEntries(
    [...tried].map(([name, values]) => [name, fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...values) }, fc.jsonValue())]),
  );
  return fc.record(members, { requiredKeys: [] });
}

const anyInput = (op: OperationSpec) =>
  fc.oneof(
    fc.jsonValue(),
    fc.dictionary(fc.constantFrom('unexpected', ...Object.keys(op.params)), fc.jsonValue()),
    nearlyValidParams(op),
  );

describe.each(OPERATIONS.map((op) => [op.name, op] as const))('%s', (_, op) => {
  it('never throws, whatever JSON it is given', () => {
    fc.assert(
      fc.property(anyInput(op), (input) => {
        validateParams(op.params, input);
      }),
      { numRuns: 150 },
    );
  });

  it('returns a value that validates again to itself whenever it accepts', () => {
    fc.assert(
      fc.property(anyInput(op), (input) => {
        const first = validateParams(op.params, input);
        if (!first.ok) return;
        expect(validateParams(op.params, first.value)).toEqual(first);
      }),
      { numRuns: 150 },
    );
  });
});
