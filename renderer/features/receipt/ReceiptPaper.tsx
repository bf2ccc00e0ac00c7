/**
 * The customer receipt on paper (form ФКЧ-1): the shop's header, the seller with its tax numbers
 * and point of sale, the lines with their tax letters (UKTZED and excise stamps where there are
 * any), the totals with the cash rounding, the payments with the money given and the change, the
 * taxes, the cashier, the document numbers (online, offline with the control number, or still
 * waiting for the fiscal number), the register, the date and time, the QR code of the tax
 * service's verification link, the document's name, and the shop's footer.
 */
import { memo, useMemo } from 'react';
import type { PaperWidth } from '../../../shared/bridge/api.js';
import { formatAmount, formatQuantity } from '../../money/money.js';
import type { Line, Receipt } from './model.js';
import { PAPER_CSS } from './paper-css.js';
import { PAPER } from './paper-words.js';
import { QrCode } from './QrCode.js';
import { nonZero, totalRows } from './totals.js';

const money = (v: string) => formatAmount(v === '' ? '0' : v);

/** "14.03.2025 12:00:00" from the document's ORDERDATE (ddmmyyyy) and ORDERTIME (hhmmss), Kyiv's wall clock. */
export function paperDateTime(date: string, time: string): string {
  return `${date.slice(0, 2)}.${date.slice(2, 4)}.${date.slice(4)} ${time.slice(0, 2)}:${time.slice(2, 4)}:${time.slice(4)}`;
}

function Row({ left, right, className }: { left: string; right: string; className?: string }) {
  return (
    <p className={`rp-row ${className ?? ''}`.trim()}>
      <span>{left}</span>
      <span>{right}</span>
    </p>
  );
}

function LineRows({ line }: { line: Line }) {
  const marks = line.excise_marks === '' ? [] : line.excise_marks.split(', ');
  return (
    <div className="rp-line" data-testid="receipt-line">
      {line.uktzed !== '' ? (
        <p>
          {PAPER.uktzed} {line.uktzed}
        </p>
      ) : null}
      <p>{line.name}</p>
      <Row
        className="rp-ind"
        left={`${formatQuantity(line.quantity)} ${line.unit} × ${money(line.price)}`}
        right={`${money(line.cost)} ${line.letters}`.trim()}
      />
      {/* DISCOUNTSUM as the document carries it (positive), as the receipt's ЗНИЖКА is printed. */}
      {nonZero(line.discount) ? <Row className="rp-ind" left={PAPER.lineDiscount} right={money(line.discount)} /> : null}
      {marks.map((m) => (
        <p key={m} className="rp-ind">
          {PAPER.exciseMark} {m}
        </p>
      ))}
    </div>
  );
}

export const ReceiptPaper = memo(function ReceiptPaper({ receipt, width }: { receipt: Receipt; width: PaperWidth }) {
  const h = receipt.head;
  const isReturn = h.kind === 'return';
  const qr = useMemo(() => (h.qr_url === '' ? null : <QrCode text={h.qr_url} />), [h.qr_url]);
  return (
    <div
      className={`receipt-paper w${width}`}
      data-testid="receipt-paper"
      data-kind={h.kind}
      data-check={h.check_number}
      data-return={h.return_id}
      data-mode={h.mode}
      data-fiscal={h.fiscal_number}
      data-width={width}
    >
      <style>{PAPER_CSS}</style>
      {receipt.header.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the shop's header lines are fixed text in order
        <p key={i} className="rp-c">
          {l}
        </p>
      ))}
      <p className="rp-c rp-b">{h.org_name}</p>
      <p className="rp-c">{h.point_name}</p>
      <p className="rp-c">{h.point_addr}</p>
      {h.ipn !== '' ? (
        <p className="rp-c">
          {PAPER.vatNumber} {h.ipn}
        </p>
      ) : null}
      <p className="rp-c">
        {PAPER.taxId} {h.tin}
      </p>
      {isReturn ? (
        <>
          <p className="rp-c rp-b">{PAPER.returnTitle}</p>
          <p className="rp-c">
            {PAPER.returnOf} {h.ret_fiscal_number}
          </p>
        </>
      ) : null}
      <div className="rp-sep" />
      {receipt.lines.map((l) => (
        <LineRows key={l.line_no} line={l} />
      ))}
      <div className="rp-sep" />
      {totalRows(h).map((t) => (
        <Row key={t.label} className={t.big ? 'rp-big' : t.paid ? 'rp-b' : undefined} left={t.label} right={money(t.amount)} />
      ))}
      {receipt.pays.map((p) => (
        <div key={`${p.code} ${p.name}`} data-testid="receipt-pay">
          <Row left={p.name} right={money(p.sum)} />
          {nonZero(p.provided) ? <Row className="rp-ind" left={PAPER.provided} right={money(p.provided)} /> : null}
          {nonZero(p.remains) ? <Row className="rp-ind" left={PAPER.change} right={money(p.remains)} /> : null}
        </div>
      ))}
      <div className="rp-sep" />
      {receipt.taxes.map((t) => (
        <Row key={t.letter} left={`${t.name} ${t.letter} ${formatAmount(t.prc)}%`} right={money(t.sum)} />
      ))}
      <div className="rp-sep" />
      <p>
        {PAPER.cashier} {h.cashier}
      </p>
      <p data-testid="receipt-check-numbers">
        {h.mode === 'pending'
          ? `${PAPER.check} ${PAPER.vn} ${h.local_num} — ${PAPER.pending}`
          : `${PAPER.check} ${PAPER.fn} ${h.fiscal_number} ${PAPER.vn} ${h.local_num} ${h.mode === 'offline' ? PAPER.offline : PAPER.online}`}
      </p>
      {h.mode === 'offline' && h.control_code !== '' ? (
        <p>
          {PAPER.control} {h.control_code}
        </p>
      ) : null}
      <p>
        {PAPER.register} {PAPER.fn} {h.numprro} {PAPER.vn} {h.local_number}
      </p>
      <p>{paperDateTime(h.order_date, h.order_time)}</p>
      {qr ? <div className="rp-qr">{qr}</div> : null}
      {h.mode === 'offline' ? <p className="rp-c rp-b">{PAPER.offlineMark}</p> : null}
      {h.mode === 'pending' ? <p className="rp-c">{PAPER.pendingNote}</p> : null}
      <p className="rp-c rp-big">{h.testing === '1' ? PAPER.testing : PAPER.fiscal}</p>
      {receipt.footer.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the shop's footer lines are fixed text in order
        <p key={i} className="rp-c">
          {l}
        </p>
      ))}
    </div>
  );
});
