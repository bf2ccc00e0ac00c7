/** Which storage a request means: `storage` main/branch with `sk` choosing the branch. */
import { refuse } from '../../../upstream/upstream.js';

export const MAIN_STORAGE = 0;

/** `main` is storage 0 whatever `sk` says; `branch` needs `sk` 1 or 2. */
export function storageSk(storage: 'main' | 'branch', sk: number): number {
  if (storage === 'main') return MAIN_STORAGE;
  if (sk === 1 || sk === 2) return sk;
  throw refuse('params.sk', 'storage.no_branch', { sk });
}
