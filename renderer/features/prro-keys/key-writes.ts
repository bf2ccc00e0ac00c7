/**
 * The key's writes from the interface: each through its own bridge message (loadKey, unlockKey,
 * setKeyUnattended), sent at once, never through the outbox, with the manager's confirmation the
 * person needs (authority.ts). The answer is the key's new state; every read of it is refreshed.
 * Not react-query mutations on purpose: a mutation keeps its variables (here the password and the
 * key file) in the query client's cache after it settled.
 */

import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { KeyWriteOptions } from '../../../shared/bridge/api.js';
import type { ParamsOf, RpcResult } from '../../../shared/contract/index.js';
import type { op } from '../../../shared/contract/op.js';
import { getBridge } from '../../bridge/index.js';
import { refusalOf } from '../shift/use-shift.js';
import type { KeyAction, KeyAuthority } from './authority.js';
import type { KeyRow } from './key-state.js';
import { refreshKeyStates } from './use-key-state.js';

export interface KeyWriteParams {
  readonly loadKey: ParamsOf<typeof op.settings.prroKeyLoad>;
  readonly unlockKey: ParamsOf<typeof op.pos.prroKeyUnlock>;
  readonly setKeyUnattended: ParamsOf<typeof op.settings.prroKeyUnattended>;
}
export type KeyWriteMessage = keyof KeyWriteParams;

/** What each write needs a manager's confirmation for, when the person signed in is not one. */
export const ACTION_OF: Readonly<Record<KeyWriteMessage, KeyAction>> = {
  loadKey: 'key_settings',
  unlockKey: 'key_unlock',
  setKeyUnattended: 'key_settings',
};

export type KeyAnswer =
  | { readonly kind: 'done'; readonly row: KeyRow | undefined }
  | { readonly kind: 'refused'; readonly error: unknown }
  /** No manager confirmed: nothing was sent. */
  | { readonly kind: 'notConfirmed' };

function call<M extends KeyWriteMessage>(message: M, params: KeyWriteParams[M], options: KeyWriteOptions): Promise<RpcResult> {
  const bridge = getBridge();
  switch (message) {
    case 'loadKey':
      return bridge.loadKey(params as KeyWriteParams['loadKey'], options);
    case 'unlockKey':
      return bridge.unlockKey(params as KeyWriteParams['unlockKey'], options);
    default:
      return bridge.setKeyUnattended(params as KeyWriteParams['setKeyUnattended'], options);
  }
}

/**
 * A refusal of the key itself (a wrong password, a file that is no key) comes before the back
 * office spends the confirmation, so it is kept for the next try; anything else may have spent it.
 */
const keepsConfirmation = (error: unknown): boolean => refusalOf(error)?.reason.startsWith('key.') ?? false;

export function useKeyWrites(authority: KeyAuthority) {
  const client = useQueryClient();
  return useCallback(
    async <M extends KeyWriteMessage>(message: M, params: KeyWriteParams[M], subject: string): Promise<KeyAnswer> => {
      const action = ACTION_OF[message];
      const options = await authority.obtain(action, params.kasm, subject);
      if (!options) return { kind: 'notConfirmed' };
      try {
        const result = await call(message, params, options);
        authority.forget(action, params.kasm);
        return { kind: 'done', row: result.rows[0] as KeyRow | undefined };
      } catch (error) {
        if (!keepsConfirmation(error)) authority.forget(action, params.kasm);
        return { kind: 'refused', error };
      } finally {
        void refreshKeyStates(client);
      }
    },
    [authority, client],
  );
}
