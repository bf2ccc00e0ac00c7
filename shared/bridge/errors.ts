/** A refusal crossing the bridge: the renderer sees a code, words and what caused it. */
import type { ErrorDetail } from '../contract/index.js';
import type { RpcErrorInfo } from './api.js';

/**
 * The core's own refusals besides the service's codes: bad arguments, a message it does not know,
 * a caller it does not trust, its own fault, a service switch while writes wait for the old one, a
 * sign-in answered by the old service after a switch, a silent print asked of a till that has no
 * printing of its own (browser mode prints in the page), a write the till's disk could not store
 * (full or failing): it was neither saved nor sent, a person's act (a register's key) asked while
 * nobody is signed in, and a manager's (the till's identity, its service) asked of anyone else;
 * a card payment asked of a till with no terminal, or while another one's outcome is not known;
 * an update installed on a till that has no updater.
 */
export type BridgeErrorCode =
  | RpcErrorInfo['code']
  | 'BAD_ARGUMENTS'
  | 'UNKNOWN_MESSAGE'
  | 'FORBIDDEN'
  | 'INTERNAL'
  | 'QUEUED_WRITES'
  | 'SERVICE_CHANGED'
  | 'NO_PRINTER'
  | 'NOT_SAVED'
  | 'NOT_SIGNED_IN'
  | 'NOT_A_MANAGER'
  | 'TERMINAL_OFF'
  | 'CARD_PENDING'
  | 'NO_UPDATER';

export class BridgeError extends Error {
  constructor(
    readonly code: BridgeErrorCode,
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
