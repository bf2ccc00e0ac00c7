/**
 * How long each kind of request may take before the till stops waiting. A purchase waits for the
 * buyer: the card, perhaps a PIN, the bank's answer; the integrator document gives no bound, and
 * terminals time the buyer out themselves within about two minutes, so the till waits a little
 * longer than that. A report prints on the terminal. The rest answer at once.
 */
export const TIMEOUTS = {
  payment: 150_000,
  report: 90_000,
  quick: 8_000,
} as const;

export type Timeouts = { readonly [K in keyof typeof TIMEOUTS]: number };
