import { describe, expect, it } from 'vitest';
import type { OperationSpec } from '../dsl/operation.js';
import { operationOf } from '../dsl/operation.js';
import { dec } from '../dsl/params.js';
import { OPERATIONS } from '../registry.js';
import { boundaryCases, sampleResult } from '../testing/cases.js';
import { satisfies } from '../testing/json-schema-check.js';
import { decimalPattern, objectSchema } from './json-schema.js';
import { openRpcDocument } from './openrpc.js';
import { resultSchema } from './result-schema.js';

const document = openRpcDocument(OPERATIONS) as { methods: { name: string; result: { schema: object } }[] };

/** The result as the gateway sends it for the sample an upstream returned. */
function wireResult(op: OperationSpec) {
  const sample = sampleResult(op);
  const rows = sample.rows ?? [];
  const value =
    op.result.mode === 'rows' ? { value: String(rows.length) } : op.result.mode === 'scalar' ? { value: sample.value } : {};
  return {
    upstream: { name: 'back-office', version: '0.4.0', resource: op.name.split('.')[0] },
    status: { code: 'OK', operation: operationOf(op.name), ...value, ...sample.status },
    rows,
  };
}

describe.each(OPERATIONS.map((op) => [op.name, op] as const))('the published schema of %s', (_, op) => {
  const schema = objectSchema(op.params);

  it.each(boundaryCases(op))('agrees with the validator that $name', ({ params, expect: verdict }) => {
    expect(satisfies(schema, params)).toBe(verdict === 'pass');
  });

  it('accepts the result the gateway sends for a well-behaved upstream', () => {
    expect(satisfies(resultSchema(op), wireResult(op), document)).toBe(true);
  });

  it('refuses a result with a row of the wrong shape or a status of another operation', () => {
    const wire = wireResult(op);
    expect(satisfies(resultSchema(op), { ...wire, status: { ...wire.status, operation: 'other' } }, document)).toBe(false);
    expect(satisfies(resultSchema(op), { ...wire, rows: [...wire.rows, { unexpected: 'x' }] }, document)).toBe(false);
  });
});

describe('decimalPattern', () => {
  it('states sign, separator, integer digits and scale of the contract', () => {
    expect(decimalPattern(dec('unit', 32, { signed: false }))).toBe('^(?:0*[0-9]{1,12}(?:\\.[0-9]{1,3})?)$');
    expect(decimalPattern(dec('ratio', 64, { comma: true }))).toBe('^(?:-?0*[0-9]{1,9}(?:[.,][0-9]{1,6})?)$');
    expect(decimalPattern(dec('cur', undefined, { allowEmpty: true }))).toBe('^(?:-?0*[0-9]{1,11}(?:\\.[0-9]{1,4})?)?$');
  });
});
