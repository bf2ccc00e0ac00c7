import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../errors.js';
import { CONTRACT_VERSION, findOperation, OPERATION_NAMES, OPERATIONS } from '../registry.js';
import { satisfies } from '../testing/json-schema-check.js';
import type { JsonSchema } from './json-schema.js';
import { openRpcDocument } from './openrpc.js';

interface Method {
  name: string;
  paramStructure: string;
  params: { name: string; required: boolean; schema: JsonSchema }[];
  'x-kind': string;
  'x-scope': string;
  'x-errors': string[];
  'x-project-defined'?: string[];
}

const document = openRpcDocument(OPERATIONS) as { openrpc: string; info: { version: string }; methods: Method[] } & JsonSchema;
const component = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe('the OpenRPC document', () => {
  it('is OpenRPC 1.3 at the contract version', () => {
    expect(document.openrpc).toMatch(/^1\.3\.\d+$/);
    expect(document.info.version).toBe(CONTRACT_VERSION);
  });

  it('has one method per operation, sorted by name', () => {
    const names = document.methods.map((m) => m.name);
    expect(names).toEqual([...OPERATION_NAMES].sort());
  });

  it.each(document.methods.map((m) => [m.name, m] as const))(
    'describes %s with its kind, scope, errors and members',
    (name, method) => {
      const op = findOperation(name)!;
      expect(method.paramStructure).toBe('by-name');
      expect(method['x-kind']).toBe(op.kind);
      expect(method['x-scope']).toBe(op.scope);
      expect(method['x-errors'].includes('IDEMPOTENCY_KEY_REQUIRED')).toBe(op.kind === 'write');
      expect(method['x-project-defined']).toEqual(op.projectDefined);
      expect(method.params.map((p) => [p.name, p.required])).toEqual(Object.entries(op.params).map(([n, f]) => [n, f.required]));
      for (const p of method.params) expect(p.schema.default).toEqual(op.params[p.name]?.default);
    },
  );

  it('describes the error body every failure answers with', () => {
    const body = {
      ok: false,
      error: { code: 'INVALID_PARAMETER', message: 'bad', details: [{ path: 'params.x', problem: 'p' }] },
      request_id: 'r1',
    };
    expect(satisfies(component('ErrorBody'), body, document)).toBe(true);
    expect(satisfies(component('ErrorBody'), { ...body, error: { ...body.error, code: 'TEAPOT' } }, document)).toBe(false);
    expect(satisfies(component('ErrorBody'), { ...body, stack: 'at x' }, document)).toBe(false);
    for (const code of Object.keys(ERROR_CODES)) expect(satisfies(component('ErrorCode'), code, document)).toBe(true);
  });

  it('names the PRRO statuses 0 to 9 and no others', () => {
    for (let code = 0; code <= 9; code++) expect(satisfies(component('PrroStatus'), code, document)).toBe(true);
    expect(satisfies(component('PrroStatus'), 10, document)).toBe(false);
  });
});
