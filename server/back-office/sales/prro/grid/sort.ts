/**
 * Sorting the error grid by a column, before it is cut into pages. Keys are computed once per row;
 * the sort is stable, so equal keys keep the order before; rows with no value go last in either
 * direction, where a manager does not mistake them for the first or last document.
 */
export type SortKind = 'number' | 'text' | 'time';
export type SortDir = 'asc' | 'desc';

const collator = new Intl.Collator('uk', { numeric: true, sensitivity: 'base' });

function keyOf(value: string, kind: SortKind): number | string | undefined {
  if (value.trim() === '') return undefined;
  if (kind === 'text') return value;
  const n = kind === 'number' ? Number(value) : Date.parse(value);
  return Number.isNaN(n) ? undefined : n;
}

export function sortBy<T>(items: readonly T[], value: (item: T) => string, kind: SortKind, dir: SortDir): T[] {
  const sign = dir === 'asc' ? 1 : -1;
  const keyed = items.map((item, index) => ({ item, index, key: keyOf(value(item), kind) }));
  keyed.sort((a, b) => {
    if (a.key === undefined || b.key === undefined) {
      return a.key === b.key ? a.index - b.index : a.key === undefined ? 1 : -1;
    }
    const c =
      typeof a.key === 'string' && typeof b.key === 'string'
        ? collator.compare(a.key, b.key)
        : (a.key as number) - (b.key as number);
    return c === 0 ? a.index - b.index : sign * c;
  });
  return keyed.map((k) => k.item);
}
