/** A refusal crossing the bridge: the renderer sees a code, words and what caused it. */
import type { ErrorDetail } from '../contract/index.js';
import type { RpcErrorInfo } from './api.js';

export class BridgeError extends Error {
  constructor(
    readonly code: RpcErrorInfo['code'] | 'BAD_ARGUMENTS' | 'UNKNOWN_MESSAGE' | 'FORBIDDEN' | 'INTERNAL',
    message: string,
    readonly details: readonly ErrorDetail[] = [],
  ) {
    super(message);
    this.name = 'BridgeError';
  }

  static from(info: RpcErrorInfo): BridgeError {
    return new BridgeError(info.code, info.message, info.details);
  }
}
