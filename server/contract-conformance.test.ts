/**
 * The published contract against the real service (issue 12, item 8): for every operation, a
 * request generated from the registry is first checked against the published OpenAPI request
 * schema, then sent through HTTP to the embedded back office of the demo shop, and the answer —
 * a success or a business refusal — is checked against the published response schema of its
 * status. No double: the gateway, the back office and SQLite answer as they do for a till. On
 * PostgreSQL the service is a hosted one (a client in a database of many), whose calls cross to its
 * back office threads and back (server/clients/threads/): their answers must meet the same contract.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationSpec } from '../shared/contract/dsl/operation.js';
import { openApiDocument } from '../shared/contract/publish/openapi.js';
import { isRefusalReason } from '../shared/contract/refusals.js';
import { OPERATIONS } from '../shared/contract/registry.js';
import { validParams } from '../shared/contract/testing/cases.js';
import { TEST_ENGINE } from './testing/back-office-db.js';
import { startTestDataService } from './testing/data-harness.js';
import { type CallOptions, startTestService } from './testing/harness.js';

const document = openApiDocument(OPERATIONS) as { components: object };
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema({ $id: 'openapi', components: document.components });
const schema = (name: string) => {
  const validate = ajv.getSchema(`openapi#/components/schemas/${name}`);
  if (!validate) throw new Error(`no published schema ${name}`);
  return validate;
};

/** The published body of a response status: an ErrorBody whose code is one of that status. */
const errorBody = schema('ErrorBody');

function expectValid(validate: ReturnType<typeof schema>, value: unknown, what: string) {
  const ok = validate(value);
  expect(ok, `${what}: ${JSON.stringify(validate.errors?.slice(0, 3))}\n${JSON.stringify(value).slice(0, 600)}`).toBe(true);
}

let svc: {
  call(method: string, params: unknown, o: CallOptions): ReturnType<Awaited<ReturnType<typeof startTestService>>['call']>;
  close(): Promise<void>;
};
beforeAll(async () => {
  if (TEST_ENGINE === 'postgres') {
    const hosted = await startTestDataService(['demo'], { demo: true, pgThreads: 2 });
    svc = { call: (method, params, o) => hosted.call('demo', method, params, o), close: () => hosted.close() };
    // The demo shop is seeded by its first call, in the thread that opens it.
    await svc.call('service.ping', {}, {});
  } else svc = await startTestService({ demo: true });
  // Seeding the demo shop on PostgreSQL takes tens of seconds, and more on a loaded machine.
}, 300_000);
afterAll(() => svc.close());

describe.each((OPERATIONS as readonly OperationSpec[]).map((op) => [op.name, op] as const))('%s', (name, op) => {
  it('answers a request valid by the published schema as the published responses say', async () => {
    const request = { method: name, params: validParams(op), id: name };
    expectValid(schema(`Request.${name}`), request, 'the generated request');

    const r = await svc.call(name, request.params, { id: request.id });
    expect(r.headers.get('x-request-id')).toBe(r.body.request_id);
    if (r.status === 200) {
      expectValid(schema('Success'), r.body, 'the success body');
      expectValid(schema(`Answer.${name}`), r.body.data, "the success body's data, as this operation's answer");
    } else {
      // Only a business refusal: the request itself met the contract.
      expect(r.status, JSON.stringify(r.body)).toBe(422);
      expectValid(errorBody, r.body, 'the error body');
      expect(r.body.error.code).toBe('INVALID_PARAMETER');
      for (const d of r.body.error.details) expect(isRefusalReason(d.reason), JSON.stringify(d)).toBe(true);
    }
  });
});
