/** Discount actions: a percent off for a period, read by the sales half when it prices a line. */
import type { op } from '../../../../shared/contract/index.js';
import { refuse } from '../../../upstream/upstream.js';
import { dec, toDb } from '../../decimal.js';
import type { Handler } from '../../handlers.js';
import { deleteByKey, keyId, mustExist, saved } from './records.js';
import { directorySql } from './statements.js';

const CATALOG = 'discount_actions';
const LABEL = 'discount action';

export const saveDiscountAction: Handler<typeof op.catalog.discountActionsSave> = (p, { db }) => {
  const d = directorySql(db);
  const disc = dec(p.disc);
  if (disc.lte(0) || disc.gt(100)) throw refuse('params.disc', 'action.discount_range');
  if (p.action_type !== 0 && p.action_type !== 1) {
    throw refuse('params.action_type', 'action.type');
  }
  if (p.dfr > p.dto) throw refuse('params.dto', 'action.period', { to: p.dto, from: p.dfr });
  if (p.code !== '' && !d.productExists.get(p.code)) throw refuse('params.code', 'product.unknown', { code: p.code });
  const values = {
    uin: p.uin,
    name: p.nt.trim(),
    code: p.code,
    disc: toDb(disc, 'pct'),
    action_type: p.action_type,
    date_from: p.dfr,
    date_to: p.dto,
  };
  if (p.key === undefined) return saved(CATALOG, 1, d.insertAction.run(values).lastInsertRowid);
  const row = mustExist(d.action.get(keyId(p.key, LABEL)), p.key, LABEL);
  d.updateAction.run({ ...values, id: row.id });
  return saved(CATALOG, 1, row.id);
};

export const deleteDiscountAction: Handler<typeof op.catalog.discountActionsDelete> = ({ key }, { db }) =>
  deleteByKey(directorySql(db).deleteAction, CATALOG, LABEL, key);
