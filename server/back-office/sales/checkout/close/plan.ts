/**
 * Everything a close checks before it writes a thing, in the order a cashier would want to hear
 * about it: the till and its open shift, the storage, the sale document, the lines and their tax
 * letters, the payments with the cash rounded, the card's debt limit and bonus balance, gift
 * certificates, the consultants and the excise stamps.
 */

import type { op, ParsedParamsOf } from '../../../../../shared/contract/index.js';
import { type Db, prefetch, type Read } from '../../../../../shared-node/sql/db.js';
import { refuse } from '../../../../upstream/upstream.js';
import { takeRead } from '../../../catalog/index.js';
import { D, dec, fmt, toKopecks } from '../../../decimal.js';
import { type CardPayment, readCardPayment } from '../../card-payments/card-payments.js';
import { type Card, findCard } from '../../cards/cards.js';
import { checkDebtAllowed } from '../../cards/debt-ledger.js';
import { checkRedemption } from '../../certificates/certificates.js';
import { type PlannedStamp, planStamps } from '../../excise/stamps.js';
import type { TillRow } from '../../kernel/cash/statements.js';
import { cashSql } from '../../kernel/cash/statements.js';
import { findTill } from '../../kernel/cash/tills.js';
import { roundingStepOn, stepRead } from '../../kernel/fiscal/rounding.js';
import { fiscalSql } from '../../kernel/fiscal/statements.js';
import { lettersFor, type TaxTable, taxTable } from '../../kernel/fiscal/tax.js';
import type { Moment } from '../../kernel/moment.js';
import { sum, ZERO } from '../../kernel/money.js';
import { prroSql } from '../../kernel/register/statements.js';
import { type FiscalWork, fiscalWork, fiscalWorkReads } from '../../kernel/shifts/guard.js';
import { skAsked, storageSk } from '../../kernel/storage.js';
import { checkLinePrices } from '../line-price/line-price.js';
import { refuseClosed } from '../sale-doc.js';
import { checkoutSql } from '../statements.js';
import { goodsRead, readLines, type SaleLine } from './lines.js';
import { type Payments, readPayments, receiptCard } from './payments.js';
import { lastSeenTill, rememberTill } from './till-guess.js';

export type CloseParams = ParsedParamsOf<typeof op.pos.checkoutCloseSale>;

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
    throw refuse('params.sum', 'sale.sum_mismatch', { sum: fmt(dec(p.sum)), total: fmt(total) });
  }
  if (p.discount !== undefined && !dec(p.discount).eq(discount)) {
    throw refuse('params.discount', 'sale.discount_mismatch', { discount: fmt(dec(p.discount)), lines: fmt(discount) });
  }
}

function checkConsultants(db: Db, ids: readonly number[]): void {
  const sql = checkoutSql(db);
  ids.forEach((id, i) => {
    if (!sql.userExists.get(id)) throw refuse(`params.consultants[${i}]`, 'sale.consultant_unknown', { id });
  });
}

export interface Plan {
  readonly till: TillRow;
  /** The register, seller and open shift; undefined at a till without a PRRO. */
  readonly fiscal: FiscalWork | undefined;
  readonly tax: TaxTable | undefined;
  /** Each line's tax letters, in line order ('' at a till without a PRRO). */
  readonly letters: readonly string[];
  readonly sk: number;
  readonly ndoc: string;
  readonly lines: readonly SaleLine[];
  readonly total: D;
  readonly discount: D;
  readonly payments: Payments;
  readonly card: Card | undefined;
  readonly stamps: readonly PlannedStamp[][];
  readonly bonusAccrued: D;
  /** The card terminal's approval of the bn part, when the till sent one. */
  readonly cardPayment: CardPayment | undefined;
}

/** Who makes the close: the signed-in cashier (X-Cashier) and a manager's confirmation it carries (X-Manager-Confirmation). */
export interface Closer {
  readonly cashier?: number;
  readonly confirmation?: number;
}

/**
 * Reads the close's writes make later at `till`: the register again, as the receipt's document is
 * issued (register/chain.ts), and the cash box the cash goes to.
 */
const laterReads = (db: Db, till: TillRow, p: CloseParams): Read[] => [
  { statement: prroSql(db).register, args: [till.numprro] },
  ...(p.payments.some((x) => x.type === 'nal') ? [{ statement: cashSql(db).box, args: [till.akas] }] : []),
];

