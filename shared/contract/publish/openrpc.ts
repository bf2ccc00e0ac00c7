/**
 * The OpenRPC 1.3 document of the contract. One method per operation; params by name, one content
 * descriptor per member. Facts OpenRPC has no field for (kind, scope, project-defined choices,
 * HTTP error codes) are `x-` extensions.
 */

import { FISCAL_CHOICES } from '../../fiscal/choices.js';
import { ISSUES } from '../dsl/issues.js';
import { groupOf, type OperationSpec } from '../dsl/operation.js';
import { ERROR_CODES } from '../errors.js';
import { PRRO_STATUSES } from '../prro-status.js';
import { REFUSALS } from '../refusals.js';
import { CONTRACT_VERSION } from '../registry.js';
import { type JsonSchema, memberSchema } from './json-schema.js';
import { resultSchema } from './result-schema.js';
import { operationErrors } from './spec-errors.js';

const OPENRPC_VERSION = '1.3.2';

/** Where the service listens unless configured otherwise; servers[0] of the published documents. */
export const DEFAULT_SERVICE_URL = 'http://127.0.0.1:8787/v1/rpc';

const DESCRIPTION = [
  'NOT JSON-RPC 2.0: the service speaks its own envelope, {method, params, id?}, with no "jsonrpc" member (a request',
  'that has one is refused as an unknown member) and answers {ok, data | error, request_id}, not {jsonrpc, result | error}.',
  'Clients generated from this document by JSON-RPC 2.0 tooling therefore cannot talk to the service directly; use the',
  'OpenAPI description (openapi.json) for HTTP tooling, or send the envelope below yourself.',
  'Named operations on a client retail business database, invoked through one HTTP endpoint: POST {base_url}/v1/rpc',
  'with a JSON body {method, params, id} and the header Authorization: Bearer <API_KEY>. Writes (x-kind "write") also',
  'need an Idempotency-Key header, one new key per business operation. Unknown members of params and of array items',
  'are refused; operations without parameters take {} or []. The success body is {ok: true, data: {method, result, id},',
  "request_id}, with data.result as each method's result; every error body is components.schemas.ErrorBody.",
].join(' ');

/** Methods sorted by name, so the document changes only where the registry does. */
export function openRpcDocument(operations: readonly OperationSpec[]): JsonSchema {
  const sorted = [...operations].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return {
    openrpc: OPENRPC_VERSION,
    info: {
      title: 'Retail back-office RPC',
      version: CONTRACT_VERSION,
      description: DESCRIPTION,
      'x-fiscal-choices': FISCAL_CHOICES,
    },
    servers: [
      {
        name: 'service',
        url: DEFAULT_SERVICE_URL,
        summary: "The service's default address; a deployment's is its base URL followed by /v1/rpc.",
      },
    ],
    methods: sorted.map(method),
    components: { schemas: COMPONENT_SCHEMAS },
  };
}

function method(op: OperationSpec): JsonSchema {
  const members = Object.entries(op.params);
  return {
    name: op.name,
    summary: op.summary,
    ...(members.length === 0 ? { description: 'Takes no parameters: send {} (or []).' } : {}),
    tags: [{ name: groupOf(op.name) }],
    paramStructure: 'by-name',
    params: members.map(([name, field]) => ({ name, required: field.required, schema: memberSchema(field) })),
    result: { name: 'result', schema: resultSchema(op) },
    deprecated: false,
    'x-since': CONTRACT_VERSION,
    'x-kind': op.kind,
    'x-scope': op.scope,
    'x-idempotency-key': op.kind === 'write' ? 'required' : 'none',
    'x-errors': operationErrors(op),
    ...(op.projectDefined ? { 'x-project-defined': op.projectDefined } : {}),
    ...(op.origin ? { 'x-origin': op.origin } : {}),
  };
}

export const COMPONENT_SCHEMAS: JsonSchema = {
  Upstream: {
    type: 'object',
    required: ['name', 'version', 'resource'],
    additionalProperties: false,
    properties: {
      name: { type: 'string', description: 'The upstream business server.' },
      version: { type: 'string', description: 'Version of the upstream contract.' },
      resource: { type: 'string', description: 'The operation group (pos, checks, goods, ...).' },
    },
  },
  SuccessBody: {
    type: 'object',
    required: ['ok', 'data', 'request_id'],
    additionalProperties: false,
    properties: {
      ok: { const: true },
      data: {
        type: 'object',
        required: ['method', 'result', 'id'],
        additionalProperties: false,
        properties: {
          method: { type: 'string' },
          result: { description: "The method's result." },
          id: { type: ['string', 'integer', 'null'], description: 'The request id, echoed.' },
        },
      },
      request_id: { type: 'string' },
    },
  },
  ErrorBody: {
    type: 'object',
    required: ['ok', 'error', 'request_id'],
    additionalProperties: false,
    properties: {
      ok: { const: false },
      error: {
        type: 'object',
        required: ['code', 'message', 'details'],
        additionalProperties: false,
        properties: {
          code: { $ref: '#/components/schemas/ErrorCode' },
          message: { type: 'string' },
          details: { type: 'array', items: { $ref: '#/components/schemas/ErrorDetail' } },
        },
      },
      request_id: { type: 'string' },
    },
  },
  ErrorDetail: {
    type: 'object',
    required: ['path', 'problem'],
    additionalProperties: false,
    properties: {
      path: { type: 'string', description: 'Where the problem is, from the envelope: params.rows[3].quant.' },
      problem: { type: 'string', description: 'What is wrong, in English.' },
      reason: {
        type: 'string',
        description:
          'A stable reason key, of a business refusal or of a contract issue; clients that translate word it from reason and values.',
        enum: [...Object.keys(REFUSALS), ...Object.keys(ISSUES)],
      },
      values: {
        type: 'object',
        description: 'The values the reason sentence carries, all strings.',
        additionalProperties: { type: 'string' },
      },
    },
  },
  ErrorCode: {
    type: 'string',
    oneOf: Object.entries(ERROR_CODES).map(([code, spec]) => ({
      const: code,
      description: spec.when,
      'x-http-status': spec.http,
      'x-advice': spec.advice,
    })),
  },
  PrroStatus: {
    type: 'integer',
    minimum: 0,
    maximum: 9,
    description: 'Status of a PRRO online-queue document. The spec fixes only the range; the names are project-defined.',
    oneOf: PRRO_STATUSES.map((s) => ({ const: s.code, title: s.name, description: s.doc })),
  },
};
