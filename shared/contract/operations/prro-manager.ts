/**
 * Project-defined reads of the store manager's PRRO view (issue 10, item 6). The error grid of
 * the spec (pos.prro_inline_error_grid) lists only the documents that need a person, without the
 * shift they belong to; a manager also needs a whole shift's documents in chain order, and, before
 * a change, the documents behind one in its chain that the change re-places. The spec's grid has
 * no paging either: 5,000 documents are one 2.5 MB answer, so the grid reads them a page at a time
 * (issue 12). The spec's 80 operations stay as they are: these are added to its `pos` group,
 * flagged `origin: project`.
 */
import { defineOp } from '../dsl/operation.js';
import { INT32_MAX, int, oneOf, opt, req, str } from '../dsl/params.js';
import { cols, dateTime, rows, sha256, sha256OrEmpty, tagged } from '../dsl/results.js';
import { ERROR_GRID_COLUMNS, ERROR_GRID_FORMATS } from './pos.js';

const WHY = {
  shift: 'a shift closes only when the tax server has every document of it: a manager must see them all, in chain order',
  page: 'the spec grid answers every document at once (2.5 MB for 5,000): the manager sees a first page at once, and the rest as they scroll',
  chain:
    "withdrawing or requeueing a document re-places every unsettled document after it in its register's chain: a manager must see which before the change",
} as const;

/** The columns both reads share: a document, its place in its register's chain and its shift. */
const DOC_COLUMNS = [
  'id',
  'kasm',
  'numprro',
  'shift_id',
  'local_num',
  'offline_session_id',
  'local_doc_number',
  'doc_type',
  'created_at',
  'fiscal_number',
  'status',
  'doc_hash',
  'prev_doc_hash',
] as const;

/** What the error grid can be sorted by: its columns (renderer/features/prro-queue/columns.ts). */
export const GRID_SORT_KEYS = [
  'local_num',
  'created_at',
  'doc_type',
  'status',
  'chain',
  'fiscal_number',
  'control_code',
  'kasm',
  'numprro',
  'shift',
  'last_error',
] as const;
export type GridSortKey = (typeof GRID_SORT_KEYS)[number];

/** The chain verdicts, in the order a sort by the chain puts them (the ones to look at first). */
export const CHAIN_VERDICTS = ['break', 'unlisted', 'first', 'linked'] as const;

/** The most rows one page carries. */
export const GRID_PAGE_MAX = 1000;

export const prroManagerOperations = [
  defineOp({
    name: 'pos.shift_documents',
    kind: 'read',
    scope: 'pos.read',
    origin: 'project',
    summary: 'Every fiscal document of a shift in chain order, with its status, hashes and the hash the chain expects before it.',
    params: { shift_id: req(int(1, INT32_MAX)) },
    result: rows(
      cols([...DOC_COLUMNS, 'expected_prev_hash', 'ref', 'user_id', 'last_error', 'control_code'], {
        created_at: dateTime,
        doc_hash: sha256,
        prev_doc_hash: sha256OrEmpty,
        expected_prev_hash: sha256OrEmpty,
      }),
    ),
    projectDefined: [
      WHY.shift,
      'withdrawn (cancelled) documents are listed too, before the live one that took their place; their expected_prev_hash is empty',
      "expected_prev_hash: the hash of the live document before it in its register's chain (whatever its shift); empty for the first",
      'ref: what the document stands for in the books (receipt:N, return:N, shift:N, cash:N, …)',
      'no rows for an unknown shift',
    ],
  }),
  defineOp({
    name: 'pos.prro_unsent_chain',
    kind: 'read',
    scope: 'pos.read',
    origin: 'project',
    summary: 'The live documents of each register not yet settled with the tax server, in chain order, with their shift.',
    params: { numprro: opt(str(20), '') },
    result: rows(cols(DOC_COLUMNS, { created_at: dateTime, doc_hash: sha256, prev_doc_hash: sha256OrEmpty })),
    projectDefined: [
      WHY.chain,
      'numprro empty: every register',
      'settled: accepted, already registered or withdrawn; every document the error grid lists is unsettled, so its shift is here',
    ],
  }),
  defineOp({
    name: 'pos.prro_error_grid_page',
    kind: 'read',
    scope: 'pos.read',
    origin: 'project',
    summary:
      'One page of pos.prro_inline_error_grid, sorted by a column, with the total, the chain verdict of each row over the whole list and its shift.',
    params: {
      // The filter of pos.prro_inline_error_grid, as the spec has it.
      start: req(str(undefined, { format: 'date' })),
      end: req(str(undefined, { format: 'date' })),
      kasm: req(str(512)),
      numprro: req(str(4096)),
      scope: opt(oneOf('kas', 'user'), 'kas'),
      sort: opt(oneOf('', ...GRID_SORT_KEYS), ''),
      dir: opt(oneOf('asc', 'desc'), 'asc'),
      offset: opt(int(0, INT32_MAX), 0),
      limit: opt(int(1, GRID_PAGE_MAX), 200),
    },
    result: tagged({
      PAGE: cols(['total', 'breaks', 'offset', 'stamp']),
      ROW: cols([...ERROR_GRID_COLUMNS, 'shift_id', 'chain', 'chain_previous_id', 'chain_expected'], {
        ...ERROR_GRID_FORMATS,
        chain_expected: sha256OrEmpty,
      }),
    }),
    projectDefined: [
      WHY.page,
      'the documents are those pos.prro_inline_error_grid lists for the same filter; one PAGE row (total: how many it lists, breaks: how many of them break their chain, offset) comes first, then up to limit ROW rows from offset on',
      `sort: a column (${GRID_SORT_KEYS.join(', ')}) or empty for chain order (register, then local_num); times sort by the instant, numbers as numbers, text by the Ukrainian collation; doc_type by its code, status by its number, chain in the order ${CHAIN_VERDICTS.join(', ')}; rows without a value go last in either direction; ties keep chain order`,
      'chain: the verdict on the document against the listed document right before it in its register (local_num − 1; a live document holds its place alone): break (its prev_doc_hash is not that document’s hash, or the first document names a previous one), unlisted (that document is not listed), first, linked; judged over every document the filter lists, not only the page; hashes compare whatever their case; chain_previous_id is that document (empty when none), chain_expected the hash the chain holds for a break (empty when none)',
      'shift_id: the shift the document belongs to, empty when none',
      'stamp: changes whenever the list or a listed document changes (the documents listed, and when the last of them changed): a screen polls the first page and reads the others again only when it does; an opaque string, compared for equality only',
    ],
  }),
] as const;
