/**
 * The receipt's totals block: every amount is one the fiscal document carries (CHECKTOTAL), never
 * one the till works out, so a tax inspector comparing the paper with the document in the tax
 * service's cabinet finds the same numbers.
 *
 * - ЗАОКРУГЛЕННЯ is RNDSUM with the document's sign: the exact amount less what was paid (the DPS
 *   sample "Заокруглення": 12.57 paid as 12.60 is −0.03).
 * - A receipt that pays for all its goods: СУМА is the exact sum (NORNDSUM when rounded), then the
 *   rounding and ДО СПЛАТИ (a return: ДО ПОВЕРНЕННЯ), the rounded SUM.
 * - A partial payment (PARTPAYSUM): SUM is the goods' sum, not the money paid now (the DPS sample
 *   "Часткова сплата Передплата Заокруглення"), so СУМА is SUM, ЧАСТКОВА ОПЛАТА the part paid before
 *   rounding (NORNDSUM when rounded), then the rounding and ДО СПЛАТИ, the rounded PARTPAYSUM.
 */
import { Dec } from '../../money/money.js';
import type { Head } from './model.js';
import { PAPER } from './paper-words.js';

export interface TotalRow {
  readonly label: string;
  /** The document's amount, as it carries it ("-0.03"). */
  readonly amount: string;
  /** The amount the customer pays or is paid: printed bold. */
  readonly paid?: boolean;
  /** The exact sum of the goods: printed large. */
  readonly big?: boolean;
}

const nonZero = (v: string) => v !== '' && !new Dec(v).isZero();

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
      { label: PAPER.rounding, amount: h.rounding },
      { label: toPay, amount: h.partial_sum, paid: true },
    ];
  }
  if (!rounded) return [...rows, { label: PAPER.sum, amount: h.total, big: true }];
  return [
    ...rows,
    { label: PAPER.sum, amount: h.nornd_sum, big: true },
    { label: PAPER.rounding, amount: h.rounding },
    { label: toPay, amount: h.total, paid: true },
  ];
}
