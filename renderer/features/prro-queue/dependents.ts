/**
 * Which documents depend on a change. A register's documents form one hash chain in `local_num`
 * order; withdrawing a document gives its number to the ones after it, and requeueing it (even
 * unchanged) places them again, so every document after it that the tax server has not settled
 * gets a new number, offline number or previous-document hash. Those are its dependents: the
 * unsettled documents of the same register later in the chain (pos.prro_unsent_chain lists
 * exactly the unsettled part of every chain). Documents changed together are not each other's
 * dependents; a selection that leaves later documents behind it breaks their chain.
 */

import type { ResultRowOf } from '../../../shared/contract/index.js';
import type { op } from '../../../shared/contract/op.js';

export type ChainRow = ResultRowOf<typeof op.pos.prroUnsentChain>;

/** A document being changed: where it stands in its register's chain. */
export interface Changed {
  readonly id: string;
  readonly numprro: string;
  readonly local_num: string;
}

export function dependentsOf(chain: readonly ChainRow[], changed: readonly Changed[]): ChainRow[] {
  const ids = new Set(changed.map((c) => c.id));
  // The earliest place changed in each register: everything unsettled after it moves.
  const from = new Map<string, number>();
  for (const c of changed) {
    const at = Number(c.local_num);
    from.set(c.numprro, Math.min(at, from.get(c.numprro) ?? Number.POSITIVE_INFINITY));
  }
  return chain
    .filter((d) => {
      const start = from.get(d.numprro);
      return start !== undefined && Number(d.local_num) > start && !ids.has(d.id);
    })
    .sort((a, b) => (a.numprro === b.numprro ? Number(a.local_num) - Number(b.local_num) : a.numprro < b.numprro ? -1 : 1));
}

/** The shift of each unsettled document, by its id (every document the error grid lists is unsettled). */
export const shiftsById = (chain: readonly ChainRow[]): ReadonlyMap<string, string> =>
  new Map(chain.map((d) => [d.id, d.shift_id]));
