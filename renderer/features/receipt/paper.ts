/**
 * Every paper the till prints through one path (shared/paper/paper.ts), read from the back office
 * through the interface's query client, shown, and printed the same way.
 */

import type { QueryClient } from '@tanstack/react-query';
import { op } from '../../../shared/contract/op.js';
import { isReportTarget, type Paper, type PaperTarget, paperMode } from '../../../shared/paper/paper.js';
import { printParams, type Receipt, type ReceiptTarget, receiptOf } from '../../../shared/paper/receipt.js';
import { type ReportTarget, reportOf, reportParams, type ShiftReport } from '../../../shared/paper/report.js';
import { fetchRead, rowsOf } from '../../rpc/hooks.js';

export { isReportTarget, type Paper, type PaperTarget, paperKey, paperMode } from '../../../shared/paper/paper.js';

/** The shop's header and footer change rarely; a paper's own rows are read afresh every time. */
const TEMPLATE_STALE_MS = 10 * 60_000;

export async function loadReceipt(client: QueryClient, target: ReceiptTarget): Promise<Receipt> {
  const [rows, parts] = await Promise.all([
    fetchRead(client, op.pos.receiptPrint, printParams(target)),
    fetchRead(client, op.pos.templateGetParts, { prefix: '' }, TEMPLATE_STALE_MS),
  ]);
  const receipt = receiptOf(rowsOf(rows), rowsOf(parts));
  if (!receipt) throw new Error('the back office answered the receipt without its HEAD row');
  return receipt;
}

export async function loadReport(client: QueryClient, target: ReportTarget): Promise<ShiftReport> {
  const report = reportOf(rowsOf(await fetchRead(client, op.pos.shiftReportPrint, reportParams(target))));
  if (!report) throw new Error('the back office answered the report without its HEAD row');
  return report;
}

export async function loadPaper(client: QueryClient, target: PaperTarget): Promise<Paper> {
  return isReportTarget(target)
    ? { kind: 'report', report: await loadReport(client, target) }
    : { kind: 'receipt', receipt: await loadReceipt(client, target) };
}

/**
 * A document is printed with the fiscal number the tax server gives it, as a PRRO's is: one still
 * waiting for it is read again this often, for at most this long, and printed as it is (saying
 * its number is not yet given) only after that.
 */
const NUMBER_POLL_MS = 100;
const NUMBER_WAIT_MS = 3000;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function loadNumberedPaper(client: QueryClient, target: PaperTarget): Promise<Paper> {
  const deadline = Date.now() + NUMBER_WAIT_MS;
  let paper = await loadPaper(client, target);
  while (paperMode(paper) === 'pending' && Date.now() < deadline) {
    await sleep(NUMBER_POLL_MS);
    paper = await loadPaper(client, target);
  }
  return paper;
}
