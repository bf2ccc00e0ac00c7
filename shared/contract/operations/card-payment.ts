/**
 * A bank card terminal's approval of the card part of a receipt or a return, as the till sends it
 * with the close (pos.checkout_close_sale) or the return (pos.checkout_return): what the fiscal
 * document's PAYSYS row (check01.xsd TROWSPAYSYS) and the paper carry. The lengths are the
 * schema's: Str128, AUTHCD Str64.
 */
import { dec, obj, opt, req, str } from '../dsl/params.js';

const text = (max: number) => opt(str(max, { noControl: true }), '');

export const cardPayment = obj({
  /** What the terminal approved: the card part, to the kopeck. */
  amount: req(dec('cur', 32, { signed: false, minValue: '0', exclusiveMin: true })),
  /** The acquirer's id of the operation (ACQUIRETRANSID); one terminal's RRN is booked once. */
  rrn: req(str(128, { min: 1, noControl: true })),
  auth_code: text(64),
  /** The card number masked as the terminal prints it (EPZDETAILS); a whole one is refused. */
  pan: text(128),
  payment_system: text(128),
  /** The terminal's id (DEVICEID). */
  terminal_id: text(128),
  acquirer: text(128),
  /** The terminal's receipt number (POSTRANSNUM). */
  invoice_number: text(128),
});

export const CARD_PAYMENT_NOTE =
  "card_payment: the bank card terminal's approval of the card part (amount = the card part; rrn, auth_code, the masked pan, payment_system, terminal_id, acquirer, invoice_number), written into the fiscal document's PAYSYS row of the card payment and kept with it; a terminal's RRN is booked once (card_payment.rrn_booked), a whole card number is refused";
