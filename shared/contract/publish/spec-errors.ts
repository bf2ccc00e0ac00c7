/** Which error codes an operation can raise, by kind (spec, "Call rules" 5). */
import type { OperationSpec } from '../dsl/operation.js';
import type { ErrorCode } from '../errors.js';

const READ_ERRORS: readonly ErrorCode[] = ['INVALID_PARAMETER', 'UPSTREAM_FAILURE'];
const WRITE_ERRORS: readonly ErrorCode[] = [...READ_ERRORS, 'IDEMPOTENCY_KEY_REQUIRED', 'IDEMPOTENCY_RESULT_UNKNOWN'];

export const operationErrors = (op: OperationSpec): readonly ErrorCode[] => (op.kind === 'write' ? WRITE_ERRORS : READ_ERRORS);
