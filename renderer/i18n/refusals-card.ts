/** Refusals of a bank card payment's details (shared/contract/refusals-card.ts) in the cashier's words. */
import type { CardRefusalReason } from '../../shared/contract/index.js';

export const ukCard: Record<CardRefusalReason, string> = {
  'card_payment.without_card_part': 'Дані оплати карткою надійшли, а частини чека карткою немає.',
  'card_payment.amount': 'Термінал схвалив {{approved, money}}, а карткою в чеку {{card, money}}.',
  'card_payment.pan_unmasked':
    'Номер картки має надійти прихованим, як його друкує термінал: видно лише перші 6 і останні 4 цифри.',
  'card_payment.rrn_booked': 'Номер операції банку {{rrn}} термінала {{terminal}} уже записано в чеку № {{check_number}}.',
  'card_payment.rrn_booked_return':
    'Номер операції банку {{rrn}} термінала {{terminal}} уже записано в поверненні № {{return_id}}.',
};

export const enCard: Record<CardRefusalReason, string> = {
  'card_payment.without_card_part': 'Card payment details came, but no part of the receipt is paid by card.',
  'card_payment.amount': 'The terminal approved {{approved, money}}, but the card part of the receipt is {{card, money}}.',
  'card_payment.pan_unmasked': 'The card number must be masked as the terminal prints it (4731XXXXXXXX1234).',
  'card_payment.rrn_booked': 'RRN {{rrn}} of terminal {{terminal}} is already booked for receipt No. {{check_number}}.',
  'card_payment.rrn_booked_return': 'RRN {{rrn}} of terminal {{terminal}} is already booked for return No. {{return_id}}.',
};
