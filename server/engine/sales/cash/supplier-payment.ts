/**
 * finance.pay_contrag_invoice: paying a supplier in cash from a cash box, for a delivery
 * invoice (up to what it still owes; all of it when no sum is given) or, without an invoice, to
 * a counterparty of the directory.
 */
import type { ParsedParamsOf } from '../../../../shared/contract/index.js';
import { BusinessRefusal } from '../../../upstream/upstream.js';
import { type D, fmt, fromDb, toDb, toKopecks } from '../../decimal.js';
import type { EngineContext } from '../../handlers.js';
import { momentOf } from '../common/moment.js';
import { positiveKopecks } from '../common/money.js';
import { moveCash } from './ledger.js';
import { cashSql } from './statements.js';

type Params = ParsedParamsOf<'finance.pay_contrag_invoice'>;

interface Payee {
  readonly contrag: string;
  readonly amount: D;
  /** What the invoice still owes after this payment, when paying an invoice. */
  readonly owedAfter: D | undefined;
}

function invoicePayee(ctx: EngineContext, p: Params): Payee {
  const sql = cashSql(ctx.db);
  const invoice = sql.invoice.get(p.nn);
  if (!invoice) throw new BusinessRefusal('params.nn', `names no invoice: "${p.nn}"`);
  if (invoice.kind !== 'incoming')
    throw new BusinessRefusal('params.nn', `invoice ${p.nn} is an inventory count, not a delivery to pay for`);
  // quantity ×10^3 times unit cost ×10^4: the invoice's value in units of 10^-7.
  const cost = toKopecks(fromDb(sql.invoiceCost.get(p.nn) ?? 0, 'cur').div(1000));
  const owed = cost.minus(fromDb(sql.paidForInvoice.get(p.nn) ?? 0, 'cur'));
  if (p.sum === undefined && owed.lte(0)) throw new BusinessRefusal('params.nn', `invoice ${p.nn} is paid in full`);
  const amount = p.sum === undefined ? owed : positiveKopecks(p.sum, 'params.sum');
  if (amount.gt(owed)) {
    throw new BusinessRefusal(
      'params.sum',
      `${fmt(amount)} is more than invoice ${p.nn} still owes (${fmt(owed)} of ${fmt(cost)})`,
    );
  }
  return { contrag: p.contrag || invoice.supplier, amount, owedAfter: owed.minus(amount) };
}

function counterpartyPayee(ctx: EngineContext, p: Params): Payee {
  if (p.contrag === '') throw new BusinessRefusal('params.contrag', 'names the counterparty paid (or give the invoice nn)');
  if (!cashSql(ctx.db).counterpartyExists.get(p.contrag))
    throw new BusinessRefusal('params.contrag', `names no counterparty: "${p.contrag}"`);
  if (p.sum === undefined) throw new BusinessRefusal('params.sum', 'is the amount paid; without an invoice it is required');
  return { contrag: p.contrag, amount: positiveKopecks(p.sum, 'params.sum'), owedAfter: undefined };
}

export function paySupplier(ctx: EngineContext, p: Params): string {
  if (p.fromkas === '') throw new BusinessRefusal('params.fromkas', 'names the cash box the money is paid from');
  const payee = p.nn === '' ? counterpartyPayee(ctx, p) : invoicePayee(ctx, p);
  const moment = momentOf(ctx);
  const { movementId, balance } = moveCash(ctx.db, {
    akas: p.fromkas,
    amount: payee.amount.neg(),
    tdoc: 'Видаток каси',
    paymentName: p.nn === '' ? `Оплата: ${payee.contrag}` : `Оплата накладної ${p.nn}: ${payee.contrag}`,
    ref: p.nn === '' ? `contrag:${payee.contrag}` : `nakl:${p.nn}`,
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
