/** Discount cards as a directory: importing a card, its extra values, the bonus comments. */
import { refuse } from '../../../upstream/upstream.js';
import { dec, toDb } from '../../decimal.js';
import type { HandlerGroup } from '../../handlers.js';
import { momentOf } from '../kernel/moment.js';
import { kopecksOrZero } from '../kernel/money.js';
import { cardSql } from './statements.js';

type DiscountOps = 'discounts.bonus_comments' | 'discounts.delete_extra_value' | 'discounts.import_card_ignore';

function percent(s: string | undefined, path: string): number {
  if (s === undefined) return 0;
  const v = dec(s);
  if (v.lt(0) || v.gt(100)) throw refuse(path, 'number.percent_range', { value: s });
  return toDb(v, 'pct');
}

export const discountHandlers: HandlerGroup<DiscountOps> = {
  'discounts.bonus_comments': (_p, { db }) => ({
    rows: cardSql(db)
      .bonusComments.all()
      .map((comment) => ({ comment })),
  }),

  'discounts.delete_extra_value': ({ code, nt }, { db }) => ({
    status: { affected: String(cardSql(db).deleteExtraValue.run(code, nt).changes) },
  }),

  // "ignore": a card that already exists is left exactly as it is (its debt and bonus are live data).
  'discounts.import_card_ignore': (p, ctx) => {
    const sql = cardSql(ctx.db);
    if (p.code.trim() === '') throw refuse('params.code', 'card.number_required');
    if (sql.card.get(p.code)) return { status: { affected: '0' } };
    sql.insertCard.run({
      card: p.code,
      last_name: p.df,
      first_name: p.di,
      middle_name: p.do,
      phone: p.tel,
      birth_date: p.birth_date,
      extra_info: p.dopinf,
      discount_percent: percent(p.disc, 'params.disc'),
      bonus_percent: toDb(sql.settingValue.get('card_bonus_percent') ?? '0', 'pct'),
      debt_allowed: p.isdolg === 0 ? 0 : 1,
      debt_limit: toDb(kopecksOrZero(p.maxdolg, 'params.maxdolg'), 'cur'),
      purchase_sum: toDb(kopecksOrZero(p.sumpok, 'params.sumpok'), 'cur'),
      created_at: momentOf(ctx).iso,
    });
    return { status: { affected: '1' } };
  },
};
