/**
 * Where the return meets work of other parts of issue 10. Both are plain functions the dialog
 * takes as props with these defaults, so the lead wires them in one place:
 *
 * - `confirmWithManager`: a return above MANAGER_RETURN_LIMIT asks a manager's PIN
 *   (`pos.manager_confirm`, the lead's). Today it proceeds, confirmed by nobody.
 * - `onReturned`: the return is written; the return receipt is printed from here
 *   (renderer/features/receipt: `pos.receipt_print` with `return_id`).
 */
import type { Dec } from '../../money/money.js';

export interface ManagerRequest {
  /** What the manager is asked to allow, for the PIN dialog and the record. */
  readonly action: 'return';
  readonly checkNumber: number;
  readonly total: Dec;
}

export type ManagerAnswer = { readonly confirmed: true; readonly by: string | null } | { readonly confirmed: false };

export type ConfirmWithManager = (request: ManagerRequest) => Promise<ManagerAnswer>;
export type OnReturned = (returnId: string) => void;

/** INTEGRATION POINT (lead): ask a manager's PIN with pos.manager_confirm. Proceeds for now. */
export const confirmWithManager: ConfirmWithManager = async () => ({ confirmed: true, by: null });

/** INTEGRATION POINT (lead): print the return receipt (renderer/features/receipt). Nothing for now. */
export const onReturned: OnReturned = () => {};
