/**
 * A customer receipt as the back office says it (pos.receipt_print: HEAD, LINE, PAY and TAX rows,
 * from the fiscal document the receipt was issued as) with the shop's own header and footer text
 * (pos.template_get_parts). The row types are the registry's, never restated.
 */

import type { ParamsOf, ResultRowOf } from '../contract/index.js';
import type { op } from '../contract/op.js';

export type PrintRow = ResultRowOf<typeof op.pos.receiptPrint>;
export type Head = Extract<PrintRow, { tag: 'HEAD' }>;
export type Line = Extract<PrintRow, { tag: 'LINE' }>;
export type Pay = Extract<PrintRow, { tag: 'PAY' }>;
export type Tax = Extract<PrintRow, { tag: 'TAX' }>;
/** A card payment's terminal details (the document's PAYSYS row), under the payment of pay_code. */
export type PaySys = Extract<PrintRow, { tag: 'PAYSYS' }>;
export type TemplatePart = ResultRowOf<typeof op.pos.templateGetParts>;

/**
 * Which receipt: a sale by its number, a return by its id, or any receipt-class fiscal document by
 * its id (a service deposit or withdrawal, a collection, a debt repaid).
 */
export type ReceiptTarget =
  | { readonly checkNumber: number | string }
  | { readonly returnId: number | string }
  | { readonly docId: number | string };

export interface Receipt {
  readonly head: Head;
  readonly lines: readonly Line[];
  readonly pays: readonly Pay[];
  readonly paySys: readonly PaySys[];
  readonly taxes: readonly Tax[];
  /** The shop's header and footer text (template parts `header` and `footer`), line by line. */
  readonly header: readonly string[];
  readonly footer: readonly string[];
}

export function printParams(target: ReceiptTarget): ParamsOf<typeof op.pos.receiptPrint> {
  if ('docId' in target) return { doc_id: Number(target.docId) };
  return 'returnId' in target ? { return_id: Number(target.returnId) } : { check_number: Number(target.checkNumber) };
}

/** "sale 1042" / "return 7" / "document 88": one receipt's identity, for deduplication and test ids. */
export const targetKey = (target: ReceiptTarget): string =>
  'docId' in target
    ? `document ${target.docId}`
    : 'returnId' in target
      ? `return ${target.returnId}`
      : `sale ${target.checkNumber}`;

/** The number a cashier names a receipt by, before it is read: the receipt's, the return's or the document's. */
export const targetNumber = (target: ReceiptTarget): string =>
  String('docId' in target ? target.docId : 'returnId' in target ? target.returnId : target.checkNumber);

const textOf = (parts: readonly TemplatePart[], name: string): string[] => {
  const text = parts.find((p) => p.part === name)?.text ?? '';
  // A template line that still holds a {placeholder} belongs to the old template language and
  // would print braces; the mandatory items are printed from the fiscal document instead.
  return text === '' ? [] : text.split(/\r?\n/).filter((l) => !/\{\w+\}/.test(l));
};

const same = (a: string): string => a.trim().replace(/\s+/g, ' ').toLocaleLowerCase('uk');

/**
 * The shop's header less what the paper prints from the fiscal document anyway (the seller, the
 * point of sale and its address): a shop's header usually repeats them, and they printed twice.
 */
const headerOf = (parts: readonly TemplatePart[], head: Head): string[] => {
  const printed = new Set([head.org_name, head.point_name, head.point_addr].filter((x) => x.trim() !== '').map(same));
  return textOf(parts, 'header').filter((l) => !printed.has(same(l)));
};

/** The receipt, or undefined when the answer has no HEAD (no such receipt was printed). */
export function receiptOf(rows: readonly PrintRow[], parts: readonly TemplatePart[]): Receipt | undefined {
  const head = rows.find((r): r is Head => r.tag === 'HEAD');
  if (!head) return undefined;
  return {
    head,
    lines: rows.filter((r): r is Line => r.tag === 'LINE'),
    pays: rows.filter((r): r is Pay => r.tag === 'PAY'),
    paySys: rows.filter((r): r is PaySys => r.tag === 'PAYSYS'),
    taxes: rows.filter((r): r is Tax => r.tag === 'TAX'),
    header: headerOf(parts, head),
    footer: textOf(parts, 'footer'),
  };
}

/**
 * The receipt's number as a cashier names it: the sale's receipt number, the return's id, or a
 * service document's or a repayment's local number in the register (ВН, as the paper prints it).
 */
export function receiptNumber(r: Receipt): string {
  if (r.head.kind === 'return') return r.head.return_id;
  return r.head.kind === 'sale' ? r.head.check_number : r.head.local_num;
}
