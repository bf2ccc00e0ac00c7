/**
 * When an update may be offered and installed: between shifts only. A till with a shift open is
 * selling (a restart mid-sale loses the cashier's basket and closes nothing), a write still waiting
 * in the outbox is a sale not yet delivered (an installer that fails would leave it behind a
 * version that may not start), and a card payment not settled must be asked of the terminal first.
 */
export interface TillFacts {
  /** The till's shift is open (pos.shift_state's shift_id), or unknown: the service did not answer. */
  readonly shift: 'open' | 'closed' | 'unknown';
  /** Writes stored and not yet answered by the service (queued, sending, to reconcile). */
  readonly writesWaiting: number;
  readonly cardPending: boolean;
}

export type GateReason = 'shift_open' | 'shift_unknown' | 'writes_waiting' | 'card_pending';

export function updateGate(f: TillFacts): { readonly open: true } | { readonly open: false; readonly why: GateReason } {
  if (f.shift === 'open') return { open: false, why: 'shift_open' };
  if (f.shift === 'unknown') return { open: false, why: 'shift_unknown' };
  if (f.writesWaiting > 0) return { open: false, why: 'writes_waiting' };
  if (f.cardPending) return { open: false, why: 'card_pending' };
  return { open: true };
}
