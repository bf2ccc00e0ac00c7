/**
 * What a piece of back-office code waits for on PostgreSQL, counted where SyncPg sends it (issue
 * 24): every `query` and every `pipeline` is one round trip. Counted, not timed, so a test can
 * say how many a close or a lookup may take.
 */
import { SyncPg } from '../../shared-node/pg/sync-pg.js';

export function roundTripsOf(fn: () => unknown): number {
  const { query, pipeline } = SyncPg.prototype;
  let trips = 0;
  SyncPg.prototype.query = function (this: SyncPg, ...args: Parameters<SyncPg['query']>) {
    trips++;
    return query.apply(this, args);
  };
  SyncPg.prototype.pipeline = function (this: SyncPg, ...args: Parameters<SyncPg['pipeline']>) {
    trips++;
    return pipeline.apply(this, args);
  };
  try {
    fn();
  } finally {
    Object.assign(SyncPg.prototype, { query, pipeline });
  }
  return trips;
}
