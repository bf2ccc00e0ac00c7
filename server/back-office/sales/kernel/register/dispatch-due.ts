/**
 * Whether a write gave the fiscal dispatcher (prro/server/dispatch.ts) something to do, said where
 * it happens rather than guessed from the operation's name: a document put in a register's chain
 * (issueDocument), a register's key unlocked (KeyRing.unlock), a register given to another till or
 * taken over as this installation's device, the demo's tax server reachable again. The service
 * sends at once only after such a write (server/clients/back-office.ts), so the customer's receipt
 * carries its fiscal number; any other write costs no walk over the registers' queues. What a mark
 * misses waits for the dispatcher's interval round, the safety net.
 *
 * The queue's own changes (a manager's requeue or withdrawal, a client's own document) mark
 * nothing: they go at the next round, as they always did.
 *
 * One mark per database, taken by the back office after each write (back-office.ts): a write runs
 * synchronously from its first statement to its settle on one connection, so no other write can
 * mark or take in between. If writes on one database ever overlap, the mark must move to the
 * write's own context. The set is this module's, so each thread has its own: a database (a Db, one
 * connection) is opened and used by one thread only — on PostgreSQL one of the service's back office
 * threads (server/clients/threads/), where its dispatcher runs too.
 */
import type { Db } from '../../../../../shared-node/sql/db.js';

const due = new WeakSet<Db>();

/** Says that what the dispatcher would do has changed: there is something to send, or to send with. */
export function markDispatchDue(db: Db): void {
  due.add(db);
}

/** Whether anything was marked since the last take; the mark is cleared. */
export function takeDispatchDue(db: Db): boolean {
  return due.delete(db);
}
