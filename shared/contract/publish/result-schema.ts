/** JSON Schema of `data.result` for each result mode of the spec ("Result modes"). */
import { type OperationSpec, operationOf } from '../dsl/operation.js';
import type { Columns, ResultSpec } from '../dsl/results.js';
import { columnSchema, type JsonSchema } from './json-schema.js';

/** The spec leaves it open ("Meaning of status.value in rows mode: not shown"); the gateway fills it so. */
export const ROWS_STATUS_VALUE = 'the number of rows returned, as a decimal string';

export function resultSchema(op: OperationSpec): JsonSchema {
  return {
    type: 'object',
    required: ['upstream', 'status', 'rows'],
    additionalProperties: false,
    properties: {
      upstream: { $ref: '#/components/schemas/Upstream' },
      status: statusSchema(op),
      rows: rowsSchema(op.result),
    },
  };
}

function statusSchema(op: OperationSpec): JsonSchema {
  const fields: Record<string, JsonSchema> = {
    code: { const: 'OK' },
    operation: { const: operationOf(op.name) },
    ...extraStatusFields(op.result),
  };
  return { type: 'object', required: Object.keys(fields), additionalProperties: false, properties: fields };
}

function extraStatusFields(result: ResultSpec): Record<string, JsonSchema> {
  switch (result.mode) {
    case 'rows':
      return { value: { type: 'string', pattern: '^[0-9]+$', description: ROWS_STATUS_VALUE, 'x-project-defined': true } };
    case 'scalar':
      return { value: { ...columnSchema(result.value), ...(result.doc ? { description: result.doc } : {}) } };
    case 'status':
      return Object.fromEntries(result.fields.map((f) => [f, { type: 'string' }]));
    default:
      return {};
  }
}

function rowsSchema(result: ResultSpec): JsonSchema {
  switch (result.mode) {
    case 'rows':
    case 'rows_uncounted':
      return { type: 'array', items: rowObject(result.columns) };
    case 'scalar':
    case 'status':
      return { type: 'array', maxItems: 0 };
    case 'tagged_rows':
      return { type: 'array', items: { oneOf: Object.entries(result.shapes).map(([tag, columns]) => rowObject(columns, tag)) } };
    case 'variable_rows':
      return {
        type: 'array',
        minItems: 1 + result.rest.minRest,
        items: [positionalRow(result.first.name, result.first.columns)],
        additionalItems: positionalRow(result.rest.name, result.rest.columns),
      };
  }
}

function rowObject(columns: Columns, tag?: string): JsonSchema {
  const properties = Object.fromEntries(Object.entries(columns).map(([name, column]) => [name, columnSchema(column)]));
  return {
    type: 'object',
    ...(tag ? { title: tag } : {}),
    required: [...(tag ? ['tag'] : []), ...Object.keys(columns)],
    additionalProperties: false,
    properties: tag ? { tag: { const: tag }, ...properties } : properties,
  };
}

/** A row of `variable_rows` is positional; each value's title names its column. */
function positionalRow(name: string, columns: Columns): JsonSchema {
  const values = Object.entries(columns).map(([column, spec]) => ({ title: column, ...columnSchema(spec) }));
  return { type: 'array', title: name, minItems: values.length, maxItems: values.length, items: values };
}