/** The fiscal checks' reads and the later ones at a till as the last close there found it (till-guess.ts). */
function guessedReads(db: Db, p: CloseParams): Read[] {
  const till = lastSeenTill(db, p.kasm);
  if (!till || till.numprro === '') return [];
  return [...fiscalWorkReads(db, till.kasm, till.numprro), ...laterReads(db, till, p)];
}

export function planClose(db: Db, p: CloseParams, moment: Moment, by: Closer = {}): Plan {
  // The reads below that need only the request, sent ahead together: one round trip on
  // PostgreSQL instead of six, with the FIFO take's first read (write.ts), which the receipt's own
  // writes before it do not change, and those that need the till, as it was last seen: fiscalWork
  // then sends none, or its own once it knows the register.
  prefetch(db, [
    { statement: cashSql(db).till, args: [p.kasm] },
    { statement: fiscalSql(db).registerTillWithSeller, args: [p.kasm] },
    ...(p.ndoc === '' ? [] : [{ statement: checkoutSql(db).saleDoc, args: [p.ndoc] }]),
    goodsRead(db, p.rows),
    { statement: fiscalSql(db).taxTable, args: [] },
    stepRead(db, moment.date),
    takeRead(
      db,
      skAsked(p.storage, p.sk),
      p.rows.map((r) => r.code),
    ),
    ...guessedReads(db, p),
  ]);
  const till = findTill(db, p.kasm, 'params.kasm');
  rememberTill(db, till);
  const fiscal = fiscalWork(db, till.kasm, moment, 'params.kasm', by.cashier, laterReads(db, till, p));
  const sk = storageSk(p.storage, p.sk);
  const doc = p.ndoc === '' ? undefined : checkoutSql(db).saleDoc.get(p.ndoc);
  refuseClosed(doc, 'params.ndoc');
  const lines = readLines(db, p.rows);
  const total = sum(lines.map((l) => l.sum));
  const discount = sum(lines.map((l) => l.discount));
  checkDeclaredTotals(p, total, discount);
  const tax = fiscal ? taxTable(db, fiscal.seller.vatPayer) : undefined;
  const letters = lines.map((l) =>
    tax ? lettersFor(tax, l.goods.code, l.goods.tax_letters, `params.rows[${l.index}].code`) : '',
  );
  const payments = readPayments(p, total, roundingStepOn(db, moment.date));
  if (p.round !== undefined && !dec(p.round).eq(payments.rounding)) {
    throw refuse('params.round', 'sale.round_mismatch', { round: fmt(dec(p.round)), expected: fmt(payments.rounding) });
  }
  const cardPayment = readCardPayment(db, p.card_payment, payments.byType.bn, 'sale');
  // A certificate named twice pays at most its amount in all.
  const byCertificate = new Map<string, { amount: D; index: number }>();
  payments.items.forEach((x, index) => {
    if (x.type !== 'cert') return;
    const seen = byCertificate.get(x.certNumber.trim());
    byCertificate.set(x.certNumber.trim(), { amount: (seen?.amount ?? ZERO).plus(x.amount), index: seen?.index ?? index });
  });
  for (const [number, c] of byCertificate) {
    checkRedemption(db, { number, amount: c.amount, path: `params.payments[${c.index}].cert_number` }, moment.timeZone);
  }
  const cardNumber = receiptCard(payments, p.mixed_card, doc?.card ?? '');
  const card = cardNumber === '' ? undefined : findCard(db, cardNumber, 'params.payments');
  if (card && payments.byType.debt.gt(0)) checkDebtAllowed(card, payments.byType.debt, 'params.payments');
  if (card && payments.byType.bonus.gt(card.bonus)) {
    throw refuse('params.payments', 'card.bonus_exceeds', {
      amount: fmt(payments.byType.bonus),
      balance: fmt(card.bonus),
      card: card.card,
    });
  }
  checkLinePrices(db, { lines, card, ndoc: p.ndoc, sk, kasm: till.kasm, moment, confirmation: by.confirmation });
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
  return {
    till,
    fiscal,
    tax,
    letters,
    sk,
    ndoc: p.ndoc,
    lines,
    total,
    discount,
    payments,
    card,
    stamps,
    bonusAccrued,
    cardPayment,
  };
}
