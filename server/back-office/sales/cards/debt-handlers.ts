/** Card debts: open receipts, overdue cards, and repayment in cash or from the bonus balance. */
import { refuse } from '../../../upstream/upstream.js';
import { D, fmt, fmtDb, fromDb } from '../../decimal.js';
import type { BackOfficeContext, HandlerGroup } from '../../handlers.js';
import { moveCash } from '../kernel/cash/ledger.js';
import { cashSql } from '../kernel/cash/statements.js';
import { fiscalTillOfBox } from '../kernel/fiscal/identity.js';
import { roundCash, roundingStepOn } from '../kernel/fiscal/rounding.js';
import { momentOf } from '../kernel/moment.js';
import { positiveKopecks, sum } from '../kernel/money.js';
import { fiscalWork } from '../kernel/shifts/guard.js';
import { BONUS_COMMENT, moveBonus } from './bonus-ledger.js';
import { findCard } from './cards.js';
import { fiscalizeRepayment } from './debt-fiscal.js';
import { openDebts, parseReceiptList, type RepaymentResult, repayDebt, selectDebts } from './debt-ledger.js';
import { cardSql } from './statements.js';

type DebtOps =
  | 'pos.debt_open_rows'
  | 'pos.overdue_debts'
  | 'pos.debt_pay_cash'
  | 'pos.debt_pay_bonus'
  | 'checks.discount_debt'
  | 'finance.discount_debt_cash_pay'
  | 'finance.discount_debt_cash_line';

interface CashRepayment {
  readonly card: string;
  readonly akas: string;
  readonly amount: string | undefined;
  readonly onlyNc: readonly number[];
  readonly tdoc: string;
  readonly paymentName: string;
  readonly ref: string;
  readonly paths: { card: string; amount: string; onlyNc: string; akas: string };
}

interface CashRepaid extends RepaymentResult {
  /** The cash taken: each receipt's part rounded by the NBU rule, as its repayment receipt says. */
  readonly cash: D;
  /** What the rounding added to the debt paid (12.30 paid as 12.50: 0.20), the sign the receipt prints. */
  readonly rounding: D;
  readonly cashBalance: D;
  /** Each receipt's repayment receipt, in the order of `documents`; none for a box of no till. */
  readonly docIds: readonly number[];
}

/**
 * Cash in, debt down: the cash box and the ledger move together in the caller's transaction. The
 * debt falls by the amount repaid; the drawer takes it in cash, rounded (NBU resolution 25; the
 * rounding is not a discount), each receipt's part as its repayment receipt says, so the question
 * at the till, the receipt and the books say the same. Cash into the drawer of a till with a PRRO
 * comes with a repayment receipt for each receipt repaid.
 */
function repayInCash(ctx: BackOfficeContext, r: CashRepayment): CashRepaid {
  const moment = momentOf(ctx);
  const amount = r.amount === undefined ? undefined : positiveKopecks(r.amount, r.paths.amount);
  const till = fiscalTillOfBox(ctx.db, r.akas);
  const work = till ? fiscalWork(ctx.db, till.kasm, moment, r.paths.akas, ctx.cashier) : undefined;
  const result = repayDebt(ctx.db, { ...r, amount, method: 'cash', user: ctx.user, moment });
  if (work) {
    const done = fiscalizeRepayment(ctx.db, {
      work,
      documents: result.documents,
      tdoc: r.tdoc,
      paymentName: r.paymentName,
      ref: r.ref,
      user: ctx.user,
      moment,
      path: r.paths.akas,
    });
    const balance = done.balance ?? fromDb(cashSql(ctx.db).box.get(r.akas)?.balance ?? 0, 'cur');
    return { ...result, cash: done.cash, rounding: done.cash.minus(result.paid), cashBalance: balance, docIds: done.docIds };
  }
  const step = roundingStepOn(ctx.db, moment.date);
  const cash = sum(result.documents.map((d) => roundCash(d.paid, step)));
  const balance = cash.isZero()
    ? fromDb(cashSql(ctx.db).box.get(r.akas)?.balance ?? 0, 'cur')
    : moveCash(ctx.db, {
        akas: r.akas,
        amount: cash,
        tdoc: r.tdoc,
        paymentName: r.paymentName,
        ref: r.ref,
        user: ctx.user,
        moment,
        path: r.paths.akas,
      }).balance;
  return { ...result, cash, rounding: cash.minus(result.paid), cashBalance: balance, docIds: [] };
}

const signed = (v: D) => `${v.gt(0) ? '+' : ''}${fmt(v)}`;

