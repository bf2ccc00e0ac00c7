/**
 * What every paper prints alike, as the HTML paper does (renderer/features/receipt/paper-parts.tsx
 * and its Numbers): the seller's head (form ФКЧ-1: the seller, its point of sale and address, ПН and
 * ІД) and a document's numbers, register, date and time.
 */
import { paperDateTime } from '../../../../shared/paper/format.js';
import type { Head } from '../../../../shared/paper/receipt.js';
import { PAPER } from '../../../../shared/paper/words.js';
import { type Block, center, text } from './blocks.js';

export function sellerHead(h: {
  readonly org_name: string;
  readonly point_name: string;
  readonly point_addr: string;
  readonly ipn: string;
  readonly tin: string;
}): Block[] {
  return [
    center(h.org_name, { bold: true }),
    center(h.point_name),
    center(h.point_addr),
    ...(h.ipn !== '' ? [center(`${PAPER.vatNumber} ${h.ipn}`)] : []),
    center(`${PAPER.taxId} ${h.tin}`),
  ];
}

/** The cashier, the document's numbers (online, offline with its control number, or still waiting), the register, the date and time. */
export function numbers(h: Head): Block[] {
  return [
    text(`${PAPER.cashier} ${h.cashier}`),
    text(
      h.mode === 'pending'
        ? `${PAPER.check} ${PAPER.vn} ${h.local_num} — ${PAPER.pending}`
        : `${PAPER.check} ${PAPER.fn} ${h.fiscal_number} ${PAPER.vn} ${h.local_num} ${h.mode === 'offline' ? PAPER.offline : PAPER.online}`,
    ),
    ...(h.mode === 'offline' && h.control_code !== '' ? [text(`${PAPER.control} ${h.control_code}`)] : []),
    text(`${PAPER.register} ${PAPER.fn} ${h.numprro} ${PAPER.vn} ${h.local_number}`),
    text(paperDateTime(h.order_date, h.order_time)),
  ];
}

/** Offline, or still waiting for the fiscal number: said under the numbers. */
export function modeNote(h: { readonly mode: string }): Block[] {
  if (h.mode === 'offline') return [center(PAPER.offlineMark, { bold: true })];
  return h.mode === 'pending' ? [center(PAPER.pendingNote)] : [];
}
