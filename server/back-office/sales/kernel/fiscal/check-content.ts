/**
 * The content of a receipt-class document (sale, return, debt repayment) from the books: goods
 * rows with their letters, stamps and discounts, the money by form, the cash rounding, the taxes
 * on the money the document moves, and for a partial payment what part of the goods it pays.
 */

import { isEan13 } from '../../../../../shared/barcodes/ean.js';
import { PAY_FORMS, type PayForm, UNIT_CODES } from '../../../../../shared/fiscal/choices.js';
import type { BodyRow, CheckContent, CheckTotal, PayRow, PaySysRow } from '../../../../dps/format/content.js';
import { type D, fmt, toKopecks } from '../../../decimal.js';
import { sum, ZERO } from '../money.js';
import { allocate, type TaxTable, taxRows } from './tax.js';
import { fiscalText } from './text.js';

export interface CheckLine {
  readonly code: string;
  readonly name: string;
  readonly unit: string;
  readonly uktzed: string;
  readonly quantity: D;
  readonly price: D;
  readonly discount: D;
  /** quantity × price − discount, in kopecks. */
  readonly sum: D;
  /** Resolved tax letters (fiscal/tax.ts lettersFor). */
  readonly letters: string;
  readonly marks: readonly string[];
}

export interface CheckMoney {
  readonly form: PayForm;
  /** What the form paid (cash: the rounded amount). */
  readonly amount: D;
}

export interface CheckInput {
  readonly subtype: '0' | '1';
  /** ORDERRETNUM: the fiscal number of the receipt a return pays back. */
  readonly retNum?: string;
  readonly lines: readonly CheckLine[];
  readonly money: readonly CheckMoney[];
  /** Cash handed over and change, on the cash row. */
  readonly provided?: D;
  readonly change?: D;
  /** RNDSUM: the exact amount less what was paid. */
  readonly rounding: D;
  /** Set when the document pays (or pays back) only part of its goods. */
  readonly partial?: { readonly type: 1 | 2 | 3; readonly prepayNum?: string };
  readonly tax: TaxTable;
  /** The card terminal's approval of the card (bn) part, written as that row's PAYSYS. */
  readonly cardPaySys?: PaySysRow;
}

const UKTZED = /^(\d{10}|\d{8}|\d{6}|\d{4}|00\d{3})$/;
/** Money as the schema writes it: always two decimals (DGDecimal2). */
const x2 = (v: D): string => v.toFixed(2);

const FORM_ORDER: readonly PayForm[] = ['nal', 'bn', 'cert', 'bonus'];

function bodyRow(l: CheckLine, partSum: D | undefined): BodyRow {
  const barcode = isEan13(l.code) || /^\d{8}$/.test(l.code) ? l.code : undefined;
  return {
    CODE: fiscalText(l.code, 64),
    ...(barcode ? { BARCODE: barcode } : {}),
    ...(UKTZED.test(l.uktzed) ? { UKTZED: l.uktzed } : {}),
    NAME: fiscalText(l.name, 128),
    ...(UNIT_CODES[l.unit] ? { UNITCD: UNIT_CODES[l.unit] } : {}),
    UNITNM: fiscalText(l.unit, 64),
    AMOUNT: fmt(l.quantity, 'unit'),
    PRICE: x2(l.price),
    ...(l.letters === '' ? {} : { LETTERS: l.letters }),
    COST: x2(toKopecks(l.quantity.mul(l.price))),
    ...(l.discount.gt(0) ? { DISCOUNTTYPE: '0', DISCOUNTSUM: x2(l.discount) } : {}),
    ...(partSum ? { PARTPAYSUM: x2(partSum) } : {}),
    ...(l.marks.length > 0 ? { EXCISELABELS: [...l.marks] } : {}),
  };
}

export function checkContent(c: CheckInput): CheckContent {
  const goods = sum(c.lines.map((l) => l.sum));
  const paid = sum(c.money.map((m) => m.amount));
  const exactPaid = paid.plus(c.rounding);
  const discount = sum(c.lines.map((l) => l.discount));
  // What each line's money is: all of it, or its share of a partial payment (before rounding).
  const shares = c.partial
    ? allocate(
        exactPaid,
        c.lines.map((l) => l.sum),
      )
    : c.lines.map((l) => l.sum);
  const rounded = !c.rounding.isZero();
  const total: CheckTotal = c.partial
    ? {
        SUM: x2(goods),
        ...(rounded ? { RNDSUM: x2(c.rounding), NORNDSUM: x2(exactPaid) } : {}),
        ...(discount.gt(0) ? { DISCOUNTSUM: x2(discount) } : {}),
        PARTPAYTYPE: String(c.partial.type),
        PARTPAYPERCENT: x2(goods.isZero() ? ZERO : exactPaid.div(goods).mul(100)),
        PARTPAYSUM: x2(paid),
        ...(c.partial.prepayNum ? { PARTPAYORDPREPAYNUM: c.partial.prepayNum } : {}),
      }
    : {
        SUM: x2(paid),
        ...(rounded ? { RNDSUM: x2(c.rounding), NORNDSUM: x2(goods) } : {}),
        ...(discount.gt(0) ? { DISCOUNTSUM: x2(discount) } : {}),
      };
  const byForm = (form: PayForm) => sum(c.money.filter((m) => m.form === form).map((m) => m.amount));
  // Rounding is the cash part's: a cash part rounded down to nothing is still a cash row, so RNDSUM
  // has the payment it belongs to.
  const pay: PayRow[] = FORM_ORDER.filter((f) => byForm(f).gt(0) || (f === 'nal' && rounded)).map((form) => ({
    PAYFORMCD: String(PAY_FORMS[form].code),
    PAYFORMNM: PAY_FORMS[form].name,
    SUM: x2(byForm(form)),
    ...(form === 'nal' && c.provided ? { PROVIDED: x2(c.provided) } : {}),
    ...(form === 'nal' && c.change?.gt(0) ? { REMAINS: x2(c.change) } : {}),
    ...(form === 'bn' && c.cardPaySys ? { PAYSYS: [c.cardPaySys] } : {}),
  }));
  const taxes = taxRows(
    c.tax,
    c.lines.map((l, i) => ({ letters: l.letters, cost: toKopecks(l.quantity.mul(l.price)), base: shares[i] as D })),
  );
  return {
    doc: 'check',
    DOCSUBTYPE: c.subtype,
    ...(c.retNum ? { ORDERRETNUM: c.retNum } : {}),
    CHECKTOTAL: total,
    ...(pay.length > 0 ? { CHECKPAY: pay } : {}),
    ...(taxes.length > 0
      ? {
          CHECKTAX: taxes.map((t) => ({
            TYPE: String(t.type),
            NAME: t.name,
            LETTER: t.letter,
            PRC: x2(t.prc),
            TURNOVER: x2(t.turnover),
            SOURCESUM: x2(t.source),
            SUM: x2(t.sum),
          })),
        }
      : {}),
    CHECKBODY: c.lines.map((l, i) => bodyRow(l, c.partial ? (shares[i] as D) : undefined)),
  };
}

/** A service deposit (2) or withdrawal (4): only its sum. */
export const serviceCashContent = (subtype: '2' | '4', amount: D): CheckContent => ({
  doc: 'check',
  DOCSUBTYPE: subtype,
  CHECKTOTAL: { SUM: x2(amount) },
});
