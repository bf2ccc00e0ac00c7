/**
 * The cash collected at the close (інкасація) and what the drawer keeps for the next shift: two
 * fields that always add up to the drawer. The one the cashier typed in last decides, the other
 * follows; untouched, the whole drawer is collected, as PRRO vendors' collection at the close does.
 * The back office refuses a collection above the drawer all the same.
 */
import { type Dec, dec } from '../../money/money.js';
import { type AmountProblem, checkAmount } from './amount.js';

export type CollectionField = 'collect' | 'keep';

/** What the cashier typed, in which field; null: nothing yet. */
export type CollectionTyped = { readonly field: CollectionField; readonly text: string } | null;

export type CollectionPlan =
  | { readonly collect: Dec; readonly keep: Dec; readonly problem?: undefined }
  | { readonly problem: AmountProblem; readonly field: CollectionField; readonly collect?: undefined };

export function planCollection(cash: string, typed: CollectionTyped): CollectionPlan {
  const drawer = dec(cash);
  if (!typed) return { collect: drawer, keep: dec(0) };
  const check = checkAmount(typed.text, { allowZero: true, atMost: drawer });
  if (check.problem !== undefined) return { problem: check.problem, field: typed.field };
  const other = drawer.minus(check.amount);
  return typed.field === 'collect' ? { collect: check.amount, keep: other } : { collect: other, keep: check.amount };
}
