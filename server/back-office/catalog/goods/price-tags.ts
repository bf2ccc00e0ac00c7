/** The price-tag work table: what the calling user is about to print, replaced on every prepare. */

import type { op } from '../../../../shared/contract/index.js';
import { localDateTime } from '../../../../shared/time/zone.js';
import { refuse } from '../../../upstream/upstream.js';
import { toDb } from '../../decimal.js';
import type { Handler } from '../../handlers.js';
import { goodsSql } from './statements.js';

/** A product listed twice gets the tags of both lines; `affected` counts the products. */
export const priceTagsPrepare: Handler<typeof op.pos.priceTagsPrepareMainTmp> = ({ rows }, { db, user, now, timeZone }) => {
  const g = goodsSql(db);
  rows.forEach((r, i) => {
    if (!g.exists.get(r.code)) throw refuse(`params.rows[${i}].code`, 'product.unknown', { code: r.code });
  });
  g.clearTags.run(user);
  const at = localDateTime(now(), timeZone);
  for (const r of rows) g.addTag.run(user, r.code, toDb(r.quant, 'unit'), at);
  return { status: { affected: String(new Set(rows.map((r) => r.code)).size) } };
};
