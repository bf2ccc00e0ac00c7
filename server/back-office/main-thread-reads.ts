/**
 * The reads the service's main thread may perform itself on PostgreSQL (server/clients/main-reads/)
 * rather than hand to a back office thread: a till's lookups, the calls it makes most (a scan, a
 * card). Each is on the list after its code was read for what it touches: it only reads the
 * database, in one round trip; it keeps nothing per database beside prepared statements (no key
 * ring, no cache that a write in a thread would have to change); it reads no clock. Another read
 * may join after the same reading. A listed read that did more than read would fail on the main
 * thread's read-only session and be made again by a thread (main-reads.ts).
 */
import { type OperationName, op } from '../../shared/contract/index.js';

export const MAIN_THREAD_READS: ReadonlySet<OperationName> = new Set<OperationName>([
  op.pos.findCode,
  op.goods.cardOpen,
  op.goods.cardMain,
]);
