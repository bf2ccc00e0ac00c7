/** A refusal on its way to the client, in the one documented error body. */
import { ERROR_CODES, type ErrorBody, type ErrorCode, type ErrorDetail } from '../../shared/contract/index.js';

export class RpcError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: readonly ErrorDetail[] = [],
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'RpcError';
  }

  get http(): number {
    return ERROR_CODES[this.code].http;
  }

  body(requestId: string): ErrorBody {
    return { ok: false, error: { code: this.code, message: this.message, details: this.details }, request_id: requestId };
  }
}
