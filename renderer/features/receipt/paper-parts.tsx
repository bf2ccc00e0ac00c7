/**
 * What every HTML paper of the till prints the same way: a row of text and amount and the seller's
 * head (form ФКЧ-1: the seller, its point of sale and address, ПН and ІД). The amounts, dates and
 * words are shared/paper's, which the ESC/POS paper prints too.
 */
import { PAPER } from '../../../shared/paper/words.js';

export function Row({ left, right, className }: { left: string; right: string; className?: string | undefined }) {
  return (
    <p className={`rp-row ${className ?? ''}`.trim()}>
      <span>{left}</span>
      <span>{right}</span>
    </p>
  );
}

export function SellerHead(h: {
  readonly org_name: string;
  readonly point_name: string;
  readonly point_addr: string;
  readonly ipn: string;
  readonly tin: string;
}) {
  return (
    <>
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
    </>
  );
}
