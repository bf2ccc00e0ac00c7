/**
 * The error grid read a page at a time (pos.prro_error_grid_page). 5,000 documents were one
 * 2.5 MB answer to serialise, carry and parse before the first row could paint; now a first page
 * of a screenful paints at once, the total sizes the scrollbar, and the pages the grid scrolls to
 * are read as they come into view. The service sorts and judges the chain over every listed
 * document, so a page is right whichever others the browser holds.
 *
 * While the screen is open the list refreshes itself: the first page is read again every few
 * seconds (one small read, nothing repainted when nothing changed), and its stamp says whether the
 * list changed; only then are the other pages read so far, and the open document, read again. Rows
 * keep their places and the rows read stay shown meanwhile, so the selection and the scroll stay.
 */

import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ParamsOf } from '../../../shared/contract/index.js';
import { op } from '../../../shared/contract/op.js';
import { getBridge } from '../../bridge/index.js';
import { readKey, rowsOf } from '../../rpc/hooks.js';
import type { ColumnId } from './columns.js';
import { gridParams, type PrroFilter } from './filters.js';
import { PRRO_READS } from './outcome.js';
import { type GridRow, gridRow } from './rows.js';
import type { SortDir } from './sort.js';

export const GRID_PAGE_OP = op.pos.prroErrorGridPage;
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

/** How often the first page is read again while the screen is open: the dispatcher sends every few seconds. */
export const REFRESH_MS = 5_000;

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
  /** Rows are being read that are not shown yet (a new sort, pages scrolled to); not the refresh's own reads. */
  readonly isFetching: boolean;
  /** When the list was last read (ms), 0 before. */
  readonly readAt: number;
}

/** The same list of answers as before while each is the same object (structural sharing keeps unchanged rows). */
function useSameWhileEqual<T>(items: readonly T[]): readonly T[] {
  const last = useRef(items);
  if (last.current.length !== items.length || last.current.some((x, i) => x !== items[i])) last.current = items;
  return last.current;
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
    refetchInterval: REFRESH_MS,
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
  useRefreshOnStamp(key, head?.tag === 'PAGE' ? head.stamp : undefined, first.isPlaceholderData);
  // Each answer's rows, the same arrays while they are equal: a refresh that changed nothing builds nothing.
  const answers = useSameWhileEqual([rowsOf(first.data), ...later.map((q) => rowsOf(q.data))]);
  const { rows, indexById, byId } = useMemo(() => {
    const rows: (GridRow | undefined)[] = [];
    const indexById = new Map<string, number>();
    const byId = new Map<string, GridRow>();
    for (const answer of answers) {
      const [page, ...docs] = answer;
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
  }, [answers]);

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
    isFetching: first.isPlaceholderData || later.some((q) => q.isPending && q.isFetching),
    readAt: first.dataUpdatedAt,
  };
}

/**
 * When the first page's stamp moves, the list changed somewhere: the other pages read so far and
 * the open document's reads are read again (what they showed stays until the answers are there).
 */
function useRefreshOnStamp(key: string, stamp: string | undefined, placeholder: boolean): void {
  const client = useQueryClient();
  const seen = useRef<{ key: string; stamp: string } | null>(null);
  useEffect(() => {
    if (stamp === undefined || placeholder) return;
    const before = seen.current;
    seen.current = { key, stamp };
    if (!before || before.key !== key || before.stamp === stamp) return;
    client.invalidateQueries({
      queryKey: ['rpc', GRID_PAGE_OP],
      predicate: (q) => (q.queryKey[2] as Partial<Params> | undefined)?.offset !== 0,
    });
    for (const read of PRRO_READS) if (read[1] !== GRID_PAGE_OP) client.invalidateQueries({ queryKey: read });
  }, [client, key, stamp, placeholder]);
}
