/**
 * Secrets in the registry's parameters: a person's PIN (`pin`) and a register's signing key's
 * password (`password`). An operation that carries one is sent at once and never stored, queued or
 * logged, so it never goes through the general `write` message (whose writes the durable outbox
 * keeps for days); it has a bridge message of its own instead. Which operations those are is
 * derived from their params specs (shared/contract/desk-rules.ts), so a new operation with a PIN or
 * a password is kept out of the outbox by its params alone.
 */

import { SECRET_OPERATIONS, secretParam } from '../contract/desk-rules.js';
import type { OperationName } from '../contract/index.js';
import { op } from '../contract/op.js';
import type { SecretMember } from '../contract/secrets.js';
import type { BridgeMessage } from './api.js';

export { SECRET_OPERATIONS };

/** Whether the operation named carries a PIN or a password in its parameters. */
export const carriesSecret = (name: string): boolean => secretParam(name) !== undefined;

/** The secret an operation carries, if any: what a refusal names. */
export const secretOf = (name: string): SecretMember | undefined => secretParam(name);

/**
 * The bridge messages that carry a secret straight to one operation of the contract, sent at once
 * under a fresh Idempotency-Key with the signed-in cashier.
 */
export const SECRET_MESSAGES = {
  confirmManualPrice: op.pos.checkoutManualPrice,
  signIn: op.pos.cashierSignIn,
  confirmManager: op.pos.managerConfirm,
  loadKey: op.settings.prroKeyLoad,
  unlockKey: op.pos.prroKeyUnlock,
  setKeyUnattended: op.settings.prroKeyUnattended,
} as const satisfies Partial<Record<BridgeMessage, OperationName>>;

export type SecretMessage = keyof typeof SECRET_MESSAGES;
export type SecretOperation = (typeof SECRET_MESSAGES)[SecretMessage];

/** The messages of a register's signing key, which carry a manager's confirmation besides their params. */
export const KEY_MESSAGES = ['loadKey', 'unlockKey', 'setKeyUnattended'] as const satisfies readonly SecretMessage[];
export type KeyMessage = (typeof KEY_MESSAGES)[number];

/** Why a write of a secret-carrying operation is refused, naming the bridge message to use where there is one. */
export function secretProblem(name: string): string {
  const what = secretOf(name) === 'password' ? 'a password' : 'a PIN';
  const message = Object.entries(SECRET_MESSAGES).find(([, op]) => op === name)?.[0];
  return `carries ${what}, which is never queued: ${message ? `use its own bridge message, ${message}` : 'it has no bridge message of its own'}`;
}
