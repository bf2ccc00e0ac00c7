/**
 * A receipt-class document on paper. The customer's receipt (form ФКЧ-1): the shop's header, the
 * seller with its tax numbers and point of sale, the lines with their tax letters (UKTZED and
 * excise stamps where there are any), the totals with the cash rounding, the payments with the
 * money given and the change, the taxes, the cashier, the document numbers (online, offline with
 * the control number, or still waiting for the fiscal number), the register, the date and time,
 * the QR code of the tax service's verification link, the document's name, and the shop's footer.
 * A debt repaid is such a receipt naming the receipt it pays for. A service deposit or withdrawal
 * (a collection too) is the till's own paper: the seller, what it is and why, its sum, the same
 * numbers, and for cash handed over the signatures of who gave and who took it.
 */
import { memo, useMemo } from 'react';
import type { PaperWidth } from '../../../shared/bridge/api.js';
import { fill, money, paperDateTime } from '../../../shared/paper/format.js';
import type { Head, Line, Receipt } from '../../../shared/paper/receipt.js';
import { nonZero, totalRows } from '../../../shared/paper/totals.js';
import { PAPER } from '../../../shared/paper/words.js';
import { dec, formatQuantity } from '../../money/money.js';
import { formatRounding } from '../../money/rounding-shown.js';
import { CardPaymentRows } from './card-payment.js';
import { PAPER_CSS } from './paper-css.js';
import { Row, SellerHead } from './paper-parts.js';
import { QrCode } from './QrCode.js';

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

/** What the document is, under the seller: a return or a repayment names the receipt it is about. */
function Title({ h }: { h: Head }) {
  if (h.kind === 'return') {
    return (
      <>
        <p className="rp-c rp-b">{PAPER.returnTitle}</p>
        <p className="rp-c">
          {PAPER.returnOf} {h.ret_fiscal_number}
        </p>
      </>
    );
  }
  if (h.kind === 'repayment') {
    return (
      <>
        <p className="rp-c rp-b">{PAPER.repayment}</p>
        <p className="rp-c">{fill(PAPER.repaymentOf, { nc: h.check_number, fn: h.prepay_fiscal_number })}</p>
      </>
    );
  }
  if (h.kind === 'deposit' || h.kind === 'withdrawal') {
    return <p className="rp-c rp-big">{h.kind === 'deposit' ? PAPER.deposit : PAPER.withdrawal}</p>;
  }
  return null;
}

/** The document's numbers, the register, the date and time: every document prints them alike. */
function Numbers({ h }: { h: Head }) {
  return (
    <>
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
    </>
  );
}

/** A service deposit or withdrawal: what and why, its sum; cash handed over is signed for. */
function ServiceBody({ h }: { h: Head }) {
  return (
    <>
      {h.comment !== '' ? <p data-testid="receipt-reason">{`${PAPER.reason}: ${h.comment}`}</p> : null}
      <Row className="rp-big" left={PAPER.sum} right={money(h.total)} />
      <div className="rp-sep" />
      <Numbers h={h} />
      {h.kind === 'withdrawal' ? (
        <>
          <p className="rp-sign">{`${PAPER.handedOver} ____________`}</p>
          <p className="rp-sign">{`${PAPER.received} ____________`}</p>
        </>
      ) : null}
      {h.mode === 'offline' ? <p className="rp-c rp-b">{PAPER.offlineMark}</p> : null}
      {h.mode === 'pending' ? <p className="rp-c">{PAPER.pendingNote}</p> : null}
      <p className="rp-c rp-big">{h.testing === '1' ? PAPER.testing : PAPER.serviceName}</p>
    </>
  );
}

export const ReceiptPaper = memo(function ReceiptPaper({ receipt, width }: { receipt: Receipt; width: PaperWidth }) {
  const h = receipt.head;
  const service = h.kind === 'deposit' || h.kind === 'withdrawal';
  const qr = useMemo(() => (h.qr_url === '' ? null : <QrCode text={h.qr_url} />), [h.qr_url]);
  // The shop's own header and footer greet a customer; a service document stays with the till.
  const header = service ? [] : receipt.header;
  const footer = service ? [] : receipt.footer;
  return (
    <div
      className={`receipt-paper w${width}`}
      data-testid="receipt-paper"
      data-paper="receipt"
      data-kind={h.kind}
      data-check={h.check_number}
      data-return={h.return_id}
      data-doc={h.doc_id}
      data-mode={h.mode}
      data-fiscal={h.fiscal_number}
      data-width={width}
    >
      <style>{PAPER_CSS}</style>
      {header.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the shop's header lines are fixed text in order
        <p key={i} className="rp-c">
          {l}
        </p>
      ))}
      <SellerHead {...h} />
      <Title h={h} />
      <div className="rp-sep" />
      {service ? (
        <ServiceBody h={h} />
      ) : (
        <>
          {receipt.lines.map((l) => (
            <LineRows key={l.line_no} line={l} />
          ))}
          <div className="rp-sep" />
          {totalRows(h).map((t) => (
            <Row
              key={t.label}
              className={t.big ? 'rp-big' : t.paid ? 'rp-b' : undefined}
              left={t.label}
              right={t.signed ? formatRounding(dec(t.amount)) : money(t.amount)}
            />
          ))}
          {receipt.pays.map((p) => (
            <div key={`${p.code} ${p.name}`} data-testid="receipt-pay">
              <Row left={p.name} right={money(p.sum)} />
              {nonZero(p.provided) ? <Row className="rp-ind" left={PAPER.provided} right={money(p.provided)} /> : null}
              {nonZero(p.remains) ? <Row className="rp-ind" left={PAPER.change} right={money(p.remains)} /> : null}
              <CardPaymentRows receipt={receipt} pay={p} />
            </div>
          ))}
          <div className="rp-sep" />
          {receipt.taxes.map((t) => (
            <Row key={t.letter} left={`${t.name} ${t.letter} ${money(t.prc)}%`} right={money(t.sum)} />
          ))}
          <div className="rp-sep" />
          <Numbers h={h} />
          {qr ? <div className="rp-qr">{qr}</div> : null}
          {h.mode === 'offline' ? <p className="rp-c rp-b">{PAPER.offlineMark}</p> : null}
          {h.mode === 'pending' ? <p className="rp-c">{PAPER.pendingNote}</p> : null}
          <p className="rp-c rp-big">{h.testing === '1' ? PAPER.testing : PAPER.fiscal}</p>
        </>
      )}
      {footer.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the shop's footer lines are fixed text in order
        <p key={i} className="rp-c">
          {l}
        </p>
      ))}
    </div>
  );
});
