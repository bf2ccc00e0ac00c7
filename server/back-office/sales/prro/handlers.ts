/** The PRRO online queue: enqueueing, the views of pending and erroneous documents, corrections. */

import { dayStartUtc, nextDate } from '../../../../shared/time/zone.js';
import { simulatedFiscalServer } from '../../../dps/simulator/simulator.js';
import { refuse } from '../../../upstream/upstream.js';
import type { HandlerGroup } from '../../handlers.js';
import { findTill } from '../kernel/cash/tills.js';
import { momentOf, shownAt } from '../kernel/moment.js';
import { queueChanger } from '../kernel/people/confirmations.js';
import { enqueueBody } from '../kernel/register/chain.js';
import { markDispatchDue } from '../kernel/register/dispatch-due.js';
import { prroSql } from '../kernel/register/statements.js';
import { fiscalWork } from '../kernel/shifts/guard.js';
import { filterOf, tillOf } from './filter.js';
import { errorGridRow } from './grid-row.js';
import { checkTransition, requeueDocument, setDocStatus } from './queue.js';

type PrroOps =
  | 'pos.prro_inline_enqueue'
  | 'pos.prro_inline_queue_rows'
  | 'pos.prro_inline_error_docs'
  | 'pos.prro_inline_error_grid'
  | 'pos.prro_inline_requeue'
  | 'pos.prro_inline_set_status'
  | 'pos.prro_inline_set_status_by_filter'
  | 'pos.prro_doc_audit'
  | 'pos.prro_fiscal_server_set';

/** Documents the back office makes itself, from its shifts and offline sessions: never enqueued from outside. */
const OWN_TYPES: readonly string[] = ['shift_open', 'shift_close', 'offline_begin', 'offline_end', 'z_report'];

export const prroHandlers: HandlerGroup<PrroOps> = {
  'pos.prro_inline_enqueue': (p, ctx) => {
    const kasm = tillOf(p.kasm);
    const till = findTill(ctx.db, kasm, 'params.kasm');
    if (till.numprro === '') throw refuse('params.kasm', 'prro.till_without_register', { kasm });
    if (p.numprro !== till.numprro) {
      throw refuse('params.numprro', 'prro.other_register', { kasm, numprro: till.numprro, given: p.numprro });
    }
    if (OWN_TYPES.includes(p.doc_type)) throw refuse('params.doc_type', 'prro.enqueue_own_type', { doc_type: p.doc_type });
    const moment = momentOf(ctx);
    const work = fiscalWork(ctx.db, kasm, moment, 'params.kasm', ctx.cashier);
    const id = enqueueBody(ctx.db, {
      till: work?.till ?? { kasm, akas: till.akas, numprro: till.numprro, localNumber: kasm },
      body: Buffer.from(p.xml_body_b64, 'base64'),
      docType: p.doc_type,
      user: ctx.user,
      moment,
      shiftId: work?.shift.id ?? null,
    });
    return { rows: [{ id: String(id) }] };
  },

  'pos.prro_inline_queue_rows': (p, ctx) => ({
    rows: prroSql(ctx.db)
      .pending.all(filterOf(p, ctx.user))
      .map((d) => ({ doc_type: d.doc_type, xml_body_b64: d.xml_body_b64, local_num: String(d.local_num) })),
  }),

  'pos.prro_inline_error_docs': (p, ctx) => ({
    rows: prroSql(ctx.db)
      .errorDocs.all({ ...filterOf(p, ctx.user), start: p.start, end: p.end })
      .map((d) => ({
        id: String(d.id),
        doc_type: d.doc_type,
        created_at: shownAt(d.created_at, ctx.timeZone),
        xml_body_b64: d.xml_body_b64,
        fiscal_number: d.fiscal_number,
      })),
  }),

  'pos.prro_inline_error_grid': (p, ctx) => ({
    rows: prroSql(ctx.db)
      .errorGrid.all({ ...filterOf(p, ctx.user), start: p.start, end: p.end })
      .map((d) => errorGridRow(d, ctx.timeZone)),
  }),

  'pos.prro_inline_requeue': (p, ctx) => {
    const who = queueChanger(ctx, 'prro_change', `prro:requeue:${p.id}`);
    const affected = requeueDocument(
      ctx.db,
      {
        id: p.id,
        createdAt: p.created_at,
        fiscalNumber: p.fiscal_number,
        body: p.xml_body_b64,
        controlCode: p.control_code,
        localDocNumber: p.local_doc_number,
        localNum: p.local_num,
        docHash: p.doc_hash,
        prevDocHash: p.prev_doc_hash,
      },
      who.user,
      momentOf(ctx),
      who.note,
    );
    return { status: { affected: String(affected) } };
  },

  'pos.prro_inline_set_status': ({ id, status }, ctx) => {
    const who = queueChanger(ctx, 'prro_change', `prro:status:${id}`);
    const affected = setDocStatus(ctx.db, { id, status, user: who.user, note: who.note, moment: momentOf(ctx) });
    return { status: { affected: String(affected) } };
  },

  'pos.prro_inline_set_status_by_filter': (p, ctx) => {
    checkTransition(p.from_status, p.to_status, `status ${p.from_status}`, {
      from: 'params.from_status',
      to: 'params.to_status',
    });
    const moment = momentOf(ctx);
    const who = queueChanger(ctx, 'prro_bulk_status', `prro:bulk:${p.from_status}>${p.to_status}`);
    // One by one, in chain order: each change is audited, and a withdrawal re-places the chain.
    const docs = prroSql(ctx.db).byFilterAndStatus.all({ ...filterOf(p, ctx.user), status: p.from_status });
    let affected = 0;
    for (const d of docs.reverse()) {
      const change = { id: d.id, status: p.to_status, user: who.user, note: who.note, moment, path: 'params.from_status' };
      affected += setDocStatus(ctx.db, change);
    }
    return { status: { affected: String(affected) } };
  },

  'pos.prro_doc_audit': ({ id, start, end }, ctx) => ({
    rows: prroSql(ctx.db)
      // The dates are the shop's; the trail keeps UTC instants.
      .audit.all({ id, from: dayStartUtc(start, ctx.timeZone), until: dayStartUtc(nextDate(end), ctx.timeZone) })
      .map((a) => ({
        id: String(a.id),
        doc_id: String(a.doc_id),
        numprro: a.numprro,
        local_num: String(a.local_num),
        at: shownAt(a.at, ctx.timeZone),
        user: a.user,
        action: a.action,
        status_before: String(a.status_before),
        status_after: String(a.status_after),
        hash_before: a.hash_before === '' ? null : a.hash_before,
        hash_after: a.hash_after,
        note: a.note,
      })),
  }),

  'pos.prro_fiscal_server_set': ({ reachable }, ctx) => {
    simulatedFiscalServer(ctx.db).setReachable(reachable);
    // Reachable again: an offline register closes its session and uploads it now, not at the next round.
    if (reachable) markDispatchDue(ctx.db);
    return { status: { affected: '1' } };
  },
};
