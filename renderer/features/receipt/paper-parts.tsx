/**
 * What every paper of the till prints the same way: a row of text and amount, the seller's head
 * (form ФКЧ-1: the seller, its point of sale and address, ПН and ІД), and the document's date and
 * time as the document writes them.
 */
import { formatAmount } from '../../money/money.js';
import { PAPER } from './paper-words.js';

export const money = (v: string) => formatAmount(v === '' ? '0' : v);

/** "14.03.2025 12:00:00" from the document's ORDERDATE (ddmmyyyy) and ORDERTIME (hhmmss), Kyiv's wall clock. */
export function paperDateTime(date: string, time: string): string {
  return `${date.slice(0, 2)}.${date.slice(2, 4)}.${date.slice(4)} ${time.slice(0, 2)}:${time.slice(2, 4)}:${time.slice(4)}`;
}

/** An instant as a document's head writes it (ddmmyyyy, hhmmss) on the shop's wall clock. */
export function headTimeIn(at: Date, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.day}${parts.month}${parts.year}`, time: `${parts.hour}${parts.minute}${parts.second}` };
}

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

/** A line of text with the paper's placeholders ({{nc}}) filled in. */
export const fill = (text: string, values: Readonly<Record<string, string>>): string =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');
