/**
 * Every paper the till prints: a receipt-class fiscal document (a sale, a return, a service deposit
 * or withdrawal, a debt repaid: pos.receipt_print) or a shift's X- or Z-report
 * (pos.shift_report_print), named by its target. The interface prints it as HTML; the main process
 * reads the same rows itself and prints it as ESC/POS, from nothing but the target.
 */
import type { Receipt, ReceiptTarget } from './receipt.js';
import { targetKey } from './receipt.js';
import type { ReportTarget, ShiftReport } from './report.js';

export type PaperTarget = ReceiptTarget | ReportTarget;

export type Paper =
  | { readonly kind: 'receipt'; readonly receipt: Receipt }
  | { readonly kind: 'report'; readonly report: ShiftReport };

export const isReportTarget = (t: PaperTarget): t is ReportTarget => 'shift' in t;

/** One paper's identity, for deduplication and test ids. */
export const paperKey = (t: PaperTarget): string =>
  isReportTarget(t) ? `shift ${t.shift.kasm} ${t.shift.shiftId}` : targetKey(t);

/** Online, offline or still waiting for its fiscal number (a receipt's, a Z's); an X is no document: ''. */
export const paperMode = (p: Paper): string => (p.kind === 'receipt' ? p.receipt.head.mode : p.report.head.mode);
