/**
 * A shift's report on paper, as a PRRO prints it. The Z-report (the fiscal report check) says what
 * its fiscal document says: per kind, sales and returns, the number of receipts, the sum, the sum
 * before rounding and the rounding (with the till's one sign: paid less due, money/rounding-shown.ts),
 * the money by payment form, the turnover and tax by letter; the service deposits and withdrawals,
 * the collection among them; the document's numbers, the register, its date and time. The X-report
 * is the same reading of the open shift so far, and no fiscal document. Beside the document's
 * figures the books give the drawer: what it held when the shift opened, and what it holds now (X)
 * or kept after the close (Z), so a count of the drawer can be checked against the paper.
 */
import { memo } from 'react';
import type { PaperWidth } from '../../../shared/bridge/api.js';
import { fill, headTimeIn, money, paperDateTime, wallClock } from '../../../shared/paper/format.js';
import type { ReportHead, ShiftReport } from '../../../shared/paper/report.js';
import { nonZero } from '../../../shared/paper/totals.js';
import { PAPER } from '../../../shared/paper/words.js';
import { dec } from '../../money/money.js';
import { formatRounding, roundingOfRndsum } from '../../money/rounding-shown.js';
import { DEFAULT_TIME_ZONE } from '../../ui/shop-time.js';
import { PAPER_CSS } from './paper-css.js';
import { Row, SellerHead } from './paper-parts.js';

function KindBlock({ report, kind }: { report: ShiftReport; kind: 'sales' | 'returns' }) {
  const total = report.totals.find((t) => t.kind === kind);
  const forms = report.payForms.filter((f) => f.kind === kind);
  const taxes = report.taxes.filter((x) => x.kind === kind);
  return (
    <div data-testid={`report-paper-${kind}`} data-sum={total?.sum ?? '0.00'} data-rounding={total?.rnd_sum ?? '0.00'}>
      <p className="rp-b">{kind === 'sales' ? PAPER.sales : PAPER.returns}</p>
      {total ? (
        <>
          <Row className="rp-ind" left={PAPER.receipts} right={total.count} />
          <Row className="rp-ind rp-b" left={PAPER.sum} right={money(total.sum)} />
          {nonZero(total.rnd_sum) ? (
            <>
              <Row className="rp-ind" left={PAPER.beforeRounding} right={money(total.nornd_sum)} />
              <Row className="rp-ind" left={PAPER.rounding} right={formatRounding(roundingOfRndsum(total.rnd_sum))} />
            </>
          ) : null}
          {forms.map((f) => (
            <Row key={`${f.code} ${f.name}`} className="rp-ind" left={f.name} right={money(f.sum)} />
          ))}
          {taxes.map((x) => (
            <div key={`${x.type} ${x.letter}`} className="rp-ind">
              <Row left={`${x.name} ${x.letter} ${money(x.prc)}%`} right={money(x.sum)} />
              <Row className="rp-ind" left={PAPER.taxBase} right={money(x.turnover)} />
            </div>
          ))}
        </>
      ) : (
        <p className="rp-ind">{PAPER.noOperations}</p>
      )}
    </div>
  );
}

function ZNumbers({ h }: { h: ReportHead }) {
  return (
    <p data-testid="report-paper-numbers">
      {h.mode === 'pending'
        ? `${PAPER.report} ${PAPER.vn} ${h.local_num} — ${PAPER.pendingReport}`
        : `${PAPER.report} ${PAPER.fn} ${h.fiscal_number} ${PAPER.vn} ${h.local_num} ${h.mode === 'offline' ? PAPER.offline : PAPER.online}`}
    </p>
  );
}

export const ReportPaper = memo(function ReportPaper(props: {
  readonly report: ShiftReport;
  readonly width: PaperWidth;
  /** The shop's time zone, whose wall clock an X-report's moment is printed on. */
  readonly timeZone?: string;
}) {
  const { report, width } = props;
  const h = report.head;
  const z = h.kind === 'z';
  const zone = props.timeZone ?? DEFAULT_TIME_ZONE;
  // A Z-report is dated as its document is; an X-report, no document, when it was read.
  const when = h.order_date === '' ? headTimeIn(report.readAt, zone) : { date: h.order_date, time: h.order_time };
  const input = report.service?.input ?? '0.00';
  const output = report.service?.output ?? '0.00';
  return (
    <div
      className={`receipt-paper w${width}`}
      data-testid="report-paper"
      data-paper="report"
      data-kind={h.kind}
      data-shift={h.shift_id}
      data-doc={h.doc_id}
      data-mode={h.mode}
      data-fiscal={h.fiscal_number}
      data-width={width}
    >
      <style>{PAPER_CSS}</style>
      <SellerHead {...h} />
      <p className="rp-c rp-big">{z ? PAPER.zTitle : PAPER.xTitle}</p>
      <p className="rp-c">{fill(PAPER.shift, { id: h.shift_id })}</p>
      <Row left={PAPER.openedAt} right={wallClock(h.opened_at)} />
      {h.closed_at ? <Row left={PAPER.closedAt} right={wallClock(h.closed_at)} /> : null}
      <p>
        {PAPER.cashier} {h.cashier}
      </p>
      <div className="rp-sep" />
      <KindBlock report={report} kind="sales" />
      <div className="rp-sep" />
      <KindBlock report={report} kind="returns" />
      <div className="rp-sep" />
      <Row left={PAPER.serviceInput} right={money(input)} />
      <Row left={PAPER.serviceOutput} right={money(output)} />
      {dec(h.collected || '0').gt(0) ? (
        <Row className="rp-ind" left={PAPER.ofWhichCollection} right={money(h.collected)} />
      ) : null}
      <div className="rp-sep" />
      <Row left={PAPER.cashOpening} right={money(h.opening_cash)} />
      {h.closing_cash ? (
        <Row className="rp-b" left={z ? PAPER.cashClosing : PAPER.cashNow} right={money(h.closing_cash)} />
      ) : null}
      <div className="rp-sep" />
      {z ? <ZNumbers h={h} /> : null}
      <p>
        {PAPER.register} {PAPER.fn} {h.numprro} {PAPER.vn} {h.local_number}
      </p>
      <p>{paperDateTime(when.date, when.time)}</p>
      {h.mode === 'offline' ? <p className="rp-c rp-b">{PAPER.offlineMark}</p> : null}
      <p className="rp-c rp-big">{h.testing === '1' ? PAPER.testing : z ? PAPER.zName : PAPER.xName}</p>
    </div>
  );
});
