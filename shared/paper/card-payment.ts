/**
 * A card payment's terminal details under its payment on the paper, as the fiscal document's PAYSYS
 * row says them (pos.receipt_print PAYSYS rows): the masked card (ЕПЗ), the payment system, the
 * authorisation code, the RRN, the terminal, its receipt number and the acquirer. A field the
 * terminal did not give is not printed. The HTML paper and the ESC/POS layout both print these.
 */
import type { Pay, PaySys, Receipt } from './receipt.js';

/** The paper's words for them (Ukrainian whatever the screen speaks, as words.ts). */
const WORDS: readonly (readonly [keyof PaySys, string])[] = [
  ['pan', 'ЕПЗ'],
  ['name', 'Платіжна система'],
  ['auth_code', 'Код авторизації'],
  ['rrn', 'RRN'],
  ['terminal_id', 'Термінал'],
  ['invoice_number', 'Чек термінала'],
  ['acquirer', 'Еквайр'],
];

export interface CardPaymentLines {
  readonly paySys: PaySys;
  /** The label and the value of each field the terminal gave, in the paper's order. */
  readonly fields: readonly (readonly [string, string])[];
}

/** The terminal's details of one payment (its PAYFORMCD), each with the fields to print. */
export function cardPaymentLines(receipt: Receipt, pay: Pay): CardPaymentLines[] {
  return receipt.paySys
    .filter((s) => s.pay_code === pay.code)
    .map((s) => ({ paySys: s, fields: WORDS.filter(([k]) => s[k] !== '').map(([k, word]) => [word, s[k]] as const) }));
}
