/** The PRRO online queue: enqueueing, the views of pending and erroneous documents, corrections. */
import { BusinessRefusal } from '../../../upstream/upstream.js';
import type { HandlerGroup } from '../../handlers.js';
import { findTill } from '../cash/tills.js';
import { momentOf, shownAt } from '../common/moment.js';
import { enqueueDocument } from './chain.js';
import { checkTransition, requeueDocument, setDocStatus } from './queue.js';
import { type DocFilter, prroSql } from './statements.js';
import { at, parseXml } from './xml.js';

type PrroOps =
  | 'pos.prro_inline_enqueue'
  | 'pos.prro_inline_queue_rows'
  | 'pos.prro_inline_error_docs'
  | 'pos.prro_inline_error_grid'
  | 'pos.prro_inline_requeue'
  | 'pos.prro_inline_set_status'
  | 'pos.prro_inline_set_status_by_filter';

/** `kasm` arrives as a string in these operations: empty means every till. */
function tillOf(kasm: string): number {
  if (kasm === '') return -1;
  if (!/^\d{1,9}$/.test(kasm)) throw new BusinessRefusal('params.kasm', `must be a till number, got "${kasm}"`);
  return Number(kasm);
}

const filterOf = (p: { kasm: string; numprro: string; scope?: 'kas' | 'user' }, user: string): DocFilter => ({
  kasm: tillOf(p.kasm),
  numprro: p.numprro,
  user: p.scope === 'user' ? user : '',
});

/** The document total for the control number, when the body is a readable receipt. */
function totalOf(body: Buffer): string | undefined {
  try {
    return at(parseXml(body.toString('utf8')), 'CHECKTOTAL/SUM')?.text.trim() || undefined;
  } catch {
    // A malformed body is still queued: the tax server is the one to reject it, with its reason.
    return undefined;
  }
}

export const prroHandlers: HandlerGroup<PrroOps> = {
  'pos.prro_inline_enqueue': (p, ctx) => {
    const kasm = tillOf(p.kasm);
    const till = findTill(ctx.db, kasm, 'params.kasm');
    if (till.numprro === '') throw new BusinessRefusal('params.kasm', `till ${kasm} works without a PRRO`);
    if (p.numprro !== till.numprro) {
      throw new BusinessRefusal('params.numprro', `till ${kasm} works with PRRO "${till.numprro}", not "${p.numprro}"`);
    }
    const body = Buffer.from(p.xml_body_b64, 'base64');
    const id = enqueueDocument(ctx.db, {
      kasm,
      numprro: p.numprro,
      docType: p.doc_type,
      body,
      sum: totalOf(body),
      checkNumber: null,
      user: ctx.user,
      moment: momentOf(ctx),
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
      .errorDocs.all({ ...filterOf(p, ctx.user), start: p.start, end: p.end })
      .map((d) => ({
        id: String(d.id),
        created_at: shownAt(d.created_at, ctx.timeZone),
        offline_session_id: d.offline_session_id,
        local_doc_number: String(d.local_doc_number),
        local_num: String(d.local_num),
        fiscal_number: d.fiscal_number,
        doc_type: d.doc_type,
        control_code: d.control_code,
        doc_hash: d.doc_hash,
        prev_doc_hash: d.prev_doc_hash,
        user_id: d.user_id,
        last_error: d.last_error,
        status: String(d.status),
        kasm: String(d.kasm),
        numprro: d.numprro,
      })),
  }),

  'pos.prro_inline_requeue': (p, ctx) => {
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
      momentOf(ctx),
    );
    return { status: { affected: String(affected) } };
  },

  'pos.prro_inline_set_status': ({ id, status }, ctx) => ({
    status: { affected: String(setDocStatus(ctx.db, id, status, momentOf(ctx))) },
  }),

  'pos.prro_inline_set_status_by_filter': (p, ctx) => {
    checkTransition(p.from_status, p.to_status, `status ${p.from_status}`, {
      from: 'params.from_status',
      to: 'params.to_status',
    });
    const changed = prroSql(ctx.db).setStatusByFilter.run({
      ...filterOf(p, ctx.user),
      from: p.from_status,
      to: p.to_status,
      at: momentOf(ctx).iso,
    });
    return { status: { affected: String(changed.changes) } };
  },
};
