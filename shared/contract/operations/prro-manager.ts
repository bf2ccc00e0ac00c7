/**
 * Project-defined reads of the store manager's PRRO view (issue 10, item 6). The error grid of
 * the spec (pos.prro_inline_error_grid) lists only the documents that need a person, without the
 * shift they belong to; a manager also needs a whole shift's documents in chain order, and, before
 * a change, the documents behind one in its chain that the change re-places. The spec's 80
 * operations stay as they are: these are added to its `pos` group, flagged `origin: project`.
 */
import { defineOp } from '../dsl/operation.js';
import { INT32_MAX, int, opt, req, str } from '../dsl/params.js';
import { cols, dateTime, rows, sha256, sha256OrEmpty } from '../dsl/results.js';

const WHY = {
  shift: 'a shift closes only when the tax server has every document of it: a manager must see them all, in chain order',
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
] as const;
