/**
 * A manager's confirmation, asked for at the moment a cashier needs one: any screen awaits
 * `confirmWithManager(action, subject)` and gets the one-time confirmation id (to pass to the
 * write that needs it) and who confirmed, or null when the cashier gave up. The dialog that asks
 * is mounted once in the shell (ManagerConfirmDialog).
 */

import { create } from 'zustand';
import type { ParamsOf } from '../../../shared/contract/index.js';
import type { op } from '../../../shared/contract/op.js';

export type ConfirmAction = ParamsOf<typeof op.pos.managerConfirm>['action'];

export interface Confirmation {
  readonly id: number;
  readonly manager: string;
}

interface Request {
  readonly action: ConfirmAction;
  /** What is confirmed, in words kept with the confirmation (an amount, a document). */
  readonly subject: string;
  /** The till the action is at, where not this one (a register's key of another till); undefined: this till. */
  readonly kasm: number | undefined;
  readonly resolve: (c: Confirmation | null) => void;
}

interface ConfirmState {
  readonly request: Request | null;
  ask(action: ConfirmAction, subject: string, kasm?: number): Promise<Confirmation | null>;
  finish(c: Confirmation | null): void;
}

export const useManagerConfirm = create<ConfirmState>((set, get) => ({
  request: null,
  ask: (action, subject, kasm) =>
    new Promise((resolve) => {
      // A second question while one is open answers the first with "no": one dialog at a time.
      get().request?.resolve(null);
      set({ request: { action, subject: subject.slice(0, 255), kasm, resolve } });
    }),
  finish: (c) => {
    get().request?.resolve(c);
    set({ request: null });
  },
}));

/** `kasm`: the till the confirmation is for, when it is not this one (the back office spends it only there). */
export const confirmWithManager = (action: ConfirmAction, subject: string, kasm?: number): Promise<Confirmation | null> =>
  useManagerConfirm.getState().ask(action, subject, kasm);
