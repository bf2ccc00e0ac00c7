/**
 * A shift's X- or Z-report as ESC/POS lines, as the HTML paper prints it
 * (renderer/features/receipt/ReportPaper.tsx): per kind, sales and returns, the number of receipts,
 * the sum, the sum before rounding and the rounding (the till's one sign), the money by payment form
 * and the turnover and tax by letter; the service deposits and withdrawals with the collection; the
 * drawer from the books; the Z's numbers, the register, the date and time.
 */
import { dec } from '../../../../shared/money/format.js';
import { formatRounding, roundingOfRndsum } from '../../../../shared/money/rounding-shown.js';
import { fill, headTimeIn, money, paperDateTime, wallClock } from '../../../../shared/paper/format.js';
import type { ReportHead, ShiftReport } from '../../../../shared/paper/report.js';
import { nonZero } from '../../../../shared/paper/totals.js';
import { PAPER } from '../../../../shared/paper/words.js';
import { type Block, center, RULE, row, text } from './blocks.js';
import { sellerHead } from './parts.js';

function kindBlocks(report: ShiftReport, kind: 'sales' | 'returns'): Block[] {
  const total = report.totals.find((t) => t.kind === kind);
  const heading = text(kind === 'sales' ? PAPER.sales : PAPER.returns, { bold: true });
  if (!total) return [heading, text(`  ${PAPER.noOperations}`)];
  return [
    heading,
    row(PAPER.receipts, total.count, { indent: true }),
    row(PAPER.sum, money(total.sum), { indent: true, bold: true }),
    ...(nonZero(total.rnd_sum)
      ? [
          row(PAPER.beforeRounding, money(total.nornd_sum), { indent: true }),
          row(PAPER.rounding, formatRounding(roundingOfRndsum(total.rnd_sum)), { indent: true }),
        ]
      : []),
    ...report.payForms.filter((f) => f.kind === kind).map((f) => row(f.name, money(f.sum), { indent: true })),
    ...report.taxes
      .filter((x) => x.kind === kind)
      .flatMap((x) => [
        row(`${x.name} ${x.letter} ${money(x.prc)}%`, money(x.sum), { indent: true }),
        row(`  ${PAPER.taxBase}`, money(x.turnover), { indent: true }),
      ]),
  ];
}

const zNumbers = (h: ReportHead): Block =>
  text(
    h.mode === 'pending'
      ? `${PAPER.report} ${PAPER.vn} ${h.local_num} — ${PAPER.pendingReport}`
      : `${PAPER.report} ${PAPER.fn} ${h.fiscal_number} ${PAPER.vn} ${h.local_num} ${h.mode === 'offline' ? PAPER.offline : PAPER.online}`,
  );

/** `timeZone`: the shop's, on whose wall clock an X-report (no document) is dated when it was read. */
export function reportBlocks(report: ShiftReport, timeZone: string): Block[] {
  const h = report.head;
  const z = h.kind === 'z';
  const when = h.order_date === '' ? headTimeIn(report.readAt, timeZone) : { date: h.order_date, time: h.order_time };
  return [
    ...sellerHead(h),
    center(z ? PAPER.zTitle : PAPER.xTitle, { bold: true, tall: true }),
    center(fill(PAPER.shift, { id: h.shift_id })),
    row(PAPER.openedAt, wallClock(h.opened_at)),
    ...(h.closed_at ? [row(PAPER.closedAt, wallClock(h.closed_at))] : []),
    text(`${PAPER.cashier} ${h.cashier}`),
    RULE,
    ...kindBlocks(report, 'sales'),
    RULE,
    ...kindBlocks(report, 'returns'),
    RULE,
    row(PAPER.serviceInput, money(report.service?.input ?? '0.00')),
    row(PAPER.serviceOutput, money(report.service?.output ?? '0.00')),
    ...(dec(h.collected || '0').gt(0) ? [row(PAPER.ofWhichCollection, money(h.collected), { indent: true })] : []),
    RULE,
    row(PAPER.cashOpening, money(h.opening_cash)),
    ...(h.closing_cash ? [row(z ? PAPER.cashClosing : PAPER.cashNow, money(h.closing_cash), { bold: true })] : []),
    RULE,
    ...(z ? [zNumbers(h)] : []),
    text(`${PAPER.register} ${PAPER.fn} ${h.numprro} ${PAPER.vn} ${h.local_number}`),
    text(paperDateTime(when.date, when.time)),
    ...(h.mode === 'offline' ? [center(PAPER.offlineMark, { bold: true })] : []),
    center(h.testing === '1' ? PAPER.testing : z ? PAPER.zName : PAPER.xName, { bold: true, tall: true }),
  ];
}
