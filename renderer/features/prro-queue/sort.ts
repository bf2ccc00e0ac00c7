/**
 * The grid's sort: a column and a direction. The service sorts (pos.prro_error_grid_page), over
 * every listed document before it cuts them into pages, so the browser never needs them all.
 */
export type SortDir = 'asc' | 'desc';

/** A click on the sorted column turns its direction; a click on another sorts by it ascending. */
export function nextSort<C extends string>(current: { column: C; dir: SortDir } | null, column: C): { column: C; dir: SortDir } {
  return current?.column === column ? { column, dir: current.dir === 'asc' ? 'desc' : 'asc' } : { column, dir: 'asc' };
}
