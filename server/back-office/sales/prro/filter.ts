/** The till / register / user filter of the PRRO queue's views, as the operations send it. */
import { refuse } from '../../../upstream/upstream.js';
import type { DocFilter } from '../kernel/register/statements.js';

/** `kasm` arrives as a string in these operations: empty means every till. */
export function tillOf(kasm: string): number {
  if (kasm === '') return -1;
  if (!/^\d{1,9}$/.test(kasm)) throw refuse('params.kasm', 'prro.till_number', { kasm });
  return Number(kasm);
}

export const filterOf = (p: { kasm: string; numprro: string; scope?: 'kas' | 'user' }, user: string): DocFilter => ({
  kasm: tillOf(p.kasm),
  numprro: p.numprro,
  user: p.scope === 'user' ? user : '',
});
