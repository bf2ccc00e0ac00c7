/**
 * A manager's confirmation of a shift action (cash out). INTEGRATION POINT (manager PINs,
 * `pos.manager_confirm`, the lead's part of issue 10): this is where the till will ask a manager
 * for their card and PIN and learn who confirmed. Today it proceeds without asking, so the screen
 * already has the step in the right place: before the write, and a refusal stops the write.
 */
import type { Dec } from '../../money/money.js';

export interface ManagerRequest {
  readonly action: 'cashOut';
  readonly kasm: number;
  readonly amount: Dec;
  readonly reason: string;
}

export type ManagerAnswer =
  | { readonly confirmed: true /** Who confirmed; null until PINs are asked. */; readonly manager: string | null }
  | { readonly confirmed: false };

export async function confirmWithManager(_request: ManagerRequest): Promise<ManagerAnswer> {
  return { confirmed: true, manager: null };
}
