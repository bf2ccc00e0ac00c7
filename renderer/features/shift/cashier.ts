/**
 * Who opens the shift. INTEGRATION POINT (cashier sign-in, the lead's part of issue 10): once a
 * cashier signs in at the till, `useSignedInCashier` returns them and the shift opens for them
 * without a choice. Until then it returns null and the shift screen offers the people of
 * catalog.users (pos.cashiers), this till's cashiers first.
 */
import type { ResultRowOf } from '../../../shared/contract/index.js';

export interface Cashier {
  /** The user id pos.shift_open takes. */
  readonly id: number;
  readonly name: string;
}

export function useSignedInCashier(): Cashier | null {
  return null;
}

type CashierRow = ResultRowOf<'pos.cashiers'>;

/** This till's cashiers first (by name, as listed), then everyone else; rows without a usable id are left out. */
export function cashierChoices(rows: readonly CashierRow[], kasm: number): Cashier[] {
  const valid = rows.filter((r) => /^[1-9]\d*$/.test(r.id));
  const here = valid.filter((r) => r.kasx === String(kasm));
  const rest = valid.filter((r) => r.kasx !== String(kasm));
  return [...here, ...rest].map((r) => ({ id: Number(r.id), name: r.name }));
}
