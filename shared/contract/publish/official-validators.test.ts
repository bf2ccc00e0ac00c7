/**
 * The published documents as real tools read them: the official OpenRPC validator and an OpenAPI
 * 3.1 validator, and every schema of the OpenAPI document compiled as JSON Schema 2020-12. Each
 * validator is first shown a broken document, so a validator that accepts anything fails here.
 */
import { parseOpenRPCDocument, validateOpenRPCDocument } from '@open-rpc/schema-utils-js';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../registry.js';
import type { JsonSchema } from './json-schema.js';
import { openApiDocument } from './openapi.js';
import { openRpcDocument } from './openrpc.js';

const openrpc = openRpcDocument(OPERATIONS) as { servers: { url: string }[]; info: { description: string } } & JsonSchema;
const openapi = openApiDocument(OPERATIONS) as {
  components: { schemas: Record<string, JsonSchema>; parameters: Record<string, JsonSchema> };
  paths: Record<string, { post: { requestBody: unknown; responses: Record<string, unknown> } }>;
} & JsonSchema;

describe('the OpenRPC document', () => {
  it('is refused by the official validator with the old {base_url} server address', () => {
    const broken = { ...openrpc, servers: [{ name: 'service', url: '{base_url}/v1/rpc' }] };
    expect(validateOpenRPCDocument(broken as never)).not.toBe(true);
  });

  it('passes the official validator, its references resolving', async () => {
    expect(validateOpenRPCDocument(openrpc as never)).toBe(true);
    const parsed = await parseOpenRPCDocument(JSON.stringify(openrpc));
    expect(parsed.methods).toHaveLength(OPERATIONS.length);
  });

  it('says at the top that the service does not speak JSON-RPC 2.0', () => {
    expect(openrpc.info.description).toMatch(/^NOT JSON-RPC 2\.0: .*\{method, params, id\?\}.*no "jsonrpc" member/);
  });
});

describe('the OpenAPI document', () => {
  it('is refused by the validator with a header parameter of an unknown location', async () => {
    const parameters = {
      ...openapi.components.parameters,
      Cashier: { name: 'X-Cashier', in: 'body' },
    };
    const broken = { ...openapi, components: { ...openapi.components, parameters } };
    expect((await new Validator().validate(broken as never)).valid).toBe(false);
  });

  it('passes the OpenAPI 3.1 validator', async () => {
    const validator = new Validator();
    const result = await validator.validate(openapi as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('has schemas that compile as JSON Schema 2020-12', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
    ajv.addSchema({ $id: 'openapi', components: openapi.components }, 'openapi');
    for (const name of Object.keys(openapi.components.schemas)) {
      expect(() => ajv.getSchema(`openapi#/components/schemas/${name}`), name).not.toThrow();
    }
  });

  it('takes one request per operation by method, and documents every status an error has', () => {
    const post = openapi.paths['/v1/rpc']?.post as {
      requestBody: { content: { 'application/json': { schema: { oneOf: unknown[]; discriminator: { mapping: object } } } } };
      responses: Record<string, unknown>;
    };
    const body = post.requestBody.content['application/json'].schema;
    expect(body.oneOf).toHaveLength(OPERATIONS.length);
    expect(Object.keys(body.discriminator.mapping).sort()).toEqual(OPERATIONS.map((op) => op.name).sort());
    expect(Object.keys(post.responses).sort()).toEqual(
      ['200', '400', '401', '403', '404', '405', '408', '409', '413', '415', '422', '429', '500', '502', '503'].sort(),
    );
  });
});
