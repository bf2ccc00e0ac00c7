/** What a well-behaved upstream could return for an operation, per its result mode. */

import type { OperationSpec } from '../dsl/operation.js';
import { operationOf } from '../dsl/operation.js';
import type { Columns } from '../dsl/results.js';
import { validColumnValue } from './values.js';

/** Mirrors the gateway's upstream result without importing server code (shared/ runs everywhere). */
export interface SampleResult {
  rows?: unknown[];
  status?: Record<string, unknown>;
  value?: unknown;
}

export function sampleResult(op: OperationSpec): SampleResult {
  const spec = op.result;
  switch (spec.mode) {
    case 'rows':
    case 'rows_uncounted':
      return { rows: [rowObject(spec.columns)] };
    case 'scalar':
      return { value: validColumnValue(spec.value) };
    case 'status':
      return { rows: [], status: Object.fromEntries(spec.fields.map((f) => [f, statusSample(op, f)])) };
    case 'tagged_rows':
      return { rows: Object.entries(spec.shapes).map(([tag, columns]) => ({ tag, ...rowObject(columns) })) };
    case 'variable_rows':
      return {
        rows: [positional(spec.first.columns), ...Array.from({ length: spec.rest.minRest }, () => positional(spec.rest.columns))],
      };
  }
}

const rowObject = (columns: Columns): Record<string, string> =>
  Object.fromEntries(Object.entries(columns).map(([name, column]) => [name, validColumnValue(column)]));

const positional = (columns: Columns): string[] => Object.values(columns).map(validColumnValue);

/** Status fields are strings; these read like what the back office reports. */
function statusSample(op: OperationSpec, field: string): string {
  switch (field) {
    case 'affected':
      return '1';
    case 'catalog':
      return operationOf(op.name).split('.')[0] ?? '';
    default:
      return `${field} of ${op.name}`;
  }
}
