/** The unsettled part of every register's chain (pos.prro_unsent_chain), one cached read for the grid, a document and the bulk change. */
import { rowsOf, useRead } from '../../rpc/hooks.js';

export const CHAIN_PARAMS = { numprro: '' } as const;

export function useUnsentChain() {
  const chain = useRead('pos.prro_unsent_chain', CHAIN_PARAMS, { staleTime: 0 });
  return { query: chain, rows: rowsOf(chain.data) };
}
