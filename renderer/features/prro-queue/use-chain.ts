/**
 * The unsettled part of the chain of the register(s) a filter shows (pos.prro_unsent_chain), one
 * cached read for a document's and the bulk change's dependents warning. Every document the filter can list,
 * and every one a change of them re-places, is of those registers, so a filter naming a register
 * needs only that register's chain (thousands of documents fewer to carry for a busy shop).
 */

import type { ParamsOf } from '../../../shared/contract/index.js';
import { op } from '../../../shared/contract/op.js';
import { rowsOf, useRead } from '../../rpc/hooks.js';
import type { PrroFilter } from './filters.js';

/** The operation takes a register number of at most 20 characters: a longer one names no register, so every register. */
const MAX_NUMPRRO = 20;

export function chainParams(filter: Pick<PrroFilter, 'numprro'>): ParamsOf<typeof op.pos.prroUnsentChain> {
  const numprro = filter.numprro.trim();
  return { numprro: numprro.length <= MAX_NUMPRRO ? numprro : '' };
}

export function useUnsentChain(filter: Pick<PrroFilter, 'numprro'>) {
  const chain = useRead(op.pos.prroUnsentChain, chainParams(filter), { staleTime: 0 });
  return { query: chain, rows: rowsOf(chain.data) };
}
