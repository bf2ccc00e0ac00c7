/**
 * Which outbox writes may be sent beside others, decided from the method and its params alone,
 * conservatively: a write is independent only when it is a step of one plain sale (a line, a
 * mixed-payment split, a close) and names nothing another sale can touch. Every other write is a
 * barrier: the drainer sends it after every earlier write was answered and before any later one.
 *
 * Independent, and why that is safe:
 *  - pos.checkout_apply_sale_line, pos.checkout_store_mixed_payment, pos.checkout_close_sale
 *    change their own sale document (ndoc). What they share with other sales is ordered by
 *    barriers: the shift they need is opened and closed by barrier writes, the till's pending
 *    excise stamps are scanned, bound and released by barrier writes (and a line that reserves
 *    them, or a close whose rows carry stamps, is one itself), and a customer card's bonus, debt
 *    or discount changes only through writes that name the card, which are barriers. The close of
 *    a sale whose stamps come from the pending pool without being listed in its rows is taken as
 *    stamp-free; the till always lists them (renderer close-request.ts). A close's card_payment
 *    (the bank card terminal's approval) is that sale's own: an RRN the back office has booked
 *    already is refused whatever the order, so it need not wait behind other sales.
 *  - What two plain sales still share is the stock and the register's chain, both written under
 *    the service's own transaction in the order the writes arrive. A sale is never refused for
 *    stock (the back office sells below zero and flags it), so side by side two sales of the same
 *    goods may only swap which FIFO batch each takes. Receipts carry no time of their own (the
 *    service stamps them), so the chain in arrival order is as valid as any.
 *
 * The params each independent write may carry set are its registry spec's `desk.freeOfOrder`
 * (shared/contract/operations/pos-desk.ts); a card, bonus, debt, certificate or stamp is not among
 * them. Any other param with a value (not empty, not zero) makes the write a barrier, so a param added to the contract later is
 * a barrier until someone decides otherwise. A write carrying a manager's confirmation is a barrier
 * too (the confirmation is another write's).
 */
import { freeOfOrder } from '../../../shared/contract/desk-rules.js';
import type { FreeOfOrder } from '../../../shared/contract/index.js';
import type { Pending } from './store.js';

/** How a write stands to the others: a barrier, or independent with the keys it must keep order on. */
export type Dependency = { readonly barrier: true } | { readonly barrier: false; readonly keys: readonly string[] };

const BARRIER: Dependency = { barrier: true };

export function dependencyOf(p: Pending): Dependency {
  const free = freeOfOrder(p.item.method);
  if (!free || p.confirmation !== null) return BARRIER;
  for (const [name, value] of Object.entries(p.params)) {
    if (!free.params.includes(name) && !isUnset(value)) return BARRIER;
  }
  if (!plainLists(free, p.params)) return BARRIER;
  // The group is the caller's order; the sale document is named too, in case a caller split one sale into groups.
  const ndoc = p.params.ndoc;
  return { barrier: false, keys: isUnset(ndoc) ? [group(p)] : [group(p), `ndoc:${String(ndoc)}`] };
}

const group = (p: Pending) => `group:${p.item.group}`;

/** Each list the rules name is a list whose items set only their free members, with a free value (a close: paid in cash or by bank card only, its rows without stamps). */
function plainLists(free: FreeOfOrder, params: Record<string, unknown>): boolean {
  return Object.entries(free.lists ?? {}).every(([name, rule]) => {
    const list = params[name];
    return (
      Array.isArray(list) &&
      list.every(
        (item) =>
          typeof item === 'object' &&
          item !== null &&
          Object.entries(item).every(([k, v]) => rule.members.includes(k) || isUnset(v)) &&
          Object.entries(rule.values ?? {}).every(([k, allowed]) =>
            allowed.includes((item as Record<string, unknown>)[k] as string),
          ),
      )
    );
  });
}
/** Absent, empty, zero or false: the param says nothing. */
function isUnset(v: unknown): boolean {
  if (v === undefined || v === null || v === false || v === 0 || v === '') return true;
  if (typeof v === 'string') return /^[+-]?0*(\.0*)?$/.test(v.trim());
  if (Array.isArray(v)) return v.length === 0;
  return false;
}
