/**
 * The error grid read a page at a time (pos.prro_error_grid_page). 5,000 documents were one
 * 2.5 MB answer to serialise, carry and parse before the first row could paint; now a first page
 * of a screenful paints at once, the total sizes the scrollbar, and the pages the grid scrolls to
 * are read as they come into view. The service sorts and judges the chain over every listed
 * document, so a page is right whichever others the browser holds.
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import { startTransition, useCallback, useMemo, useState } from 'react';
import type { ParamsOf } from '../../../shared/contract/index.js';
import { getBridge } from '../../bridge/index.js';
import { readKey, rowsOf } from '../../rpc/hooks.js';
import type { ColumnId } from './columns.js';
import { gridParams, type PrroFilter } from './filters.js';
import { type GridRow, gridRow } from './rows.js';
import type { SortDir } from './sort.js';

export const GRID_PAGE_OP = 'pos.prro_error_grid_page';
type Params = ParamsOf<typeof GRID_PAGE_OP>;

/** The first read: a screen of rows (768 px / 40 px) and the next PageDowns. */
export const FIRST_PAGE = 60;
/** Later reads: fewer round trips while a manager drags the scrollbar, still small to parse. */
export const PAGE = 500;

/** The page holding a row: page 0 is the first FIRST_PAGE rows, each later one PAGE rows. */
export const pageOf = (index: number): number => (index < FIRST_PAGE ? 0 : 1 + Math.floor((index - FIRST_PAGE) / PAGE));
export const pageBounds = (page: number): { offset: number; limit: number } =>
  page === 0 ? { offset: 0, limit: FIRST_PAGE } : { offset: FIRST_PAGE + (page - 1) * PAGE, limit: PAGE };

/** Rows read ahead of the last one in view, so a scroll rarely meets an unread row. */
const AHEAD = 100;

type Sort = { readonly column: ColumnId; readonly dir: SortDir } | null;

const readPage = (params: Params) => () => getBridge().read(GRID_PAGE_OP, params);

const sameFilter = (a: Params, b: Params) =>
  a.start === b.start && a.end === b.end && a.kasm === b.kasm && a.numprro === b.numprro && a.scope === b.scope;

export interface GridPages {
  /** How many documents the filter lists (0 until the first page is read). */
  readonly total: number;
  /** How many of them break their register's chain. */
  readonly breaks: number;
  /** The row at a place of the sorted list, if its page is read. */
  rowAt(index: number): GridRow | undefined;
  /** Where a read row is, -1 when its page is not read. */
  indexOf(id: string): number;
  readonly byId: ReadonlyMap<string, GridRow>;
  /** Asks for the pages of the rows from `start` to `end` (the rows in view). */
  want(start: number, end: number): void;
  /** What the pages are read for: another filter or sort is another list. */
  readonly key: string;
  /** The first page's read: pending, read, stale. */
  readonly first: { readonly isPending: boolean; readonly isSuccess: boolean; readonly stale?: boolean };
  /** A page that could not be read (its rows stay placeholders). */
  readonly error: Error | null;
  readonly isFetching: boolean;
}

export function useGridPages(filter: PrroFilter, sort: Sort): GridPages {
  const base = useMemo(
    () => ({ ...gridParams(filter), sort: sort?.column ?? '', dir: sort?.dir ?? 'asc' }) as const,
    [filter, sort],
  );
  const key = JSON.stringify(base);
  const firstParams: Params = { ...base, ...pageBounds(0) };
  // A new sort keeps the rows shown until its first page is there, rather than a blank grid; a
  // new filter is another list, shown only once it is read.
  const first = useQuery({
    queryKey: readKey(GRID_PAGE_OP, firstParams),
    queryFn: readPage(firstParams),
    placeholderData: (previous, query) => (query && sameFilter(query.queryKey[2], firstParams) ? previous : undefined),
  });
  const [wanted, setWanted] = useState<{ key: string; pages: readonly number[] }>({ key, pages: [] });
  const pages = wanted.key === key ? wanted.pages : [];
  const later = useQueries({
    queries: pages.map((page) => {
      const params: Params = { ...base, ...pageBounds(page) };
      return { queryKey: readKey(GRID_PAGE_OP, params), queryFn: readPage(params) };
    }),
  });

  const head = rowsOf(first.data)[0];
  const total = head?.tag === 'PAGE' ? Number(head.total) : 0;
  const breaks = head?.tag === 'PAGE' ? Number(head.breaks) : 0;
  const answers = [first.data, ...later.map((q) => q.data)];
  const stamp = [first.dataUpdatedAt, ...later.map((q) => q.dataUpdatedAt)].join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `stamp` changes exactly when one of the answers does.
  const { rows, indexById, byId } = useMemo(() => {
    const rows: (GridRow | undefined)[] = [];
    const indexById = new Map<string, number>();
    const byId = new Map<string, GridRow>();
    for (const answer of answers) {
      const [page, ...docs] = rowsOf(answer);
      if (page?.tag !== 'PAGE') continue;
      const offset = Number(page.offset);
      docs.forEach((doc, i) => {
        if (doc.tag !== 'ROW') return;
        const r = gridRow(doc);
        rows[offset + i] = r;
        indexById.set(r.id, offset + i);
        byId.set(r.id, r);
      });
    }
    return { rows, indexById, byId };
  }, [stamp]);

  const want = useCallback(
    (start: number, end: number) => {
      if (total === 0) return;
      const last = pageOf(Math.min(total - 1, end + AHEAD));
      // A transition: asking for more rows never holds up the paint of the rows already read (the
      // first page's render would otherwise go on, in the same task, to start the next read).
      startTransition(() =>
        setWanted((w) => {
          const have = w.key === key ? w.pages : [];
          const missing: number[] = [];
          for (let p = Math.max(1, pageOf(Math.max(0, start))); p <= last; p++) if (!have.includes(p)) missing.push(p);
          return missing.length === 0 && w.key === key ? w : { key, pages: [...have, ...missing] };
        }),
      );
    },
    [key, total],
  );

  return {
    total,
    breaks,
    rowAt: (index) => rows[index],
    indexOf: (id) => indexById.get(id) ?? -1,
    byId,
    want,
    key,
    first: { isPending: first.isPending, isSuccess: first.isSuccess, stale: first.data?.stale },
    error: first.error ?? later.find((q) => q.error)?.error ?? null,
    isFetching: first.isFetching || later.some((q) => q.isFetching),
  };
}
