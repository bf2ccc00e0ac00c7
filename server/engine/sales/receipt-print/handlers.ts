/** The customer receipt of a sale or return, and finding one by the fiscal number its QR code carries. */
import { refuse } from '../../../upstream/upstream.js';
import type { HandlerGroup } from '../../handlers.js';
import { findByFiscalNumber, receiptRows } from './receipt.js';

type PrintOps = 'pos.receipt_print' | 'pos.receipt_find';

export const printHandlers: HandlerGroup<PrintOps> = {
  'pos.receipt_print': ({ check_number, return_id }, { db, timeZone }) => {
    if ((check_number === 0) === (return_id === 0)) throw refuse('params.check_number', 'print.one_of', {});
    return { rows: receiptRows(db, { checkNumber: check_number, returnId: return_id }, timeZone) };
  },
  'pos.receipt_find': ({ fiscal_number, numprro }, { db, timeZone }) => ({
    rows: findByFiscalNumber(db, fiscal_number.trim(), numprro, timeZone),
  }),
};
