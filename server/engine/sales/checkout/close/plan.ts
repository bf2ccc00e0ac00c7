/**
 * Everything a close checks before it writes a thing, in the order a cashier would want to hear
 * about it: the till, the storage, the sale document, the lines, the payments, the card's debt
 * limit and bonus balance, the consultants and the excise stamps.
 */
import type { ParsedParamsOf } from '../../../../../shared/contract/index.js';
import type { Db } from '../../../../db/open.js';
import { BusinessRefusal } from '../../../../upstream/upstream.js';
import { D, dec, fmt, toKopecks } from '../../../decimal.js';
import { type Card, findCard } from '../../cards/cards.js';
import { checkDebtAllowed } from '../../cards/debt-ledger.js';
import type { TillRow } from '../../cash/statements.js';
import { findTill } from '../../cash/tills.js';
import { sum, ZERO } from '../../common/money.js';
import { storageSk } from '../../common/storage.js';
import { type PlannedStamp, planStamps } from '../../excise/stamps.js';
import { refuseClosed } from '../sale-doc.js';
import { checkoutSql } from '../statements.js';
import { readLines, type SaleLine } from './lines.js';
import { type Payments, readPayments, receiptCard } from './payments.js';

export type CloseParams = ParsedParamsOf<'pos.checkout_close_sale'>;

/**
 * Bonus accrues on the goods that take discounts, minus what was paid with bonus (no bonus on
 * bonus), at the card's percent times the bonus coefficient of the sale.
 */
function accrual(card: Card | undefined, lines: readonly SaleLine[], bonusPaid: D, kf: D): D {
  if (!card || card.bonusPercent.isZero()) return ZERO;
  const eligible = sum(lines.filter((l) => l.goods.no_discount === 0).map((l) => l.sum));
  const base = D.max(ZERO, eligible.minus(bonusPaid));
  return toKopecks(base.mul(card.bonusPercent).div(100).mul(kf));
}

function checkDeclaredTotals(p: CloseParams, total: D, discount: D): void {
  if (p.sum !== undefined && !dec(p.sum).eq(total)) {
    throw new BusinessRefusal('params.sum', `${fmt(dec(p.sum))} differs from the sum of the lines ${fmt(total)}`);
  }
  if (p.discount !== undefined && !dec(p.discount).eq(discount)) {
    throw new BusinessRefusal(
      'params.discount',
      `${fmt(dec(p.discount))} differs from the discount of the lines ${fmt(discount)}`,
    );
  }
  // Cash rounding to 10 kopecks is not applied here: a receipt is paid to the kopeck.
  if (p.round !== undefined && !dec(p.round).isZero()) {
    throw new BusinessRefusal('params.round', 'cash rounding is not applied; send payments that cover the lines to the kopeck');
  }
}

function checkConsultants(db: Db, ids: readonly number[]): void {
  const sql = checkoutSql(db);
  ids.forEach((id, i) => {
    if (!sql.userExists.get(id)) throw new BusinessRefusal(`params.consultants[${i}]`, `names no user: ${id}`);
  });
}

export interface Plan {
  readonly till: TillRow;
  readonly sk: number;
  readonly ndoc: string;
  readonly lines: readonly SaleLine[];
  readonly total: D;
  readonly discount: D;
  readonly payments: Payments;
  readonly card: Card | undefined;
  readonly stamps: readonly PlannedStamp[][];
  readonly bonusAccrued: D;
}

export function planClose(db: Db, p: CloseParams): Plan {
  const till = findTill(db, p.kasm, 'params.kasm');
  const sk = storageSk(p.storage, p.sk);
  const doc = p.ndoc === '' ? undefined : checkoutSql(db).saleDoc.get(p.ndoc);
  refuseClosed(doc, 'params.ndoc');
  const lines = readLines(db, p.rows);
  const total = sum(lines.map((l) => l.sum));
  const discount = sum(lines.map((l) => l.discount));
  checkDeclaredTotals(p, total, discount);
  const payments = readPayments(p, total);
  const cardNumber = receiptCard(payments, p.mixed_card, doc?.card ?? '');
  const card = cardNumber === '' ? undefined : findCard(db, cardNumber, 'params.payments');
  if (card && payments.byType.debt.gt(0)) checkDebtAllowed(card, payments.byType.debt, 'params.payments');
  if (card && payments.byType.bonus.gt(card.bonus)) {
    throw new BusinessRefusal(
      'params.payments',
      `bonus ${fmt(payments.byType.bonus)} exceeds the bonus balance ${fmt(card.bonus)} of card ${card.card}`,
    );
  }
  checkConsultants(db, p.consultants);
  const stamps = planStamps(
    db,
    till.kasm,
    p.ndoc,
    lines.map((l) => ({
      index: l.index,
      code: l.goods.code,
      excise: l.goods.excise_input !== 0,
      units: l.quantity.toNumber(),
      marks: l.marks,
    })),
  );
  const bonusAccrued = accrual(card, lines, payments.byType.bonus, dec(p.bonus_kf));
  return { till, sk, ndoc: p.ndoc, lines, total, discount, payments, card, stamps, bonusAccrued };
}
