/**
 * SQL of pos.prro_error_grid_page. The chain verdict of a document needs only the listed document
 * right before it in its register (a register's live documents hold one place each:
 * prro_docs_place), so it is one indexed lookup per row, and SQLite counts, judges, sorts and
 * cuts the page without handing the whole list to JavaScript: building 5,000 row objects was
 * most of a read. Text columns sort by the Ukrainian collation, which SQLite has not: their keys
 * alone are sorted in JavaScript (page.ts).
 */

import { PRRO_ERROR_STATUSES } from '../../../../../shared/contract/index.js';
import { CHAIN_VERDICTS, type GridSortKey } from '../../../../../shared/contract/operations/prro-manager.js';
import type { Db } from '../../../../../shared-node/sql/db.js';
import { idsOfJsonArray } from '../../../core/dialect-sql.js';
import { statements } from '../../../core/statements.js';
import type { DocFilter } from '../../kernel/register/statements.js';
import type { ErrorGridDoc } from '../grid-row.js';

export type GridArgs = DocFilter & { start: string; end: string };

/** A listed document as the spec grid shows it, with its shift and its chain verdict. */
export interface JudgedRow extends ErrorGridDoc {
  shift_id: number | null;
  chain: (typeof CHAIN_VERDICTS)[number];
  /** The listed document right before it, when it is compared with one. */
  previous_id: number | null;
  /** The hash the chain holds for a break ('' for a first document that names a previous one). */
  expected: string;
  /** When the document last changed (the list's stamp). */
  updated_at: string;
}

/** What the spec grid lists: documents needing a person, of the filter's dates, till, register and user. */
const listed = (a: string) =>
  `${a}.status IN (${PRRO_ERROR_STATUSES.join(', ')}) AND ${a}.created_date BETWEEN @start AND @end
   AND (@kasm = -1 OR ${a}.kasm = @kasm) AND (@numprro = '' OR ${a}.numprro = @numprro) AND (@user = '' OR ${a}.user_id = @user)`;

/** The verdict the contract describes (pos.prro_error_grid_page): first, linked, break or unlisted. */
const JUDGED = `
  SELECT d.id, d.kasm, d.numprro, d.doc_type, d.created_at, d.doc_hash, d.prev_doc_hash, d.offline_session_id,
    d.local_doc_number, d.local_num, d.control_code, d.fiscal_number, d.user_id, d.last_error, d.status, d.shift_id,
    d.updated_at,
    CASE
      WHEN d.local_num = 1 THEN CASE WHEN d.prev_doc_hash = '' THEN 'first' ELSE 'break' END
      WHEN p.id IS NULL THEN 'unlisted'
      WHEN lower(d.prev_doc_hash) = lower(p.doc_hash) THEN 'linked'
      ELSE 'break'
    END AS chain,
    CASE WHEN d.local_num = 1 THEN NULL ELSE p.id END AS previous_id,
    CASE WHEN d.local_num = 1 THEN '' ELSE coalesce(p.doc_hash, '') END AS expected
  FROM prro_docs d
  LEFT JOIN prro_docs p ON p.numprro = d.numprro AND p.local_num = d.local_num - 1 AND ${listed('p')}
  WHERE ${listed('d')}`;

/** Chain order: a register's documents together, by their place in its chain. */
const CHAIN_ORDER = 'd.numprro, d.local_num';

/**
 * Columns SQLite sorts itself (numbers, UTC ISO times); NULL: no value, last either way. Their
 * page is found by id first, so only its rows are judged; the chain's verdict needs judging all.
 */
const SQL_KEYS = {
  local_num: 'd.local_num',
  created_at: 'd.created_at',
  status: 'd.status',
  control_code: "CASE WHEN d.control_code <> '' AND d.control_code NOT GLOB '*[^0-9]*' THEN CAST(d.control_code AS INTEGER) END",
  kasm: 'd.kasm',
  shift: 'd.shift_id',
} as const satisfies Partial<Record<GridSortKey, string>>;
export type SqlSortKey = keyof typeof SQL_KEYS;
export const TEXT_KEYS = ['doc_type', 'fiscal_number', 'numprro', 'last_error'] as const satisfies readonly GridSortKey[];
export type TextSortKey = (typeof TEXT_KEYS)[number];
const CHAIN_RANK = `CASE chain ${CHAIN_VERDICTS.map((v, i) => `WHEN '${v}' THEN ${i}`).join(' ')} END`;

type Paged = GridArgs & { limit: number; offset: number };

const idsIn = (db: Db, order: string) =>
  db
    .prepare<Paged, number>(`SELECT d.id FROM prro_docs d WHERE ${listed('d')} ORDER BY ${order} LIMIT @limit OFFSET @offset`)
    .pluck();
const sortedIds = (db: Db, expr: string) => ({
  asc: idsIn(db, `(${expr}) IS NULL, ${expr} ASC, ${CHAIN_ORDER}`),
  desc: idsIn(db, `(${expr}) IS NULL, ${expr} DESC, ${CHAIN_ORDER}`),
});
const byChainIn = (db: Db, dir: 'ASC' | 'DESC') =>
  db
    .prepare<Paged, number>(
      `SELECT id FROM (${JUDGED}) AS judged ORDER BY ${CHAIN_RANK} ${dir}, numprro, local_num LIMIT @limit OFFSET @offset`,
    )
    .pluck();

/** A text column's value of every listed document, in chain order (what the stable sort keeps among equals). */
const textKeysIn = (db: Db, key: TextSortKey) =>
  db.prepare<GridArgs, { id: number; k: string }>(
    `SELECT d.id, d.${key} AS k FROM prro_docs d WHERE ${listed('d')} ORDER BY d.numprro, d.local_num`,
  );

const prepare = (db: Db) => ({
  /**
   * What the list adds up to, and its stamp: every change the grid shows sets a listed document's
   * updated_at (or takes it off the list, or puts one on), so the count, the listed ids and the
   * latest change tell a screen polling the first page whether to read the others again.
   */
  summary: db.prepare<GridArgs, { total: number; breaks: number; ids: number | string | null; latest: string | null }>(
    `SELECT count(*) AS total, count(*) FILTER (WHERE chain = 'break') AS breaks, sum(id) AS ids, max(updated_at) AS latest
     FROM (${JUDGED}) AS judged`,
  ),
  /** A page's ids, in chain order or sorted by a column. */
  chainOrderIds: idsIn(db, CHAIN_ORDER),
  sortedIds: {
    ...(Object.fromEntries(Object.entries(SQL_KEYS).map(([key, expr]) => [key, sortedIds(db, expr)])) as Record<
      SqlSortKey,
      ReturnType<typeof sortedIds>
    >),
    chain: { asc: byChainIn(db, 'ASC'), desc: byChainIn(db, 'DESC') },
  },
  textKeys: Object.fromEntries(TEXT_KEYS.map((key) => [key, textKeysIn(db, key)])) as Record<
    TextSortKey,
    ReturnType<typeof textKeysIn>
  >,
  /** Listed documents by id (a JSON array). */
  byIds: db.prepare<GridArgs & { ids: string }, JudgedRow>(
    `SELECT * FROM (${JUDGED}) AS judged WHERE id IN (${idsOfJsonArray(db, '@ids')})`,
  ),
});

export const gridSql = (db: Db) => statements(db, prepare);
