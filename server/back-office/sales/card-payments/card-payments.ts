/**
 * A bank card terminal's approval of the card part (pos.checkout_close_sale and
 * pos.checkout_return, param card_payment): checked where the money is booked, kept beside it,
 * and written into the fiscal document as the card row's PAYSYS (check01.xsd TROWSPAYSYS). The
 * till sends it only after the terminal approved; the back office still holds what it can: the
 * approval pays exactly the card part, the card number comes masked, and one approval (a
 * terminal's RRN) is booked once.
 */

import type { op, ParsedParamsOf } from '../../../../shared/contract/index.js';
import type { Db } from '../../../../shared-node/sql/db.js';
import type { PaySysRow } from '../../../dps/format/content.js';
import { refuse } from '../../../upstream/upstream.js';
import { statements } from '../../core/statements.js';
import { type D, dec, fmt, toDb } from '../../decimal.js';
import { fiscalText } from '../kernel/fiscal/text.js';

type Given = NonNullable<ParsedParamsOf<typeof op.pos.checkoutCloseSale>['card_payment']>;

export interface CardPayment {
  readonly amount: D;
  readonly rrn: string;
  readonly authCode: string;
  readonly pan: string;
  readonly paymentSystem: string;
  readonly terminalId: string;
  readonly acquirer: string;
  readonly invoiceNumber: string;
}

/** A whole card number has 13 to 19 digits; a masked one shows at most the first 6 and the last 4. */
const MAX_SHOWN_DIGITS = 10;

const prepare = (d: Db) => ({
  booked: d.prepare<[string, string, string], { check_number: number | null; return_id: number | null }>(
    'SELECT check_number, return_id FROM card_terminal_payments WHERE kind = ? AND terminal_id = ? AND rrn = ?',
  ),
  insert: d.prepare<
    [
      {
        kind: string;
        check_number: number | null;
        return_id: number | null;
        amount: number;
        rrn: string;
        auth_code: string;
        pan: string;
        payment_system: string;
        terminal_id: string;
        acquirer: string;
        invoice_number: string;
        created_at: string;
      },
    ],
    void
  >(
    `INSERT INTO card_terminal_payments (kind, check_number, return_id, amount, rrn, auth_code, pan, payment_system,
         terminal_id, acquirer, invoice_number, created_at)
       VALUES (@kind, @check_number, @return_id, @amount, @rrn, @auth_code, @pan, @payment_system, @terminal_id, @acquirer,
         @invoice_number, @created_at)`,
  ),
});
// One function for the cache key: statements() prepares once per database and function.
const sqlOf = (db: Db) => statements(db, prepare);

/**
 * The approval a request carries, checked against the card part it pays (undefined without one).
 * `kind` says where its RRN must not be booked yet.
 */
export function readCardPayment(
  db: Db,
  given: Given | undefined,
  cardPart: D,
  kind: 'sale' | 'return',
  path = 'params.card_payment',
): CardPayment | undefined {
  if (!given) return undefined;
  if (cardPart.isZero()) throw refuse(path, 'card_payment.without_card_part');
  const amount = dec(given.amount);
  if (!amount.eq(cardPart)) throw refuse(`${path}.amount`, 'card_payment.amount', { approved: fmt(amount), card: fmt(cardPart) });
  const pan = given.pan.trim();
  if ((pan.match(/\d/g) ?? []).length > MAX_SHOWN_DIGITS) throw refuse(`${path}.pan`, 'card_payment.pan_unmasked');
  const rrn = given.rrn.trim();
  const terminalId = given.terminal_id.trim();
  const booked = sqlOf(db).booked.get(kind, terminalId, rrn);
  if (booked) {
    throw kind === 'sale'
      ? refuse(`${path}.rrn`, 'card_payment.rrn_booked', { rrn, terminal: terminalId, check_number: booked.check_number ?? '' })
      : refuse(`${path}.rrn`, 'card_payment.rrn_booked_return', { rrn, terminal: terminalId, return_id: booked.return_id ?? '' });
  }
  return {
    amount,
    rrn,
    authCode: given.auth_code.trim(),
    pan,
    paymentSystem: given.payment_system.trim(),
    terminalId,
    acquirer: given.acquirer.trim(),
    invoiceNumber: given.invoice_number.trim(),
  };
}

/** Keeps the approval with the receipt (or the return) it paid. */
export function bookCardPayment(
  db: Db,
  c: CardPayment,
  of: { readonly checkNumber: number } | { readonly returnId: number },
  at: string,
): void {
  sqlOf(db).insert.run({
    kind: 'checkNumber' in of ? 'sale' : 'return',
    check_number: 'checkNumber' in of ? of.checkNumber : null,
    return_id: 'returnId' in of ? of.returnId : null,
    amount: toDb(c.amount, 'cur'),
    rrn: c.rrn,
    auth_code: c.authCode,
    pan: c.pan,
    payment_system: c.paymentSystem,
    terminal_id: c.terminalId,
    acquirer: c.acquirer,
    invoice_number: c.invoiceNumber,
    created_at: at,
  });
}

/** The PAYSYS row of the card payment, each text as the schema bounds it (Str128, AUTHCD Str64). */
export function paySysRow(c: CardPayment): PaySysRow {
  const opt = (name: keyof PaySysRow, value: string, max: number) => (value === '' ? {} : { [name]: fiscalText(value, max) });
  return {
    ...opt('NAME', c.paymentSystem, 128),
    ...opt('ACQUIRENM', c.acquirer, 128),
    ACQUIRETRANSID: fiscalText(c.rrn, 128),
    ...opt('POSTRANSNUM', c.invoiceNumber, 128),
    ...opt('DEVICEID', c.terminalId, 128),
    ...opt('EPZDETAILS', c.pan, 128),
    ...opt('AUTHCD', c.authCode, 64),
    SUM: c.amount.toFixed(2),
  };
}
