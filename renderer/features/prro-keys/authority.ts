/**
 * Who may handle a register's key, as the back office decides it (contract: pos.prro_key_unlock,
 * settings.prro_key_*): a person at manager level signed in at the till, or a cashier with a
 * manager's one-time confirmation for that action at the key's till, sent as X-Manager-Confirmation
 * (the PRRO queue's changes do the same, features/prro-queue/DocActions.tsx).
 *
 * A confirmation is spent only by a write the back office performs: a wrong password is refused
 * before, so it is held for the next try within its dialog (and for at most 9 of its 10 minutes),
 * and forgotten once spent or refused as a confirmation.
 */
import { useCallback, useMemo, useRef } from 'react';
import type { KeyWriteOptions } from '../../../shared/bridge/api.js';
import { useStatus } from '../../rpc/hooks.js';
import { confirmWithManager } from '../people/manager-confirm.js';
import { refusalOf } from '../shift/use-shift.js';

export type KeyAction = 'key_unlock' | 'key_settings';

/** A held confirmation is not offered this long after it was given (the back office keeps one 10 minutes). */
const HOLD_MS = 9 * 60_000;

export interface KeyAuthority {
  /**
   * What a key write of `action` at till `kasm` must carry: nothing for a manager, else a manager's
   * confirmation, held or asked for now (the manager's dialog opens over whatever is open); null
   * when no manager confirmed.
   */
  obtain(action: KeyAction, kasm: number, subject: string): Promise<KeyWriteOptions | null>;
  /** After a write that spent the confirmation, or a refusal of it: the next one asks again. */
  forget(action: KeyAction, kasm: number): void;
}

/** Whether a refusal is of the manager's confirmation itself (used, expired, of another action or till). */
export const isConfirmationRefusal = (error: unknown): boolean => refusalOf(error)?.reason.startsWith('confirmation.') ?? false;

export function useKeyAuthority(): KeyAuthority {
  const role = useStatus().data?.cashier?.role;
  const latestRole = useRef(role);
  latestRole.current = role;
  const held = useRef(new Map<string, { readonly id: number; readonly at: number }>());

  const obtain = useCallback(async (action: KeyAction, kasm: number, subject: string) => {
    if (latestRole.current === 'manager') return {};
    const slot = `${action}:${kasm}`;
    const kept = held.current.get(slot);
    if (kept && Date.now() - kept.at < HOLD_MS) return { confirmation: kept.id };
    const given = await confirmWithManager(action, subject, kasm);
    if (!given) return null;
    held.current.set(slot, { id: given.id, at: Date.now() });
    return { confirmation: given.id };
  }, []);

  const forget = useCallback((action: KeyAction, kasm: number) => {
    held.current.delete(`${action}:${kasm}`);
  }, []);

  return useMemo(() => ({ obtain, forget }), [obtain, forget]);
}
