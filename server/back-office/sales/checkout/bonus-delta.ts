/**
 * pos.checkout_client_bonus_delta: what a sale did (or will do) to a card's bonus balance, for
 * the line the cashier reads out: "you had 40.00, now 52.30". For a closed receipt it is read from
 * the bonus ledger; for a sale document still open it is the projection of its priced lines.
 */
import type { op } from '../../../../shared/contract/index.js';
import { refuse } from '../../../upstream/upstream.js';
import { type D, fmt, fromDb } from '../../decimal.js';
import type { Handler } from '../../handlers.js';
import { findCard } from '../cards/cards.js';
import { cardSql } from '../cards/statements.js';
import { checkoutSql } from './statements.js';

const delta = (before: D, after: D) => ({ rows: [{ old_balance: fmt(before), new_balance: fmt(after) }] });

export const clientBonusDelta: Handler<typeof op.pos.checkoutClientBonusDelta> = ({ card, ndoc }, { db }) => {
  const c = findCard(db, card, 'params.card');
  const sql = checkoutSql(db);
  const checkNumber = sql.receiptOfCard.get({ card, ndoc });
  if (checkNumber !== undefined) {
    const moved = cardSql(db).bonusOfReceipt.get({ card, check: checkNumber });
    if (!moved || moved.moved === null || moved.after === null) return delta(c.bonus, c.bonus);
    const after = fromDb(moved.after, 'cur');
    return delta(after.minus(fromDb(moved.moved, 'cur')), after);
  }
  if (ndoc === '') return delta(c.bonus, c.bonus);
  const doc = sql.saleDoc.get(ndoc);
  if (!doc || doc.check_number !== null || (doc.card !== '' && doc.card !== card)) {
    throw refuse('params.ndoc', 'sale_doc.no_receipt_of_card', { card, ndoc });
  }
  const split = sql.split.get(ndoc);
  const spent = split && split.card === card ? fromDb(split.bonus, 'cur') : fromDb(0, 'cur');
  const accrued = fromDb(sql.docBonus.get(ndoc) ?? 0, 'cur');
  return delta(c.bonus, c.bonus.minus(spent).plus(accrued));
};
