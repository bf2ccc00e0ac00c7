/** Refusal reasons of a bank card payment's details (the card terminal's approval a close or a return carries). */
export const CARD_REFUSALS = {
  'card_payment.without_card_part': 'card payment details came with no bank card part (bn) to carry them',
  'card_payment.amount': 'the terminal approved {approved}, but the bank card part is {card}',
  'card_payment.pan_unmasked': 'the card number must come masked as the terminal prints it (4731XXXXXXXX1234), never whole',
  'card_payment.rrn_booked': 'the RRN {rrn} of terminal {terminal} is already booked for receipt {check_number}',
  'card_payment.rrn_booked_return': 'the RRN {rrn} of terminal {terminal} is already booked for return {return_id}',
} as const satisfies Record<string, string>;

export type CardRefusalReason = keyof typeof CARD_REFUSALS;
