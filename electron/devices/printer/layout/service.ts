/**
 * A service deposit or withdrawal (a collection too) as ESC/POS lines, as the HTML paper prints it
 * (ReceiptPaper's ServiceBody): the seller, what it is and why, its sum, the numbers, and for cash
 * handed over the lines where who gave it and who took it sign. It is the till's own paper: no shop
 * header or footer, no QR code.
 */
import { money } from '../../../../shared/paper/format.js';
import type { Receipt } from '../../../../shared/paper/receipt.js';
import { PAPER } from '../../../../shared/paper/words.js';
import { type Block, center, RULE, row, text } from './blocks.js';
import { modeNote, numbers, sellerHead } from './parts.js';

export function serviceBlocks(receipt: Receipt): Block[] {
  const h = receipt.head;
  return [
    ...sellerHead(h),
    center(h.kind === 'deposit' ? PAPER.deposit : PAPER.withdrawal, { bold: true, tall: true }),
    RULE,
    ...(h.comment !== '' ? [text(`${PAPER.reason}: ${h.comment}`)] : []),
    row(PAPER.sum, money(h.total), { bold: true, tall: true }),
    RULE,
    ...numbers(h),
    // Room to sign by hand: a blank line above each.
    ...(h.kind === 'withdrawal'
      ? [text(''), text(`${PAPER.handedOver} ____________`), text(''), text(`${PAPER.received} ____________`)]
      : []),
    ...modeNote(h),
    center(h.testing === '1' ? PAPER.testing : PAPER.serviceName, { bold: true, tall: true }),
  ];
}
