/**
 * A request's body checked against the contract before any back office is touched, in the order
 * whose first failure is the answer: JSON, envelope, operation, the key's scope, the write's
 * Idempotency-Key, the people headers, the params.
 */
import {
  checkEnvelope,
  findOperation,
  issueAt,
  issueWords,
  type OperationSpec,
  type RpcId,
  validateParams,
} from '../../shared/contract/index.js';
import { type ApiKey, hasScope } from '../auth/keys.js';
import { isValidIdempotencyKey } from '../idempotency/fingerprint.js';
import { RpcError } from './rpc-error.js';
import type { GatewayRequest, People, RequestFacts } from './types.js';

export interface CheckedCall {
  readonly id: RpcId;
  readonly op: OperationSpec;
  readonly params: Record<string, unknown>;
  /** Present for a write, absent for a read. */
  readonly idempotencyKey: string | undefined;
  readonly people: People;
}

export function checkCall(req: GatewayRequest, facts: RequestFacts): CheckedCall {
  const env = checkEnvelope(parseBody(req.body));
  if (!env.ok) throw new RpcError('INVALID_REQUEST', 'the request envelope is malformed', env.issues);
  const { method, params: rawParams } = env.value;
  facts.method = method;
  const op = operationOf(method);
  requireScope(req.key, op);
  const idempotencyKey = op.kind === 'write' ? writeKeyOf(op, req.idempotencyKey) : undefined;
  const people = op.kind === 'write' ? peopleOf(req) : {};
  const checked = validateParams(op.params, rawParams);
  if (!checked.ok) throw new RpcError('INVALID_PARAMETER', `the params do not match the contract of ${op.name}`, checked.issues);
  return { id: env.value.id ?? null, op, params: checked.value, idempotencyKey, people };
}

function parseBody(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw new RpcError('INVALID_REQUEST', 'the body is not valid JSON');
  }
}

function operationOf(method: string): OperationSpec {
  const op = findOperation(method);
  if (!op) {
    throw new RpcError('METHOD_NOT_FOUND', `no operation is named ${JSON.stringify(method.slice(0, 100))}`, [
      issueAt('method', issueWords('gateway.unknown_method')),
    ]);
  }
  return op;
}

function requireScope(key: ApiKey, op: OperationSpec): void {
  if (hasScope(key, op.scope)) return;
  throw new RpcError(
    'INSUFFICIENT_SCOPE',
    `the key lacks the scope ${op.scope}`,
    [issueAt('scope', issueWords('gateway.scope', { scope: op.scope }))],
    { 'WWW-Authenticate': `Bearer realm="retail-rpc", error="insufficient_scope", scope="${op.scope}"` },
  );
}

function writeKeyOf(op: OperationSpec, key: string | undefined): string {
  if (key === undefined || key === '') {
    throw new RpcError(
      'IDEMPOTENCY_KEY_REQUIRED',
      `${op.name} changes data: send an Idempotency-Key header, one new key per business operation`,
    );
  }
  if (!isValidIdempotencyKey(key)) {
    throw new RpcError('IDEMPOTENCY_KEY_INVALID', 'the Idempotency-Key must be 1 to 255 printable ASCII characters (space to ~)');
  }
  return key;
}

const USER_ID = /^[1-9][0-9]{0,9}$/;

/** An id header: absent, or a whole number from 1 to 2^31-1; anything else is refused before any work. */
function idHeader(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = USER_ID.test(value) ? Number(value) : 0;
  if (n < 1 || n > 2147483647) throw new RpcError('INVALID_REQUEST', `${name} must be a whole number from 1 to 2147483647`);
  return n;
}

function peopleOf(req: GatewayRequest): People {
  const cashier = idHeader('X-Cashier', req.cashier);
  const confirmation = idHeader('X-Manager-Confirmation', req.confirmation);
  return { ...(cashier === undefined ? {} : { cashier }), ...(confirmation === undefined ? {} : { confirmation }) };
}
