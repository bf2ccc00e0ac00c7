/**
 * pos.checkout_manual_price: a line's price lowered, or a discount given, by hand. A manager
 * confirms it with their PIN, checked here; the change is recorded with who confirmed it and who
 * asked, and the line is priced and stored through pos.checkout_apply_sale_line's own rules (a
 * manual price at most the list price, a percent from 0 to 100), which later repricing keeps.
 *
 * A wrong PIN or a locked manager is an answer (outcome), not a refusal: the attempt must be
 * counted, and a refusal would roll the count back with the rest of the write.
 */
import { findOperation, op, type ParsedParamsOf, validateParams } from '../../../../../shared/contract/index.js';
import { localDateTime } from '../../../../../shared/time/zone.js';
import { refusalOfIssue, refuse } from '../../../../upstream/upstream.js';
import { checkPin, requireManager, userByCard } from '../../../catalog/users/pins/pins.js';
import { fmtDb, toDb } from '../../../decimal.js';
import type { Handler } from '../../../handlers.js';
import { applyLine } from '../apply-line.js';
import { manualPriceSql } from './statements.js';

const APPLY = findOperation(op.pos.checkoutApplySaleLine);
const NO_LINE = {
  confirmation_id: '',
  manager: '',
  code: '',
  quantity: '0.000',
  list_price: '0.00',
  price: '0.00',
  discount_percent: '0',
  discount: '0.00',
  sum: '0.00',
};

export const manualPrice: Handler<typeof op.pos.checkoutManualPrice> = (p, ctx) => {
  const { db } = ctx;
  if ((p.price === undefined) === (p.percent === undefined)) throw refuse('params.price', 'price.one_of');
  const manager = userByCard(db, p.manager_card, 'params.manager_card');
  requireManager(db, manager, 'params.manager_card');
  const goods = manualPriceSql(db).goods.get(p.code);
  if (!goods) throw refuse('params.code', 'product.unknown_quoted', { code: p.code });
  // Goods at a regulated price (tobacco) take no discount: pricing would ignore a manual one silently.
  if (goods.no_discount !== 0) throw refuse('params.code', 'price.no_discount', { code: p.code, name: goods.name });
  const listPrice = goods.price;

  const now = ctx.now();
  const check = checkPin(db, manager, p.pin, now, 'params.pin');
  if (check.outcome === 'wrong_pin')
    return { rows: [{ outcome: 'wrong_pin', attempts_left: String(check.attemptsLeft), locked_until: '', ...NO_LINE }] };
  if (check.outcome === 'locked') {
    return {
      rows: [
        { outcome: 'locked', attempts_left: '0', locked_until: localDateTime(new Date(check.until), ctx.timeZone), ...NO_LINE },
      ],
    };
  }

  // The line through the one pricing path every sale line takes.
  const applied = validateParams<ParsedParamsOf<typeof op.pos.checkoutApplySaleLine>>(APPLY?.params ?? {}, {
    ndoc: p.ndoc,
    code: p.code,
    kasm: p.kasm,
    quant: p.quant,
    disc_card: p.disc_card,
    ...(p.price !== undefined ? { disc_price: p.price } : { disc_percent: p.percent }),
  });
  if (!applied.ok) throw refusalOfIssue(applied.issues[0] as NonNullable<(typeof applied.issues)[0]>);
  // The manager's PIN was checked above: the line takes the manual price without a further confirmation.
  const line = (applyLine(applied.value, ctx).rows?.[0] ?? {}) as Record<string, string>;
  const recorded = manualPriceSql(db).record.run({
    ndoc: p.ndoc,
    kasm: p.kasm,
    code: p.code,
    quantity: toDb(p.quant, 'unit'),
    list_price: listPrice,
    price: p.price === undefined ? null : toDb(p.price, 'cur'),
    percent: p.percent === undefined ? null : toDb(p.percent, 'pct'),
    reason: p.reason.trim(),
    manager_id: manager.id,
    manager_name: manager.name,
    cashier: ctx.user,
    at: now.toISOString(),
  });
  return {
    rows: [
      {
        outcome: 'confirmed',
        attempts_left: '',
        locked_until: '',
        confirmation_id: String(recorded.lastInsertRowid),
        manager: manager.name,
        code: line.code ?? p.code,
        quantity: line.quantity ?? p.quant,
        list_price: fmtDb(listPrice, 'cur'),
        price: line.price ?? '0.00',
        discount_percent: line.discount_percent ?? '0',
        discount: line.discount ?? '0.00',
        sum: line.sum ?? '0.00',
      },
    ],
  };
};
