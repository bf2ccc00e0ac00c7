/**
 * The manager's PRRO reads (shared/contract/operations/prro-manager.ts): a shift's documents in
 * chain order with the hash the chain expects before each, and the unsettled part of every
 * register's chain, which is what a withdrawal or a requeue re-places.
 */
import type { HandlerGroup } from '../../handlers.js';
import { shownAt } from '../kernel/moment.js';
import { type ChainDocRow, managerSql } from './manager-statements.js';

type ManagerOps = 'pos.shift_documents' | 'pos.prro_unsent_chain';

const docRow = (d: ChainDocRow, timeZone: string) => ({
  id: String(d.id),
  kasm: String(d.kasm),
  numprro: d.numprro,
  shift_id: d.shift_id === null ? '' : String(d.shift_id),
  local_num: String(d.local_num),
  offline_session_id: d.offline_session_id,
  local_doc_number: String(d.local_doc_number),
  doc_type: d.doc_type,
  created_at: shownAt(d.created_at, timeZone),
  fiscal_number: d.fiscal_number,
  status: String(d.status),
  doc_hash: d.doc_hash,
  prev_doc_hash: d.prev_doc_hash === '' ? null : d.prev_doc_hash,
});

export const prroManagerHandlers: HandlerGroup<ManagerOps> = {
  'pos.shift_documents': ({ shift_id }, ctx) => ({
    rows: managerSql(ctx.db)
      .shiftDocs.all(shift_id)
      .map((d) => ({
        ...docRow(d, ctx.timeZone),
        expected_prev_hash: d.expected_prev_hash === '' ? null : d.expected_prev_hash,
        ref: d.ref,
        user_id: d.user_id,
        last_error: d.last_error,
        control_code: d.control_code,
      })),
  }),

  'pos.prro_unsent_chain': ({ numprro }, ctx) => ({
    rows: managerSql(ctx.db)
      .unsentChain.all({ numprro })
      .map((d) => docRow(d, ctx.timeZone)),
  }),
};
