/**
 * A manager's confirmation of a cash-out: the manager's card and PIN, asked at that moment
 * (features/people), before anything is written; the one-time confirmation goes with the write.
 */
import { type Dec, toWire } from '../../money/money.js';
import { confirmWithManager as askManager } from '../people/manager-confirm.js';

export interface ManagerRequest {
  readonly action: 'cashOut';
  readonly kasm: number;
  readonly amount: Dec;
  readonly reason: string;
}

export type ManagerAnswer =
  | { readonly confirmed: true; readonly manager: string; readonly confirmation: number }
  | { readonly confirmed: false };

export async function confirmWithManager(request: ManagerRequest): Promise<ManagerAnswer> {
  const given = await askManager('cash_withdrawal', `${toWire(request.amount)} ₴: ${request.reason}`);
  return given ? { confirmed: true, manager: given.manager, confirmation: given.id } : { confirmed: false };
}
