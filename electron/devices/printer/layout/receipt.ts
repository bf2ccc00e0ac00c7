/**
 * A customer's receipt (a sale, a return, a debt repaid) as ESC/POS lines, item for item as the
 * HTML paper prints it (renderer/features/receipt/ReceiptPaper.tsx): the shop's header, the seller,
 * what the document is, the lines with UKTZED, quantity × price, cost and tax letters, discounts and
 * excise stamps, the totals block (shared/paper/totals.ts: every amount the document's own), the
 * payments with the money given and the change and a card's terminal details, the taxes, the
 * numbers, the QR code of the tax service's link (printed by the printer itself), the document's
 * name and the shop's footer.
 */
import { dec, formatQuantity } from '../../../../shared/money/format.js';
import { formatRounding } from '../../../../shared/money/rounding-shown.js';
import { cardPaymentLines } from '../../../../shared/paper/card-payment.js';
import { fill, money } from '../../../../shared/paper/format.js';
import type { Head, Line, Receipt } from '../../../../shared/paper/receipt.js';
import { nonZero, totalRows } from '../../../../shared/paper/totals.js';
import { PAPER } from '../../../../shared/paper/words.js';
import { type Block, center, RULE, row, text } from './blocks.js';
import { modeNote, numbers, sellerHead } from './parts.js';

function lineBlocks(line: Line): Block[] {
  const marks = line.excise_marks === '' ? [] : line.excise_marks.split(', ');
  return [
    ...(line.uktzed !== '' ? [text(`${PAPER.uktzed} ${line.uktzed}`)] : []),
    text(line.name),
    row(`${formatQuantity(line.quantity)} ${line.unit} × ${money(line.price)}`, `${money(line.cost)} ${line.letters}`.trim(), {
      indent: true,
    }),
    // DISCOUNTSUM as the document carries it (positive), as the receipt's ЗНИЖКА is printed.
    ...(nonZero(line.discount) ? [row(PAPER.lineDiscount, money(line.discount), { indent: true })] : []),
    ...marks.map((m) => text(`  ${PAPER.exciseMark} ${m}`)),
  ];
}

/** What the document is, under the seller: a return or a repayment names the receipt it is about. */
export function title(h: Head): Block[] {
  if (h.kind === 'return') return [center(PAPER.returnTitle, { bold: true }), center(`${PAPER.returnOf} ${h.ret_fiscal_number}`)];
  if (h.kind === 'repayment')
    return [
      center(PAPER.repayment, { bold: true }),
      center(fill(PAPER.repaymentOf, { nc: h.check_number, fn: h.prepay_fiscal_number })),
    ];
  return [];
}

export function receiptBlocks(receipt: Receipt): Block[] {
  const h = receipt.head;
  return [
    ...receipt.header.map((l) => center(l)),
    ...sellerHead(h),
    ...title(h),
    RULE,
    ...receipt.lines.flatMap(lineBlocks),
    RULE,
    ...totalRows(h).map((t) =>
      row(t.label, t.signed ? formatRounding(dec(t.amount)) : money(t.amount), { bold: t.big || t.paid, tall: t.big }),
    ),
    ...receipt.pays.flatMap((p) => [
      row(p.name, money(p.sum)),
      ...(nonZero(p.provided) ? [row(PAPER.provided, money(p.provided), { indent: true })] : []),
      ...(nonZero(p.remains) ? [row(PAPER.change, money(p.remains), { indent: true })] : []),
      ...cardPaymentLines(receipt, p).flatMap(({ fields }) => fields.map(([word, value]) => row(word, value, { indent: true }))),
    ]),
    RULE,
    ...receipt.taxes.map((t) => row(`${t.name} ${t.letter} ${money(t.prc)}%`, money(t.sum))),
    RULE,
    ...numbers(h),
    ...(h.qr_url === '' ? [] : [{ kind: 'qr', data: h.qr_url } as const]),
    ...modeNote(h),
    center(h.testing === '1' ? PAPER.testing : PAPER.fiscal, { bold: true, tall: true }),
    ...receipt.footer.map((l) => center(l)),
  ];
}
