/** Which storage a sale takes from: `storage` main (0) or a branch chosen by `sk` (1..2). */
import { refuse } from '../../../upstream/upstream.js';

export function storageSk(storage: 'main' | 'branch', sk: number): number {
  if (storage === 'main') return 0;
  if (sk === 1 || sk === 2) return sk;
  throw refuse('params.sk', 'storage.no_branch', { sk });
}

/** The storage asked for, before it is checked: what a read sent ahead may use. */
export const skAsked = (storage: 'main' | 'branch', sk: number): number => (storage === 'main' ? 0 : sk);
