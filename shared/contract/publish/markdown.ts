/** The readable contract: one table row per operation, the PRRO statuses, errors and the project's choices. */

import { FISCAL_CHOICES } from '../../fiscal/choices.js';
import { ISSUES } from '../dsl/issues.js';
import { groupOf, type OperationSpec } from '../dsl/operation.js';
import type { Field, Fields } from '../dsl/params.js';
import type { Columns, ResultSpec } from '../dsl/results.js';
import { ERROR_CODES } from '../errors.js';
import { PRRO_STATUSES } from '../prro-status.js';
import { REFUSALS } from '../refusals.js';
import { CONTRACT_VERSION } from '../registry.js';
import { columnFormatNotation, columnNotation, defaultNotation, typeNotation } from './notation.js';
import { ROWS_STATUS_VALUE } from './result-schema.js';

const byName = (a: OperationSpec, b: OperationSpec) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** A bare pipe would end the table cell. */
const cell = (s: string): string => s.replaceAll('|', '\\|');

export function operationsMarkdown(operations: readonly OperationSpec[]): string {
  // Groups in the order the registry (and the spec) gives them, operations sorted within each.
  const groups = [...new Set(operations.map((op) => groupOf(op.name)))];
  const parts = [
    header(operations.length),
    ...groups.map((g) => groupTable(g, operations.filter((op) => groupOf(op.name) === g).sort(byName))),
    prroStatuses(),
    errors(),
    fiscalChoices(),
    projectChoices([...operations].sort(byName)),
  ];
  return `${parts.join('\n\n')}\n`;
}

function header(count: number): string {
  return [
    '# Retail RPC operations',
    '',
    `Contract version ${CONTRACT_VERSION}, ${count} operations. Generated from \`shared/contract\` by \`npm run contract\`;`,
    'change the registry, not this file. The machine-readable forms are [openapi.json](openapi.json) (OpenAPI 3.1, for',
    'HTTP tools) and [openrpc.json](openrpc.json) (OpenRPC; the service does not speak JSON-RPC 2.0 envelopes, so',
    'JSON-RPC client generators cannot talk to it directly).',
    '',
    'Every operation: `POST {base_url}/v1/rpc`, body `{method, params, id}`, header `Authorization: Bearer <API_KEY>`.',
    'Writes (W) also need `Idempotency-Key`. Unknown members of `params` and of array items are refused;',
    'operations without parameters take `{}` or `[]`. A JSON type mismatch is an error, never coerced.',
    '',
    'Notation: `S512` a string of at most 512 characters (`S1..512`: at least 1), counted in Unicode code points;',
    '`I` a 32-bit integer, `I 1..5000` with narrower bounds; `B` a boolean; `DEC` a decimal-string with a dot',
    '(units: `cur` currency, `pct` percent, `ratio`, `unit` product unit); `DATE` a calendar date `YYYY-MM-DD`;',
    'R required, O optional; `= value` the default applied when the member is omitted.',
  ].join('\n');
}

function groupTable(group: string, operations: readonly OperationSpec[]): string {
  const rows = operations.map((op) =>
    [
      `\`${op.name}\`${op.origin === 'project' ? ' (project-defined)' : ''}<br>${op.summary}`,
      op.kind === 'write' ? 'W' : 'R',
      `\`${op.scope}\``,
      paramLines(op.params, '').join('<br>') || 'none',
      resultText(op.result),
    ]
      .map(cell)
      .join(' | '),
  );
  return [
    `## Group \`${group}\``,
    '',
    '| Operation | R/W | Scope | Parameters | Result |',
    '|---|---|---|---|---|',
    ...rows.map((r) => `| ${r} |`),
  ].join('\n');
}

/** One line per member; members of object items follow their array, indented by `·`. */
function paramLines(fields: Fields, indent: string): string[] {
  return Object.entries(fields).flatMap(([name, field]) => {
    const line = `${indent}\`${name}\` ${field.required ? 'R' : 'O'}${defaultNotation(field.default)}: ${typeNotation(field.spec)}`;
    return [line, ...nestedLines(field, `${indent}· `)];
  });
}

function nestedLines(field: Field, indent: string): string[] {
  const spec = field.spec.kind === 'array' ? field.spec.items : field.spec;
  return spec.kind === 'object' ? paramLines(spec.fields, indent) : [];
}

const columnList = (columns: Columns): string =>
  Object.entries(columns)
    .map(([name, column]) => columnNotation(name, column))
    .join(', ');

