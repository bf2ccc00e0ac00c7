/**
 * The OpenAPI 3.1 document of the contract: the one endpoint `POST /v1/rpc` as HTTP tools see it
 * (Swagger UI, client generators, fuzzers). The request body is a `oneOf` over the operations,
 * discriminated by `method`; so is the success body's `data` (`Answer.<method>`, discriminated by
 * `data.method`, which names the operation answered), so a generator or a linter can tell the 118
 * answers apart (a `oneOf` of whole bodies could not be: they differ only inside `data`). Every
 * answer is listed with its status, headers and body. The schemas are the OpenRPC document's
 * (json-schema.ts), moved to the JSON Schema dialect OpenAPI 3.1 uses.
 */
import { groupOf, type OperationSpec } from '../dsl/operation.js';
import { ERROR_CODES, type ErrorCode } from '../errors.js';
import { CONTRACT_VERSION } from '../registry.js';
import { ENVELOPE_ID_MAX } from '../request-size.js';
import { type JsonSchema, objectSchema } from './json-schema.js';
import { COMPONENT_SCHEMAS, DEFAULT_SERVICE_URL } from './openrpc.js';
import { resultSchema } from './result-schema.js';

const OPENAPI_VERSION = '3.1.0';

const DESCRIPTION = [
  'Named operations on a client retail business database, invoked through one HTTP endpoint, POST /v1/rpc, with the',
  'JSON body {method, params, id}. The request body is one of the operations below, chosen by method; each names its',
  'kind (x-kind), scope (x-scope) and the choices this project made where the spec is silent (x-project-defined).',
  'Writes need an Idempotency-Key header: one new key per business operation, reused unchanged for every retry of it.',
  'The same document as OpenRPC: openrpc.json; in words: operations.md.',
].join(' ');

/** What each group of operations is about (the spec's "What the service does"), for the docs' sections. */
const GROUPS: Readonly<Record<string, string>> = {
  pos: 'The till: sales and their payment, customer debt and bonuses, excise stamps, shifts, receipts and the PRRO fiscal queue.',
  print_templates: "Counters of the shop's printed templates.",
  checks: "Checks a till asks before it acts: a product exists, cash in the drawer, a card's debt, the year's turnover.",
  generators: 'New article numbers and own barcodes.',
  goods: 'Product cards, their extra values and pictures, and the FIFO batches of stock.',
  catalog: 'Directories: suppliers, promotions, translations and users.',
  settings: 'Per-user till settings and identities.',
  nakl: 'Stock invoices: lines, prices, imports and stock counts.',
  discounts: 'Discount cards: bonus comments, extra values and imports.',
  finance: 'Money: discount-card debt paid in cash, invoice currencies and supplier invoice payments.',
  service: 'Diagnostics of the service itself.',
};

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const requestName = (op: OperationSpec) => `Request.${op.name}`;
const answerName = (op: OperationSpec) => `Answer.${op.name}`;

const withoutKey = (o: JsonSchema, key: string): JsonSchema =>
  Object.fromEntries(Object.entries(o as Record<string, unknown>).filter(([k]) => k !== key)) as JsonSchema;

const sortByName = (operations: readonly OperationSpec[]) =>
  [...operations].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

export function openApiDocument(operations: readonly OperationSpec[]): JsonSchema {
  const sorted = sortByName(operations);
  return {
    openapi: OPENAPI_VERSION,
    info: { title: 'Retail back-office RPC', version: CONTRACT_VERSION, description: DESCRIPTION },
    servers: [{ url: new URL(DEFAULT_SERVICE_URL).origin, description: 'Where the service listens by default.' }],
    security: [{ bearer: [] }],
    tags: [...new Set(sorted.map((op) => groupOf(op.name)))].map((name) => ({ name, description: GROUPS[name] ?? name })),
    paths: { '/v1/rpc': { post: rpcOperation(sorted) } },
    components: {
      schemas: {
        // The OpenRPC document's generic SuccessBody is this document's Success, told apart by data.method.
        ...toDialect2020(withoutKey(COMPONENT_SCHEMAS, 'SuccessBody')),
        RequestId: { type: ['string', 'integer', 'null'], maxLength: ENVELOPE_ID_MAX, description: 'Echoed in data.id.' },
        Success: successSchema(sorted),
        ...Object.fromEntries(sorted.flatMap((op) => [requestSchema(op), answerSchema(op)])),
      },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'An API key of the service, with the scope the operation names.' },
      },
      parameters: PARAMETERS,
      headers: HEADERS,
    },
  };
}

function rpcOperation(sorted: readonly OperationSpec[]): JsonSchema {
  const writes = sorted.filter((op) => op.kind === 'write').map((op) => op.name);
  return {
    operationId: 'rpc',
    summary: 'Invoke an operation',
    description: `Writes (Idempotency-Key required): ${writes.join(', ')}.`,
    parameters: ['IdempotencyKey', 'Cashier', 'ManagerConfirmation'].map((p) => ({ $ref: `#/components/parameters/${p}` })),
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: {
            oneOf: sorted.map((op) => ref(requestName(op))),
            discriminator: {
              propertyName: 'method',
              mapping: Object.fromEntries(sorted.map((op) => [op.name, `#/components/schemas/${requestName(op)}`])),
            },
          },
        },
      },
    },
    responses: {
      '200': {
        description: "The operation's result; data.method names the operation, and data.result has its result mode.",
        headers: { 'X-Request-Id': headerRef('RequestId'), 'Idempotent-Replayed': headerRef('IdempotentReplayed') },
        content: { 'application/json': { schema: ref('Success') } },
      },
      ...errorResponses(),
    },
  };
}

