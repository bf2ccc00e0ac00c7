/**
 * Secrets in the registry's parameters: a person's PIN (`pin`) and a register's signing key's
 * password (`password`). An operation that carries one is sent at once and never stored, queued or
 * logged, so it never goes through the general `write` message (whose writes the durable outbox
 * keeps for days); it has a bridge message of its own instead. Which operations those are is
 * derived from their params specs, so a new operation with a PIN or a password is kept out of the
 * outbox by its params alone.
 */
import { type Fields, OPERATIONS, type OperationName, type ParamSpec } from '../contract/index.js';
import { isSecretMember, type SecretMember } from '../contract/secrets.js';
import type { BridgeMessage } from './api.js';

/** The secret members of a parameter spec (objects, lists of objects), in the order found. */
function secretsOfSpec(spec: ParamSpec): SecretMember[] {
  if (spec.kind === 'object') return secretsOfFields(spec.fields);
  if (spec.kind === 'array') return secretsOfSpec(spec.items);
  return [];
}

function secretsOfFields(fields: Fields): SecretMember[] {
  return Object.entries(fields).flatMap(([name, field]) => [
    ...(isSecretMember(name) ? [name] : []),
    ...secretsOfSpec(field.spec),
  ]);
}

/** Every operation of the registry whose params carry a secret, with the first secret member it has. */
const SECRETS_OF: ReadonlyMap<OperationName, SecretMember> = new Map(
  OPERATIONS.flatMap((op) => {
    const [first] = secretsOfFields(op.params);
    return first ? [[op.name, first] as const] : [];
  }),
);

/** The operations whose params carry a PIN or a password (see the file's comment). */
export const SECRET_OPERATIONS: ReadonlySet<OperationName> = new Set(SECRETS_OF.keys());

/** Whether the operation named carries a PIN or a password in its parameters. */
export const carriesSecret = (name: string): boolean => SECRETS_OF.has(name as OperationName);

/** The secret an operation carries, if any: what a refusal names. */
export const secretOf = (name: string): SecretMember | undefined => SECRETS_OF.get(name as OperationName);

/**
 * The bridge messages that carry a secret straight to one operation of the contract, sent at once
 * under a fresh Idempotency-Key with the signed-in cashier.
 */
export const SECRET_MESSAGES = {
  confirmManualPrice: 'pos.checkout_manual_price',
  signIn: 'pos.cashier_sign_in',
  confirmManager: 'pos.manager_confirm',
  loadKey: 'settings.prro_key_load',
  unlockKey: 'pos.prro_key_unlock',
  setKeyUnattended: 'settings.prro_key_unattended',
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
