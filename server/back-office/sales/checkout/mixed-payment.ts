/**
 * The mixed-payment split of a sale document, kept while the buyer decides how to pay and read
 * back by the payment screen. The close takes its payments from its own request; this is the
 * draft the screen fills that request from.
 */
import { op } from '../../../../shared/contract/index.js';
import { refuse } from '../../../upstream/upstream.js';
import { fmtDb, toDb } from '../../decimal.js';
import type { HandlerGroup } from '../../handlers.js';
import { findCard } from '../cards/cards.js';
import { momentOf } from '../kernel/moment.js';
import { kopecksOrZero } from '../kernel/money.js';
import { openSaleDoc } from './sale-doc.js';
import { checkoutSql } from './statements.js';

type MixedOps = typeof op.pos.checkoutStoreMixedPayment | typeof op.pos.checkoutMixedPayment;

export const mixedPaymentHandlers: HandlerGroup<MixedOps> = {
  [op.pos.checkoutStoreMixedPayment]: (p, ctx) => {
    const moment = momentOf(ctx);
    const split = {
      cash: kopecksOrZero(p.nal, 'params.nal'),
      cashless: kopecksOrZero(p.bn, 'params.bn'),
      debt: kopecksOrZero(p.debt, 'params.debt'),
      bonus: kopecksOrZero(p.bonus, 'params.bonus'),
      certificate: kopecksOrZero(p.cert, 'params.cert'),
    };
    if ((split.debt.gt(0) || split.bonus.gt(0)) && p.card === '') {
      throw refuse('params.card', 'card.needed_for_debt_bonus');
    }
    if (p.card !== '') findCard(ctx.db, p.card, 'params.card');
    openSaleDoc(ctx.db, { ndoc: p.ndoc, kasm: 0, card: p.card, user: ctx.user, moment, path: 'params.ndoc' });
    checkoutSql(ctx.db).saveSplit.run({
      ndoc: p.ndoc,
      cash: toDb(split.cash, 'cur'),
      cashless: toDb(split.cashless, 'cur'),
      debt: toDb(split.debt, 'cur'),
      bonus: toDb(split.bonus, 'cur'),
      certificate: toDb(split.certificate, 'cur'),
      certificate_number: p.ncert,
      card: p.card,
      comment: p.com1,
      updated_at: moment.iso,
    });
    return { status: { affected: '1' } };
  },

  [op.pos.checkoutMixedPayment]: ({ ndoc }, { db }) => {
    const s = checkoutSql(db).split.get(ndoc);
    if (!s) return { rows: [] };
    return {
      rows: [
        {
          cash: fmtDb(s.cash),
          cashless: fmtDb(s.cashless),
          debt: fmtDb(s.debt),
          bonus: fmtDb(s.bonus),
          card: s.card,
          certificate: fmtDb(s.certificate),
          certificate_number: s.certificate_number,
          comment: s.comment,
        },
      ],
    };
  },
};
