/** Excise stamps at the till: scanning, reserving for a sale document, releasing, duplicates. */
import { refuse } from '../../../upstream/upstream.js';
import type { HandlerGroup } from '../../handlers.js';
import { findTill } from '../kernel/cash/tills.js';
import { momentOf } from '../kernel/moment.js';
import { saveStampMasks } from './masks-save.js';
import { releasePending, reservePending, scanStamp } from './stamps.js';
import { exciseSql } from './statements.js';

type ExciseOps =
  | 'pos.excise_add_mark'
  | 'pos.excise_bind_pending'
  | 'pos.excise_clear_pending'
  | 'pos.excise_duplicate'
  | 'settings.excise_stamp_masks_save';

export const exciseHandlers: HandlerGroup<ExciseOps> = {
  'pos.excise_add_mark': (p, ctx) => {
    findTill(ctx.db, p.kasm, 'params.kasm');
    scanStamp(ctx.db, {
      mark: p.code,
      etax: p.etax,
      kasm: p.kasm,
      allowDuplicate: p.allow_duplicate,
      user: ctx.user,
      moment: momentOf(ctx),
    });
    return { status: { affected: '1' } };
  },

  // The stamps scanned so far become the sale document's own: its close takes them, another
  // sale of the same till (a deferred receipt) does not.
  'pos.excise_bind_pending': ({ kasm, ndoc }, { db }) => {
    if (ndoc === 0) throw refuse('params.ndoc', 'excise.ndoc_required');
    findTill(db, kasm, 'params.kasm');
    return { status: { affected: String(reservePending(db, kasm, String(ndoc))) } };
  },

  'pos.excise_clear_pending': ({ code, kasm }, { db }) => ({
    status: { affected: String(releasePending(db, kasm, code)) },
  }),

  // etax true lists only stamps scanned as input-excise (etax) stamps; false lists every duplicate.
  'pos.excise_duplicate': ({ etax }, { db }) => ({
    rows: exciseSql(db)
      .duplicates.all(etax ? 1 : 0)
      .map((r) => ({ ...r, check_number: r.check_number === null ? '' : String(r.check_number) })),
  }),

  'settings.excise_stamp_masks_save': saveStampMasks,
};
