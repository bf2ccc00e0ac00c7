/**
 * pos.prro_error_grid_page: the error grid a page at a time. The documents are the spec grid's
 * (same filter); what needs the whole list — the total, the chain breaks, the chain verdicts (a
 * document is judged against the listed one before it, whichever page that is on) and the sort —
 * is done over every listed document by SQLite (statements.ts), so only the page's rows are read
 * out, formatted and sent: the shop-local times of 5,000 rows, their row objects and their
 * 2.5 MB of JSON were most of a full read.
 */

import { op } from '../../../../../shared/contract/index.js';
import type { GridSortKey } from '../../../../../shared/contract/operations/prro-manager.js';
import type { Db } from '../../../../../shared-node/sql/db.js';
import type { HandlerGroup } from '../../../handlers.js';
import { filterOf } from '../filter.js';
import { errorGridRow } from '../grid-row.js';
import { sortBy } from './sort.js';
import { type GridArgs, gridSql, type JudgedRow, TEXT_KEYS, type TextSortKey } from './statements.js';

const isText = (key: string): key is TextSortKey => (TEXT_KEYS as readonly string[]).includes(key);

type Sort = { readonly sort: GridSortKey | ''; readonly dir: 'asc' | 'desc'; readonly offset: number; readonly limit: number };

/** The ids of a page, in its order. A text column's keys are sorted with the Ukrainian collation here. */
function pageIds(db: Db, args: GridArgs, { sort, dir, offset, limit }: Sort): number[] {
  const sql = gridSql(db);
  const paged = { ...args, offset, limit };
  if (sort === '') return sql.chainOrderIds.all(paged);
  if (!isText(sort)) return sql.sortedIds[sort][dir].all(paged);
  return sortBy(sql.textKeys[sort].all(args), (r) => r.k, 'text', dir)
    .slice(offset, offset + limit)
    .map((r) => r.id);
}

/** The page's documents, judged, in its order. */
function pageRows(db: Db, args: GridArgs, ids: readonly number[]): JudgedRow[] {
  const byId = new Map(
    gridSql(db)
      .byIds.all({ ...args, ids: JSON.stringify(ids) })
      .map((r) => [r.id, r]),
  );
  return ids.map((id) => byId.get(id)).filter((r): r is JudgedRow => r !== undefined);
}

export const gridPageHandlers: HandlerGroup<typeof op.pos.prroErrorGridPage> = {
  [op.pos.prroErrorGridPage]: (p, ctx) => {
    const sql = gridSql(ctx.db);
    const args: GridArgs = { ...filterOf(p, ctx.user), start: p.start, end: p.end };
    const { total, breaks, ids, latest } = sql.summary.get(args) ?? { total: 0, breaks: 0, ids: null, latest: null };
    const page = pageRows(ctx.db, args, pageIds(ctx.db, args, p));
    const stamp = `${total}:${ids ?? 0}:${latest ?? ''}`;
    return {
      rows: [
        { tag: 'PAGE', total: String(total), breaks: String(breaks), offset: String(p.offset), stamp },
        ...page.map((d) => ({
          tag: 'ROW',
          ...errorGridRow(d, ctx.timeZone),
          shift_id: d.shift_id === null ? '' : String(d.shift_id),
          chain: d.chain,
          chain_previous_id: d.previous_id === null ? '' : String(d.previous_id),
          chain_expected: d.chain === 'break' ? d.expected : '',
        })),
      ],
    };
  },
};
