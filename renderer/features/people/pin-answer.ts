/**
 * What a PIN check answered (pos.cashier_sign_in, pos.manager_confirm), as the dialogs word it.
 * A wrong PIN and a lockout are answers of the back office, not failures of the call.
 */
export type PinAnswer =
  | { readonly kind: 'ok'; readonly row: Readonly<Record<string, string | null>> }
  | { readonly kind: 'wrongPin'; readonly attemptsLeft: number }
  | { readonly kind: 'locked'; readonly until: string };

export function pinAnswer(row: Readonly<Record<string, unknown>> | undefined): PinAnswer {
  const outcome = row?.outcome;
  if (outcome === 'wrong_pin') return { kind: 'wrongPin', attemptsLeft: Number(row?.attempts_left ?? 0) };
  if (outcome === 'locked') return { kind: 'locked', until: String(row?.locked_until ?? '') };
  if (outcome === 'signed_in' || outcome === 'confirmed') {
    return { kind: 'ok', row: row as Readonly<Record<string, string | null>> };
  }
  throw new Error(`the back office answered a PIN check with ${String(outcome)}`);
}

/** A PIN as the contract takes it: 4 to 12 digits. */
export const isPin = (pin: string): boolean => /^\d{4,12}$/.test(pin);
