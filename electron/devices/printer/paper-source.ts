/**
 * The main process reads a paper itself, from nothing but its target (the renderer is not trusted
 * with a paper's content): pos.receipt_print and the shop's header and footer, or
 * pos.shift_report_print, through the desk's own RPC client, into the same model the HTML paper is
 * drawn from (shared/paper). A document still waiting for its fiscal number is read again for a
 * little while, as the interface does, so the paper carries the number when the tax server gives it.
 */
import { op } from '../../../shared/contract/op.js';
import { isReportTarget, type Paper, type PaperTarget, paperMode } from '../../../shared/paper/paper.js';
import { type PrintRow, printParams, receiptOf, type TemplatePart } from '../../../shared/paper/receipt.js';
import { type ReportRow, reportOf, reportParams } from '../../../shared/paper/report.js';

/** A read of the back office: its rows, or a throw with the service's refusal. */
export type ReadRows = (
  method: typeof op.pos.receiptPrint | typeof op.pos.shiftReportPrint | typeof op.pos.templateGetParts,
  params: Record<string, unknown>,
) => Promise<readonly unknown[]>;

export async function readPaper(read: ReadRows, target: PaperTarget, now: () => Date = () => new Date()): Promise<Paper> {
  if (isReportTarget(target)) {
    const report = reportOf((await read(op.pos.shiftReportPrint, { ...reportParams(target) })) as ReportRow[], now());
    if (!report) throw new Error('the back office answered the report without its HEAD row');
    return { kind: 'report', report };
  }
  const [rows, parts] = await Promise.all([
    read(op.pos.receiptPrint, { ...printParams(target) }),
    read(op.pos.templateGetParts, { prefix: '' }),
  ]);
  const receipt = receiptOf(rows as PrintRow[], parts as TemplatePart[]);
  if (!receipt) throw new Error('the back office answered the receipt without its HEAD row');
  return { kind: 'receipt', receipt };
}

const NUMBER_POLL_MS = 100;
const NUMBER_WAIT_MS = 3000;

export async function readNumberedPaper(read: ReadRows, target: PaperTarget, waitMs = NUMBER_WAIT_MS): Promise<Paper> {
  const deadline = Date.now() + waitMs;
  let paper = await readPaper(read, target);
  while (paperMode(paper) === 'pending' && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, NUMBER_POLL_MS));
    paper = await readPaper(read, target);
  }
  return paper;
}
