/** Gift certificates: registering an issued one, and reading one. */
import { dec, fmtDb } from '../../decimal.js';
import type { HandlerGroup } from '../../handlers.js';
import { momentOf, shownAt } from '../kernel/moment.js';
import { issueCertificate } from './certificates.js';
import { certificateSql } from './statements.js';

type CertificateOps = 'pos.certificate_issue' | 'pos.certificate_state';

export const certificateHandlers: HandlerGroup<CertificateOps> = {
  'pos.certificate_issue': (p, ctx) => {
    issueCertificate(ctx.db, {
      number: p.number.trim(),
      amount: dec(p.amount),
      comment: p.comment,
      user: ctx.user,
      moment: momentOf(ctx),
    });
    return { status: { affected: '1' } };
  },

  'pos.certificate_state': ({ number }, ctx) => {
    const c = certificateSql(ctx.db).get.get(number.trim());
    if (!c) return { rows: [] };
    return {
      rows: [
        {
          number: c.number,
          amount: fmtDb(c.amount),
          state: c.redeemed_at === null ? 'issued' : 'redeemed',
          issued_at: shownAt(c.issued_at, ctx.timeZone),
          redeemed_at: c.redeemed_at === null ? null : shownAt(c.redeemed_at, ctx.timeZone),
          redeemed: fmtDb(c.redeemed ?? 0),
          check_number: c.check_number === null ? '' : String(c.check_number),
        },
      ],
    };
  },
};
