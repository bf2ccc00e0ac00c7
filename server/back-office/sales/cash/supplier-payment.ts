/**
 * finance.pay_contrag_invoice: paying a supplier in cash from a cash box, for a delivery
 * invoice (up to what it still owes; all of it when no sum is given) or, without an invoice, to
 * a counterparty of the directory.
 */

import type { op, ParsedParamsOf } from '../../../../shared/contract/index.js';
import { refuse } from '../../../upstream/upstream.js';
import { type D, fmt, fromDb, toDb, toKopecks } from '../../decimal.js';
import type { BackOfficeContext } from '../../handlers.js';
import { moveCash } from '../kernel/cash/ledger.js';
import { cashSql } from '../kernel/cash/statements.js';
import { fiscalTillOfBox } from '../kernel/fiscal/identity.js';
import { momentOf } from '../kernel/moment.js';
import { positiveKopecks } from '../kernel/money.js';
import { fiscalWork } from '../kernel/shifts/guard.js';
import { withdrawCash } from '../kernel/shifts/service-cash.js';

/** The movement a service withdrawal just wrote, and the box balance after it. */
function lastMovement(db: BackOfficeContext['db'], akas: string): { movementId: number; balance: D } {
  const sql = cashSql(db);
  return { movementId: sql.lastMovementOf.get(akas) as number, balance: fromDb(sql.box.get(akas)?.balance ?? 0, 'cur') };
}

type Params = ParsedParamsOf<typeof op.finance.payContragInvoice>;

interface Payee {
  readonly contrag: string;
  readonly amount: D;
  /** What the invoice still owes after this payment, when paying an invoice. */
  readonly owedAfter: D | undefined;
}

function invoicePayee(ctx: BackOfficeContext, p: Params): Payee {
  const sql = cashSql(ctx.db);
  const invoice = sql.invoice.get(p.nn);
  if (!invoice) throw refuse('params.nn', 'invoice.unknown', { nn: p.nn });
  if (invoice.kind !== 'incoming') throw refuse('params.nn', 'payment.invoice_count', { nn: p.nn });
  // quantity ×10^3 times unit cost ×10^4: the invoice's value in units of 10^-7.
  const cost = toKopecks(fromDb(sql.invoiceCost.get(p.nn) ?? 0, 'cur').div(1000));
  const owed = cost.minus(fromDb(sql.paidForInvoice.get(p.nn) ?? 0, 'cur'));
  if (p.sum === undefined && owed.lte(0)) throw refuse('params.nn', 'payment.invoice_paid', { nn: p.nn });
  const amount = p.sum === undefined ? owed : positiveKopecks(p.sum, 'params.sum');
  if (amount.gt(owed)) {
    throw refuse('params.sum', 'payment.over_invoice', { amount: fmt(amount), nn: p.nn, owed: fmt(owed), cost: fmt(cost) });
  }
  return { contrag: invoicePayeeName(ctx, p, invoice), amount, owedAfter: owed.minus(amount) };
}

/**
 * Who is paid for an invoice: its supplier. An invoice made without one (nakl.save_line names
 * none) is paid to the counterparty the payment names, from the directory; with neither, the
 * cash would leave the drawer to nobody ("paid 50.00 to  from KAS2"), so it is refused.
 */
function invoicePayeeName(ctx: BackOfficeContext, p: Params, invoice: { nn: string; supplier: string }): string {
  const supplier = invoice.supplier.trim();
  if (supplier !== '') {
    if (p.contrag !== '' && p.contrag !== supplier) {
      throw refuse('params.contrag', 'payment.not_supplier', { contrag: p.contrag, nn: invoice.nn, supplier });
    }
    return supplier;
  }
  if (p.contrag === '') throw refuse('params.contrag', 'payment.invoice_no_supplier', { nn: invoice.nn });
  if (!cashSql(ctx.db).counterpartyExists.get(p.contrag)) {
    throw refuse('params.contrag', 'payment.payee_unknown', { contrag: p.contrag });
  }
  return p.contrag;
}

function counterpartyPayee(ctx: BackOfficeContext, p: Params): Payee {
  if (p.contrag === '') throw refuse('params.contrag', 'payment.payee_required');
  if (!cashSql(ctx.db).counterpartyExists.get(p.contrag))
    throw refuse('params.contrag', 'payment.payee_unknown', { contrag: p.contrag });
  if (p.sum === undefined) throw refuse('params.sum', 'payment.sum_required');
  return { contrag: p.contrag, amount: positiveKopecks(p.sum, 'params.sum'), owedAfter: undefined };
}

export function paySupplier(ctx: BackOfficeContext, p: Params): string {
  if (p.fromkas === '') throw refuse('params.fromkas', 'payment.from_required');
  const payee = p.nn === '' ? counterpartyPayee(ctx, p) : invoicePayee(ctx, p);
  const moment = momentOf(ctx);
  const paymentName = p.nn === '' ? `Оплата: ${payee.contrag}` : `Оплата накладної ${p.nn}: ${payee.contrag}`;
  const ref = p.nn === '' ? `contrag:${payee.contrag}` : `nakl:${p.nn}`;
  // Money out of a till's drawer is a service withdrawal of its shift (shared/fiscal/choices.ts).
  const till = fiscalTillOfBox(ctx.db, p.fromkas);
  const work = till ? fiscalWork(ctx.db, till.kasm, moment, 'params.fromkas', ctx.cashier) : undefined;
  if (work) {
    withdrawCash(ctx.db, {
      work,
      amount: payee.amount,
      comment: paymentName,
      user: ctx.user,
      moment,
      tdoc: 'Видаток каси',
      ref,
      path: 'params.fromkas',
    });
  }
  const { movementId, balance } = work
    ? lastMovement(ctx.db, p.fromkas)
    : moveCash(ctx.db, {
        akas: p.fromkas,
        amount: payee.amount.neg(),
        tdoc: 'Видаток каси',
        paymentName,
        ref,
        user: ctx.user,
        moment,
        path: 'params.fromkas',
      });
  cashSql(ctx.db).insertCounterpartyPayment.run(
    p.nn,
    payee.contrag,
    p.fromkas,
    toDb(payee.amount, 'cur'),
    p.com1,
    movementId,
    ctx.user,
    moment.iso,
  );
  const owed = payee.owedAfter === undefined ? '' : `; invoice ${p.nn} still owes ${fmt(payee.owedAfter)}`;
  return `paid ${fmt(payee.amount)} to ${payee.contrag} from ${p.fromkas}; cash box balance ${fmt(balance)}${owed}`;
}
