/** Extra values and the picture of a product card. */
import type { op } from '../../../../shared/contract/index.js';
import type { Handler } from '../../handlers.js';
import { goodsSql } from './statements.js';

export const extraValue: Handler<typeof op.goods.extraValue> = ({ code, field_name }, { db }) => {
  const v = goodsSql(db).extraValue.get(code, field_name);
  return { rows: v ? [v] : [] };
};

/** `include_empty` lists every field the shop keeps on cards, empty where this card has none. */
export const extraValues: Handler<typeof op.goods.extraValues> = ({ code, include_empty }, { db }) => {
  const g = goodsSql(db);
  return { rows: include_empty ? g.extraValuesWithEmpty.all({ code }) : g.extraValues.all(code) };
};

export const picture: Handler<typeof op.goods.picture> = ({ code }, { db }) => {
  const p = goodsSql(db).picture.get(code);
  return { rows: p ? [p] : [] };
};
