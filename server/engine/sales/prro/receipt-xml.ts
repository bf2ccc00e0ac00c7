/**
 * The fiscal document of a closed receipt, in the shape of a DPS CHECK document: head, total,
 * payments, goods rows with their excise stamps. The payment form codes are this back office's
 * (cash 0 and card 1 as DPS; the rest are ours).
 */
import { type D, fmt } from '../../decimal.js';
import type { Moment } from '../common/moment.js';
import { sha256Hex } from './chain.js';
import { DOC_TYPES } from './doc-types.js';
import { headTime } from './head-time.js';
import { el, writeXml, type XmlNode } from './xml.js';

export type PaymentType = 'nal' | 'bn' | 'debt' | 'bonus' | 'cert';

const PAY_FORMS: Record<PaymentType, { code: string; name: string }> = {
  nal: { code: '0', name: 'ГОТІВКА' },
  bn: { code: '1', name: 'БЕЗГОТІВКОВА' },
  debt: { code: '2', name: 'КРЕДИТ' },
  bonus: { code: '3', name: 'БОНУСИ' },
  cert: { code: '4', name: 'СЕРТИФІКАТ' },
};

export interface ReceiptDoc {
  readonly numprro: string;
  readonly kasm: number;
  readonly checkNumber: number;
  readonly cashier: string;
  readonly moment: Moment;
  readonly total: D;
  readonly discount: D;
  readonly lines: readonly {
    code: string;
    name: string;
    unitType: string;
    uktzed: string;
    quantity: D;
    price: D;
    discount: D;
    sum: D;
    exciseMarks: readonly string[];
  }[];
  readonly payments: readonly { type: PaymentType; amount: D }[];
  /** Cash handed over and change, on the cash payment row. */
  readonly cashReceived: D;
  readonly change: D;
}

/** A stable document UID (DPS wants a UUID per document; a retry must not make a new one). */
function uidOf(r: ReceiptDoc): string {
  const h = sha256Hex(Buffer.from(`${r.numprro}:${r.kasm}:${r.checkNumber}:${r.moment.iso}`));
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function receiptXml(r: ReceiptDoc): Buffer {
  const { date, time } = headTime(r.moment);
  const type = DOC_TYPES.receipt;
  const pay: XmlNode[] = r.payments.map((p, i) =>
    el(
      'ROW',
      [
        el('PAYFORMCD', PAY_FORMS[p.type].code),
        el('PAYFORMNM', PAY_FORMS[p.type].name),
        el('SUM', fmt(p.amount)),
        ...(p.type === 'nal' ? [el('PROVIDED', fmt(r.cashReceived)), el('REMAINS', fmt(r.change))] : []),
      ],
      { ROWNUM: String(i + 1) },
    ),
  );
  const body: XmlNode[] = r.lines.map((l, i) =>
    el(
      'ROW',
      [
        el('CODE', l.code),
        ...(l.uktzed ? [el('UKTZED', l.uktzed)] : []),
        el('NAME', l.name),
        el('UNITNM', l.unitType),
        el('AMOUNT', fmt(l.quantity, 'unit')),
        el('PRICE', fmt(l.price)),
        ...(l.discount.gt(0) ? [el('DISCOUNTSUM', fmt(l.discount))] : []),
        el('COST', fmt(l.sum)),
        ...(l.exciseMarks.length > 0
          ? [
              el(
                'EXCISELABELS',
                l.exciseMarks.map((m, j) => el('ROW', [el('EXCISELABEL', m)], { ROWNUM: String(j + 1) })),
              ),
            ]
          : []),
      ],
      { ROWNUM: String(i + 1) },
    ),
  );
  const xml = writeXml(
    el('CHECK', [
      el('CHECKHEAD', [
        el('DOCTYPE', type.docType),
        el('DOCSUBTYPE', type.subType),
        el('UID', uidOf(r)),
        el('ORDERDATE', date),
        el('ORDERTIME', time),
        el('ORDERNUM', String(r.checkNumber)),
        el('CASHDESKNUM', String(r.kasm)),
        el('CASHREGISTERNUM', r.numprro),
        el('CASHIER', r.cashier),
      ]),
      el('CHECKTOTAL', [el('SUM', fmt(r.total)), ...(r.discount.gt(0) ? [el('DISCOUNTSUM', fmt(r.discount))] : [])]),
      el('CHECKPAY', pay),
      el('CHECKBODY', body),
    ]),
  );
  return Buffer.from(xml, 'utf8');
}
