/**
 * The receipt's totals block: every amount is one the fiscal document carries (CHECKTOTAL), never
 * one the till works out, so a tax inspector comparing the paper with the document in the tax
 * service's cabinet finds the same numbers.
 *
 * - ЗАОКРУГЛЕННЯ is the till's one sign of rounding (money/rounding-shown.ts): the amount paid less
 *   the amount due, so the paper adds up for the customer: СУМА 12,57, ЗАОКРУГЛЕННЯ +0,03, ДО
 *   СПЛАТИ 12,60. The document writes the same amount the other way round (RNDSUM = NORNDSUM − SUM
 *   = −0.03, the DPS sample "Заокруглення"); PRRO vendors' receipts print it as the adjustment to
 *   the sum, as here, and the X- and Z-report print their rounding the same way.
 * - A receipt that pays for all its goods: СУМА is the exact sum (NORNDSUM when rounded), then the
 *   rounding and ДО СПЛАТИ (a return: ДО ПОВЕРНЕННЯ), the rounded SUM.
 * - A partial payment (PARTPAYSUM): SUM is the goods' sum, not the money paid now (the DPS sample
 *   "Часткова сплата Передплата Заокруглення"), so СУМА is SUM, ЧАСТКОВА ОПЛАТА the part paid before
 *   rounding (NORNDSUM when rounded), then the rounding and ДО СПЛАТИ, the rounded PARTPAYSUM.
 */
import { Dec } from '../money/format.js';
import { roundingOfRndsum } from '../money/rounding-shown.js';
import type { Head } from './receipt.js';
import { PAPER } from './words.js';

export interface TotalRow {
  readonly label: string;
  /** The document's amount ("12.57"); the rounding's as it changes the sum ("0.03" for RNDSUM -0.03). */
  readonly amount: string;
  /** The rounding: printed with its sign always ("+0,03"). */
  readonly signed?: boolean;
  /** The amount the customer pays or is paid: printed bold. */
  readonly paid?: boolean;
  /** The exact sum of the goods: printed large. */
  readonly big?: boolean;
}

/** An amount the paper prints: present and not zero. */
export const nonZero = (v: string) => v !== '' && !new Dec(v).isZero();

/** What the rounding added to the sum: RNDSUM with the other sign. */
const added = (rndsum: string) => roundingOfRndsum(rndsum).toFixed(2);

export function totalRows(h: Head): TotalRow[] {
  const rounded = nonZero(h.rounding);
  const partial = h.partial_sum !== '';
  const toPay = h.kind === 'return' ? PAPER.toReturn : PAPER.toPay;
  const rows: TotalRow[] = nonZero(h.discount) ? [{ label: PAPER.discount, amount: h.discount }] : [];
  if (partial) {
    rows.push({ label: PAPER.sum, amount: h.total, big: true });
    if (!rounded) return [...rows, { label: PAPER.partial, amount: h.partial_sum, paid: true }];
    return [
      ...rows,
      { label: PAPER.partial, amount: h.nornd_sum },
      { label: PAPER.rounding, amount: added(h.rounding), signed: true },
      { label: toPay, amount: h.partial_sum, paid: true },
    ];
  }
  if (!rounded) return [...rows, { label: PAPER.sum, amount: h.total, big: true }];
  return [
    ...rows,
    { label: PAPER.sum, amount: h.nornd_sum, big: true },
    { label: PAPER.rounding, amount: added(h.rounding), signed: true },
    { label: toPay, amount: h.total, paid: true },
  ];
}