const detailOf = (card: string, r: CashRepaid, akas: string) => {
  const taken = r.rounding.isZero() ? '' : ` as ${fmt(r.cash)} in cash (rounding ${signed(r.rounding)})`;
  const receipts = r.documents.map((d) => d.checkNumber).join(', ');
  return `card ${card}: ${fmt(r.paid)} paid into ${akas}${taken} for receipt ${receipts}; remaining debt ${fmt(r.remainingDebt)}`;
};

const documentRows = (r: RepaymentResult) => r.documents.map((d) => [String(d.checkNumber), fmt(d.paid)]);

export const debtHandlers: HandlerGroup<DebtOps> = {
  'pos.debt_open_rows': ({ card }, { db }) => ({
    rows: openDebts(db, card).map((d) => ({
      total: fmt(d.receiptTotal),
      // What the receipt no longer owes: paid at the till plus every repayment since.
      paid: fmt(d.receiptTotal.minus(d.owed)),
      check_number: String(d.checkNumber),
      debt: fmt(d.owed),
      date_added: d.dateAdded,
    })),
  }),

  'pos.overdue_debts': ({ max_date, only_user }, { db, user }) => ({
    rows: cardSql(db)
      .overdue.all({ before: max_date, user: only_user ? user : '' })
      .map((r) => ({ ...r, debt: fmtDb(r.debt) })),
  }),

  'checks.discount_debt': ({ code }, { db }) => ({ value: fmt(findCard(db, code, 'params.code').debt) }),

  'pos.debt_pay_cash': (p, ctx) => {
    const r = repayInCash(ctx, {
      card: p.card,
      akas: p.akas,
      amount: p.amount,
      onlyNc: parseReceiptList(p.only_nc, 'params.only_nc'),
      tdoc: p.tdoc,
      paymentName: p.payment_name,
      ref: p.kasm === 0 ? `card:${p.card}` : `card:${p.card} kasm:${p.kasm}`,
      paths: { card: 'params.card', amount: 'params.amount', onlyNc: 'params.only_nc', akas: 'params.akas' },
    });
    // Each receipt repaid at a till with a PRRO has its repayment receipt: the paper the till prints.
    const documents = documentRows(r).map((d, i) => [...d, r.docIds[i] === undefined ? '' : String(r.docIds[i])]);
    return {
      rows: [[fmt(r.paid), fmt(r.cashBalance), fmt(r.remainingDebt), fmt(r.cash), fmt(r.rounding)], ...documents],
    };
  },

  'pos.debt_pay_bonus': (p, ctx) => {
    const paths = { card: 'params.card', amount: 'params.amount', onlyNc: 'params.only_nc' };
    const onlyNc = parseReceiptList(p.only_nc, paths.onlyNc);
    const card = findCard(ctx.db, p.card, paths.card);
    const { owed } = selectDebts(ctx.db, { card: p.card, onlyNc, paths });
    // Omitted amount: as much of the debt as the bonus balance covers.
    const amount = p.amount === undefined ? D.min(owed, card.bonus) : positiveKopecks(p.amount, paths.amount);
    if (amount.lte(0)) throw refuse(paths.card, 'debt.no_bonus', { card: p.card });
    const moment = momentOf(ctx);
    const bonusBalance = moveBonus(ctx.db, {
      card: p.card,
      amount: amount.neg(),
      comment: BONUS_COMMENT.debtPaid,
      checkNumber: null,
      user: ctx.user,
      moment,
      path: paths.amount,
    });
    const r = repayDebt(ctx.db, { card: p.card, amount, onlyNc, method: 'bonus', akas: '', user: ctx.user, moment, paths });
    return { rows: [[fmt(r.paid), fmt(bonusBalance), fmt(r.remainingDebt)], ...documentRows(r)] };
  },

  'finance.discount_debt_cash_pay': (p, ctx) => {
    if (p.kas === '') throw refuse('params.kas', 'cash.box_required');
    const r = repayInCash(ctx, {
      card: p.card,
      akas: p.kas,
      amount: p.sum,
      onlyNc: [],
      tdoc: 'Приход кассы',
      paymentName: 'Оплата долга',
      ref: `card:${p.card}`,
      paths: { card: 'params.card', amount: 'params.sum', onlyNc: 'params.card', akas: 'params.kas' },
    });
    return { status: { affected: String(r.documents.length), detail: detailOf(p.card, r, p.kas) } };
  },

  'finance.discount_debt_cash_line': (p, ctx) => {
    const r = repayInCash(ctx, {
      card: p.card,
      akas: p.kas,
      amount: p.sum,
      onlyNc: [p.nc],
      tdoc: 'Приход кассы',
      paymentName: 'Оплата долга',
      ref: `card:${p.card} nc:${p.nc}`,
      paths: { card: 'params.card', amount: 'params.sum', onlyNc: 'params.nc', akas: 'params.kas' },
    });
    return { status: { affected: String(r.documents.length), detail: detailOf(p.card, r, p.kas) } };
  },
};