function resultText(result: ResultSpec): string {
  switch (result.mode) {
    case 'rows':
    case 'rows_uncounted':
      return `${result.mode}: ${columnList(result.columns)}`;
    case 'scalar': {
      const format = columnFormatNotation(result.value);
      return `scalar${format ? ` (${format})` : ''}${result.doc ? `: ${result.doc}` : ''}`;
    }
    case 'status':
      return result.fields.length > 0 ? `status: ${result.fields.map((f) => `\`${f}\``).join(', ')}` : 'status (no extra fields)';
    case 'tagged_rows':
      return `tagged_rows: ${Object.entries(result.shapes)
        .map(([tag, columns]) => `\`${tag}\` (${columnList(columns)})`)
        .join('; ')}`;
    case 'variable_rows':
      return (
        `variable_rows: first a ${result.first.name} row [${columnList(result.first.columns)}], ` +
        `then at least ${result.rest.minRest} ${result.rest.name} row(s) [${columnList(result.rest.columns)}]`
      );
  }
}

function prroStatuses(): string {
  return [
    '## PRRO queue statuses',
    '',
    "The spec fixes the range 0..9 of a PRRO online-queue document `status`; the names and meanings are the project's.",
    '',
    '| Code | Name | Meaning |',
    '|---|---|---|',
    ...PRRO_STATUSES.map((s) => `| ${s.code} | \`${s.name}\` | ${cell(s.doc)} |`),
  ].join('\n');
}

function errors(): string {
  return [
    '## Errors',
    '',
    'Every error body is `{ok: false, error: {code, message, details: [{path, problem, reason?, values?}]}, request_id}`.',
    'A business refusal (`INVALID_PARAMETER` from the back office) also names its `reason`, a stable key of the first table',
    'below, and the `values` its sentence carries, so a client can word it in its own language. So does a request that',
    'does not match its contract (the second table: parameters, the envelope, an unknown operation, a missing scope).',
    "Reads raise `INVALID_PARAMETER` and `UPSTREAM_FAILURE` of the spec's codes; writes also the two `IDEMPOTENCY_` ones.",
    'The other codes fill what the spec leaves open.',
    '',
    '| Code | HTTP | When | Client action |',
    '|---|---|---|---|',
    ...Object.entries(ERROR_CODES).map(([code, e]) => `| \`${code}\` | ${e.http} | ${cell(e.when)} | ${e.advice} |`),
    '',
    '### Business refusal reasons',
    '',
    '| Reason | Problem (English; `{name}` is a value) |',
    '|---|---|',
    ...Object.entries(REFUSALS).map(([reason, text]) => `| \`${reason}\` | ${cell(text)} |`),
    '',
    '### Contract issue reasons',
    '',
    '| Reason | Problem (English; `{name}` is a value) |',
    '|---|---|',
    ...Object.entries(ISSUES).map(([reason, text]) => `| \`${reason}\` | ${cell(text)} |`),
  ].join('\n');
}

function fiscalChoices(): string {
  return [
    '## Fiscal documents: rules and choices',
    '',
    'Fiscal documents are made in the tax service’s (DPS) format and checked against its schemas. Where the sources',
    'are sure this follows them; where they are not, the back office chose, and says how sure it is.',
    '',
    '| Topic | Rule | Confidence |',
    '|---|---|---|',
    ...FISCAL_CHOICES.map((c) => `| ${cell(c.topic)} | ${cell(c.rule)} | ${c.confidence} |`),
  ].join('\n');
}

function projectChoices(operations: readonly OperationSpec[]): string {
  const perOperation = operations.flatMap((op) => {
    const notes = [...(op.projectDefined ?? []), ...memberNotes(op.params, '')];
    return notes.length > 0 ? [`- \`${op.name}\``, ...notes.map((n) => `  - ${n}`)] : [];
  });
  return [
    '## Project-defined choices',
    '',
    'Where the spec says "not shown" or marks an operation with a dagger, this project chose, and says why.',
    '',
    `- \`status.value\` in \`rows\` mode: ${ROWS_STATUS_VALUE}.`,
    '- The meanings of the PRRO queue statuses 0..9: the table above.',
    "- The error body shape and the codes beyond the spec's four: the errors table above.",
    '',
    ...perOperation,
  ].join('\n');
}

/** `member: why` for every member the project chose, nested members by their path. */
function memberNotes(fields: Fields, prefix: string): string[] {
  return Object.entries(fields).flatMap(([name, field]) => {
    const own = field.projectDefined ? [`\`${prefix}${name}\`: ${field.projectDefined}`] : [];
    const spec = field.spec.kind === 'array' ? field.spec.items : field.spec;
    const nested =
      spec.kind === 'object' ? memberNotes(spec.fields, `${prefix}${name}${field.spec.kind === 'array' ? '[]' : ''}.`) : [];
    return [...own, ...nested];
  });
}
