/**
 * Writes that carry a PIN or a password are sent at once under a fresh key: a secret is never
 * stored, so it is no outbox write. Nothing of their params is logged: a failure is answered to the
 * interface, in the service's words, and only there.
 */
import { randomUUID } from 'node:crypto';
import type { KeyWriteOptions } from '../../../shared/bridge/api.js';
import { BridgeError } from '../../../shared/bridge/errors.js';
import type { SecretOperation } from '../../../shared/bridge/secrets.js';
import type { op, RpcResult } from '../../../shared/contract/index.js';
import type { DeskContext } from '../desk/context.js';

export type KeyWriteName = typeof op.settings.prroKeyLoad | typeof op.pos.prroKeyUnlock | typeof op.settings.prroKeyUnattended;

export interface SecretSender {
  send(method: SecretOperation, params: unknown, confirmation?: number): Promise<RpcResult>;
  /**
   * A register's key is a person's act: the back office takes a key write that names nobody
   * (no X-Cashier) as an API client's, by the key's scope alone, without asking for a manager.
   * So the till sends one only with someone signed in, and their manager's confirmation if any.
   */
  sendKeyWrite(method: KeyWriteName, params: unknown, options: KeyWriteOptions): Promise<RpcResult>;
}

export function secretSender(d: Pick<DeskContext, 'client' | 'session'>): SecretSender {
  const send: SecretSender['send'] = async (method, params, confirmation) => {
    const who = d.session.who;
    const outcome = await d.client.call(method, params, {
      idempotencyKey: randomUUID(),
      ...(who ? { cashier: who.id } : {}),
      ...(confirmation === undefined ? {} : { confirmation }),
    });
    if (outcome.kind === 'ok') return outcome.result;
    throw BridgeError.from(outcome.error);
  };
  return {
    send,
    sendKeyWrite: async (method, params, options) => {
      if (!d.session.who)
        throw new BridgeError('NOT_SIGNED_IN', "nobody is signed in at the till: a register's key is handled by a person who is");
      return send(method, params, options.confirmation);
    },
  };
}
