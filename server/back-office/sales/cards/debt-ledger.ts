/**
 * The debt ledger: a receipt paid partly on credit opens a debt row; repayments settle the
 * oldest rows first (or only the receipts named). The card's debt moves with its rows in the
 * same transaction, so it always equals what its open rows still owe.
 */
import type { Db } from '../../../../shared-node/sql/db.js';
import { refuse } from '../../../upstream/upstream.js';
import { D, fmt, fromDb, toDb } from '../../decimal.js';
import type { Moment } from '../kernel/moment.js';
import { sum } from '../kernel/money.js';
import { type Card, findCard } from './cards.js';
import { cardSql, type DebtRow } from './statements.js';

export interface NewDebt {
  readonly card: Card;
  readonly checkNumber: number;
  readonly receiptTotal: D;
  readonly amount: D;
  readonly user: string;
  readonly moment: Moment;
  readonly path: string;
}

/** Refuses a debt the card may not take: not allowed at all, or beyond its debt limit. */
export function checkDebtAllowed(card: Card, amount: D, path: string): void {
  if (!card.debtAllowed) throw refuse(path, 'debt.not_allowed', { card: card.card });
  const after = card.debt.plus(amount);
  if (after.gt(card.debtLimit)) {
    throw refuse(path, 'debt.over_limit', {
      amount: fmt(amount),
      card: card.card,
      after: fmt(after),
      limit: fmt(card.debtLimit),
      debt: fmt(card.debt),
    });
  }
}

export function openDebt(db: Db, d: NewDebt): void {
  checkDebtAllowed(d.card, d.amount, d.path);
  const sql = cardSql(db);
  const amount = toDb(d.amount, 'cur');
  sql.insertDebt.run(d.card.card, d.checkNumber, toDb(d.receiptTotal, 'cur'), amount, d.moment.date, d.user, d.moment.iso);
  sql.addDebt.run(amount, d.card.card);
}

export interface OpenDebt {
  readonly id: number;
  readonly checkNumber: number;
  readonly receiptTotal: D;
  readonly amount: D;
  readonly repaid: D;
  readonly owed: D;
  readonly dateAdded: string;
}

const toOpenDebt = (r: DebtRow): OpenDebt => {
  const amount = fromDb(r.amount, 'cur');
  const repaid = fromDb(r.repaid, 'cur');
  return {
    id: r.id,
    checkNumber: r.check_number,
    receiptTotal: fromDb(r.receipt_total, 'cur'),
    amount,
    repaid,
    owed: amount.minus(repaid),
    dateAdded: r.date_added,
  };
};

export const openDebts = (db: Db, card: string): OpenDebt[] => cardSql(db).openDebts.all(card).map(toOpenDebt);

/** `only_nc`: receipt numbers separated by commas (spaces and semicolons tolerated). */
export function parseReceiptList(onlyNc: string, path: string): number[] {
  const parts = onlyNc
    .split(/[,;\s]+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
  return parts.map((s) => {
    if (!/^\d{1,9}$/.test(s)) throw refuse(path, 'debt.receipt_number', { value: s });
    return Number(s);
  });
}

export interface Repayment {
  readonly card: string;
  /** Omitted: everything the selected receipts owe. */
  readonly amount: D | undefined;
  /** Empty: every open receipt of the card, oldest first. */
  readonly onlyNc: readonly number[];
  readonly method: 'cash' | 'bonus';
  readonly akas: string;
  readonly user: string;
  readonly moment: Moment;
  /** Where to point a refusal about the card / the amount / the receipt list. */
  readonly paths: { readonly card: string; readonly amount: string; readonly onlyNc: string };
}

export interface RepaymentResult {
  readonly paid: D;
  readonly documents: { checkNumber: number; paid: D }[];
  readonly remainingDebt: D;
}

/** What a repayment would settle, without writing: the selected open rows and their debt. */
export function selectDebts(db: Db, r: Pick<Repayment, 'card' | 'onlyNc' | 'paths'>): { rows: OpenDebt[]; owed: D } {
  const card = findCard(db, r.card, r.paths.card);
  const open = openDebts(db, card.card);
  let rows = open;
  if (r.onlyNc.length > 0) {
    const missing = r.onlyNc.filter((nc) => !open.some((d) => d.checkNumber === nc));
    if (missing.length > 0) {
      throw refuse(r.paths.onlyNc, 'debt.no_open_receipt', { receipts: missing.join(', '), card: card.card });
    }
    rows = open.filter((d) => r.onlyNc.includes(d.checkNumber));
  }
  if (rows.length === 0) throw refuse(r.paths.card, 'debt.none', { card: card.card });
  return { rows, owed: sum(rows.map((d) => d.owed)) };
}

export function repayDebt(db: Db, r: Repayment): RepaymentResult {
  const { rows, owed } = selectDebts(db, r);
  const amount = r.amount ?? owed;
  if (amount.gt(owed)) {
    throw refuse(r.paths.amount, 'debt.over_owed', { amount: fmt(amount), owed: fmt(owed) });
  }
  const sql = cardSql(db);
  const documents: { checkNumber: number; paid: D }[] = [];
  let rest = amount;
  for (const d of rows) {
    if (rest.lte(0)) break;
    const part = D.min(rest, d.owed);
    const stored = toDb(part, 'cur');
    sql.repay.run(stored, d.id);
    sql.insertDebtPayment.run(d.id, stored, r.method, r.akas, r.user, r.moment.iso);
    documents.push({ checkNumber: d.checkNumber, paid: part });
    rest = rest.minus(part);
  }
  sql.addDebt.run(-toDb(amount, 'cur'), r.card);
  return { paid: amount, documents, remainingDebt: findCard(db, r.card, r.paths.card).debt };
}
