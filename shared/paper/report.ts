/**
 * A shift's report as its paper shows it (pos.shift_report_print): the X-report of the open shift
 * or a closed shift's Z-report, HEAD then the totals per kind, payment form and tax letter, and the
 * service deposits and withdrawals. The row types are the registry's, never restated.
 */

import type { ParamsOf, ResultRowOf } from '../contract/index.js';
import type { op } from '../contract/op.js';

export type ReportRow = ResultRowOf<typeof op.pos.shiftReportPrint>;
export type ReportHead = Extract<ReportRow, { tag: 'HEAD' }>;
export type ReportTotal = Extract<ReportRow, { tag: 'TOTAL' }>;
export type ReportPayForm = Extract<ReportRow, { tag: 'PAYFORM' }>;
export type ReportTax = Extract<ReportRow, { tag: 'TAX' }>;
export type ReportService = Extract<ReportRow, { tag: 'SERVICE' }>;

/** Which report: a till's open shift (shiftId 0, its X-report) or a closed shift (its Z-report). */
export interface ReportTarget {
  readonly shift: { readonly kasm: number; readonly shiftId: number };
}

export interface ShiftReport {
  readonly head: ReportHead;
  readonly totals: readonly ReportTotal[];
  readonly payForms: readonly ReportPayForm[];
  readonly taxes: readonly ReportTax[];
  readonly service: ReportService | undefined;
  /** When it was read: what an X-report, no document, prints as its date and time. */
  readonly readAt: Date;
}

export const reportParams = (t: ReportTarget): ParamsOf<typeof op.pos.shiftReportPrint> => ({
  kasm: t.shift.kasm,
  shift_id: t.shift.shiftId,
});

/** The report, or undefined when the answer has no HEAD. */
export function reportOf(rows: readonly ReportRow[], readAt: Date = new Date()): ShiftReport | undefined {
  const head = rows.find((r): r is ReportHead => r.tag === 'HEAD');
  if (!head) return undefined;
  return {
    head,
    totals: rows.filter((r): r is ReportTotal => r.tag === 'TOTAL'),
    payForms: rows.filter((r): r is ReportPayForm => r.tag === 'PAYFORM'),
    taxes: rows.filter((r): r is ReportTax => r.tag === 'TAX'),
    service: rows.find((r): r is ReportService => r.tag === 'SERVICE'),
    readAt,
  };
}
