/** Renaming and repricing a card from the cash desk, keeping the names it had. */

import type { op } from '../../../../shared/contract/index.js';
import { localDateTime } from '../../../../shared/time/zone.js';
import { refuse } from '../../../upstream/upstream.js';
import { dec, toDb } from '../../decimal.js';
import type { Handler } from '../../handlers.js';
import { MAIN_STORAGE } from '../stock/storage.js';
import { goodsSql } from './statements.js';

/** An empty code names no card, so there is no history to show. */
export const cardSettingHistory: Handler<typeof op.pos.cardSettingHistory> = ({ code }, { db }) => ({
  rows: code === '' ? [] : goodsSql(db).nameHistory.all(code),
});

/** An empty `nt` keeps the name and a zero `price` keeps the price (a sale price of zero is no price). */
export const cardSettingSave: Handler<typeof op.pos.cardSettingSave> = ({ code, nt, price }, { db, user, now, timeZone }) => {
  const g = goodsSql(db);
  if (code === '') throw refuse('params.code', 'product.code_required');
  const card = g.card.get(MAIN_STORAGE, code);
  if (!card) throw refuse('params.code', 'product.unknown', { code });
  const newPrice = dec(price);
  if (newPrice.isNegative()) throw refuse('params.price', 'product.price_negative');
  let affected = 0;
  const name = nt.trim();
  if (name !== '' && name !== card.name) {
    g.recordName.run(code, card.name, localDateTime(now(), timeZone), user);
    g.rename.run(name, code);
    affected = 1;
  }
  if (!newPrice.isZero() && toDb(newPrice, 'cur') !== card.price) {
    g.reprice.run(toDb(newPrice, 'cur'), code);
    affected = 1;
  }
  return { status: { affected: String(affected) } };
};
