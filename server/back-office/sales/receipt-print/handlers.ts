/**
 * The till's papers (a receipt-class document, a shift's X- or Z-report), and finding a receipt by
 * the fiscal number its QR code carries.
 */
import { refuse } from '../../../upstream/upstream.js';
import type { HandlerGroup } from '../../handlers.js';
import { findByFiscalNumber, receiptRows } from './receipt.js';
import { shiftReportRows } from './shift-report.js';

type PrintOps = 'pos.receipt_print' | 'pos.receipt_find' | 'pos.shift_report_print';

export const printHandlers: HandlerGroup<PrintOps> = {
  'pos.receipt_print': ({ check_number, return_id, doc_id }, { db, timeZone }) => {
    if ([check_number, return_id, doc_id].filter((n) => n !== 0).length !== 1) {
      throw refuse('params.check_number', 'print.one_of', {});
    }
    return { rows: receiptRows(db, { checkNumber: check_number, returnId: return_id, docId: doc_id }, timeZone) };
  },
  'pos.shift_report_print': ({ kasm, shift_id }, { db, timeZone }) => ({
    rows: shiftReportRows(db, { kasm, shiftId: shift_id }, timeZone),
  }),
  'pos.receipt_find': ({ fiscal_number, numprro }, { db, timeZone }) => ({
    rows: findByFiscalNumber(db, fiscal_number.trim(), numprro, timeZone),
  }),
};
