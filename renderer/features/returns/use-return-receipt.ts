/**
 * What a return needs to know of a receipt: its lines with what is still returnable, its head as
 * the customer's receipt shows it (date, till, fiscal number or "pending"), and the forms it was
 * paid with, from the journal's row of its day.
 */

import type { ResultRowOf } from '../../../shared/contract/index.js';
import { op } from '../../../shared/contract/op.js';
import { rowsOf, useRead } from '../../rpc/hooks.js';
import { type PaidForms, paidForms } from './payback.js';

export type ReceiptHead = Extract<ResultRowOf<typeof op.pos.receiptPrint>, { tag: 'HEAD' }>;

/** A busy day of one shop has far fewer receipts than this; the journal allows no more in one read. */
const DAY_LIMIT = 5000;

export function useReturnReceipt(checkNumber: number) {
  const returnable = useRead(op.pos.checkoutReturnable, { check_number: checkNumber }, { staleTime: 0 });
  const printed = useRead(op.pos.receiptPrint, { check_number: checkNumber }, { staleTime: 0 });
  const head = rowsOf(printed.data).find((r): r is ReceiptHead => r.tag === 'HEAD');
  // The shop-local day the receipt was made, from its shop-local date-time.
  const day = head?.created_at.slice(0, 10) ?? '';
  const journal = useRead(
    op.pos.reportsChecksToday,
    { date_from: day, date_to: day, limit: DAY_LIMIT },
    { enabled: /^\d{4}-\d{2}-\d{2}$/.test(day) },
  );
  const row = rowsOf(journal.data).find((r) => r.check_number === String(checkNumber));
  const paid: PaidForms | undefined = row ? paidForms(row) : undefined;
  return { returnable, printed, head, paid, journal };
}
