/**
 * Where the return meets the rest of the till, as props of the dialog (tests pass their own):
 *
 * - `confirmWithManager`: a return above the shop's limit (limits.ts) asks a manager's card and PIN
 *   (features/people, `pos.manager_confirm`); the one-time confirmation goes with the return.
 * - `onReturned`: the return is written; the dialog's default produces its receipt (features/receipt).
 */
import { type Dec, formatMoney } from '../../money/money.js';
import { confirmWithManager as askManager } from '../people/manager-confirm.js';

export interface ManagerRequest {
  /** What the manager is asked to allow, for the PIN dialog and the record. */
  readonly action: 'return';
  readonly checkNumber: number;
  readonly total: Dec;
}

export type ManagerAnswer =
  | { readonly confirmed: true; readonly by: string; readonly confirmation: number }
  | { readonly confirmed: false };

export type ConfirmWithManager = (request: ManagerRequest) => Promise<ManagerAnswer>;
export type OnReturned = (returnId: string) => void;

/** What the manager is asked to confirm, as the dialog says it and the back office keeps it: "№ 136: 1 000,00 ₴". */
export const returnSubject = (request: ManagerRequest): string => `№ ${request.checkNumber}: ${formatMoney(request.total)}`;

export const confirmWithManager: ConfirmWithManager = async (request) => {
  const given = await askManager('return', returnSubject(request));
  return given ? { confirmed: true, by: given.manager, confirmation: given.id } : { confirmed: false };
};
