/** Cash boxes: balances, the next bank destination of a till, and paying a counterparty in cash. */
import { refuse } from '../../../upstream/upstream.js';
import { fmtDb } from '../../decimal.js';
import type { HandlerGroup } from '../../handlers.js';
import { cashSql } from '../kernel/cash/statements.js';
import { nextBankDestination } from '../kernel/cash/tills.js';
import { paySupplier } from './supplier-payment.js';

type CashOps =
  | 'pos.cashdesk_balance'
  | 'pos.cashdesk_bank_next_destination'
  | 'checks.cash_balance'
  | 'finance.pay_contrag_invoice';

export const cashHandlers: HandlerGroup<CashOps> = {
  'pos.cashdesk_balance': ({ akas }, { db }) => {
    const box = cashSql(db).box.get(akas);
    return { rows: box ? [{ balance: fmtDb(box.balance) }] : [] };
  },

  'checks.cash_balance': ({ kas }, { db }) => {
    const box = cashSql(db).box.get(kas);
    if (!box) throw refuse('params.kas', 'cash.box_unknown', { akas: kas });
    return { value: fmtDb(box.balance) };
  },

  'pos.cashdesk_bank_next_destination': ({ kasm }, { db }) => {
    const till = cashSql(db).till.get(kasm);
    const next = till ? nextBankDestination(db, till) : undefined;
    return { rows: next ? [{ id: String(next.index + 1), destination: next.destination }] : [] };
  },

  'finance.pay_contrag_invoice': (p, ctx) => ({ status: { affected: '1', detail: paySupplier(ctx, p) } }),
};
