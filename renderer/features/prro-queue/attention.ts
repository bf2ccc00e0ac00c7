/**
 * The document that needs a person first: the first one the tax server refused, in the list's
 * order. The documents blocked behind it wait for it, and those retrying are sent again by
 * themselves. Only the rows read so far are looked at: a refused document heads its register's
 * chain, so in chain order it is on the first page.
 */
import type { GridRow } from './rows.js';

export function firstNeedingPerson(list: {
  readonly total: number;
  rowAt(index: number): GridRow | undefined;
}): string | undefined {
  for (let i = 0; i < list.total; i++) {
    const row = list.rowAt(i);
    if (row === undefined) return undefined;
    if (row.status === 'rejected') return row.id;
  }
  return undefined;
}