/** `{method, params, id?}` of one operation. */
function requestSchema(op: OperationSpec): [string, JsonSchema] {
  const params = objectSchema(op.params);
  const empty = Object.keys(op.params).length === 0;
  return [
    requestName(op),
    {
      type: 'object',
      title: op.name,
      description: op.summary,
      required: ['method', 'params'],
      additionalProperties: false,
      properties: {
        method: { const: op.name },
        // Operations without parameters also take [], as the spec's samples send.
        params: empty ? { oneOf: [params, { type: 'array', maxItems: 0 }] } : params,
        id: ref('RequestId'),
      },
      'x-kind': op.kind,
      'x-scope': op.scope,
      'x-idempotency-key': op.kind === 'write' ? 'required' : 'none',
      ...(op.projectDefined ? { 'x-project-defined': op.projectDefined } : {}),
      ...(op.origin ? { 'x-origin': op.origin } : {}),
    },
  ];
}

/** The success body: `{ok, data, request_id}`, its data one of the operations' answers, chosen by data.method. */
function successSchema(sorted: readonly OperationSpec[]): JsonSchema {
  return {
    type: 'object',
    title: 'An operation answered',
    required: ['ok', 'data', 'request_id'],
    additionalProperties: false,
    properties: {
      ok: { const: true },
      data: {
        oneOf: sorted.map((op) => ref(answerName(op))),
        discriminator: {
          propertyName: 'method',
          mapping: Object.fromEntries(sorted.map((op) => [op.name, `#/components/schemas/${answerName(op)}`])),
        },
      },
      request_id: { type: 'string' },
    },
  };
}

/** `data` of one operation's success body: the method answered, its result, the request's id echoed. */
function answerSchema(op: OperationSpec): [string, JsonSchema] {
  return [
    answerName(op),
    {
      type: 'object',
      title: `${op.name} answered`,
      required: ['method', 'result', 'id'],
      additionalProperties: false,
      properties: { method: { const: op.name }, result: toDialect2020(resultSchema(op)), id: ref('RequestId') },
    },
  ];
}

/** One response per HTTP status, its body an ErrorBody whose code is one of that status. */
function errorResponses(): Record<string, JsonSchema> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const [code, spec] of Object.entries(ERROR_CODES) as [ErrorCode, (typeof ERROR_CODES)[ErrorCode]][]) {
    byStatus.set(spec.http, [...(byStatus.get(spec.http) ?? []), code]);
  }
  const sorted = [...byStatus.entries()].sort(([a], [b]) => a - b);
  return Object.fromEntries(
    sorted.map(([status, codes]) => [
      String(status),
      {
        description: codes.map((c) => `${c}: ${ERROR_CODES[c].when} (${ERROR_CODES[c].advice}).`).join(' '),
        headers: {
          'X-Request-Id': headerRef('RequestId'),
          ...(codes.some((c) => c === 'RATE_LIMITED' || c === 'IDEMPOTENCY_IN_PROGRESS')
            ? { 'Retry-After': headerRef('RetryAfter') }
            : {}),
          ...(status === 401 || status === 403 ? { 'WWW-Authenticate': headerRef('WwwAuthenticate') } : {}),
        },
        content: {
          'application/json': {
            schema: {
              allOf: [
                ref('ErrorBody'),
                { type: 'object', properties: { error: { type: 'object', properties: { code: { enum: codes } } } } },
              ],
            },
          },
        },
      },
    ]),
  );
}

const headerRef = (name: string): JsonSchema => ({ $ref: `#/components/headers/${name}` });

const USER_ID: JsonSchema = { type: 'string', pattern: '^[1-9][0-9]{0,9}$', description: 'A whole number from 1 to 2147483647.' };

const PARAMETERS: JsonSchema = {
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'Required for writes (x-kind "write"); reads need none. One new key per business operation, the same key for every retry of it; keys are scoped to the back office, not to the API key. 1 to 255 printable ASCII characters.',
    schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]+$' },
  },
  Cashier: {
    name: 'X-Cashier',
    in: 'header',
    required: false,
    description: "The signed-in cashier (a catalog.users id) a till's write is made by.",
    schema: USER_ID,
  },
  ManagerConfirmation: {
    name: 'X-Manager-Confirmation',
    in: 'header',
    required: false,
    description: "A manager's confirmation (pos.manager_confirm) the write carries; spent by the change it comes with.",
    schema: USER_ID,
  },
};

const HEADERS: JsonSchema = {
  RequestId: { description: 'The id the service gave this request; also request_id in the body.', schema: { type: 'string' } },
  IdempotentReplayed: {
    description: 'Sent as "true" when the answer is the stored answer of an earlier request with this Idempotency-Key.',
    schema: { type: 'string', const: 'true' },
  },
  RetryAfter: { description: 'Seconds to wait before retrying.', schema: { type: 'string', pattern: '^[0-9]+$' } },
  WwwAuthenticate: {
    description: 'The bearer challenge (RFC 6750), naming the missing scope on 403.',
    schema: { type: 'string' },
  },
};

/**
 * OpenRPC 1.3 schemas are JSON Schema draft 7; OpenAPI 3.1's are 2020-12, where a tuple is
 * `prefixItems` and the items after it are `items`.
 */
export function toDialect2020(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema)) return schema.map((s) => toDialect2020(s as JsonSchema)) as unknown as JsonSchema;
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === 'items' && Array.isArray(v)) out.prefixItems = v.map((s) => toDialect2020(s as JsonSchema));
    else if (k === 'additionalItems') out.items = toDialect2020(v as JsonSchema);
    else out[k] = typeof v === 'object' && v !== null ? toDialect2020(v as JsonSchema) : v;
  }
  return out;
}
