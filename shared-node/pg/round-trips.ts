/**
 * What a piece of back-office code sends to PostgreSQL (issue 24), counted where SyncPg sends it:
 * every `query` and every `pipeline` is one round trip, each with its statements. Counted, not
 * timed, so a test can say how many a close or a lookup may take.
 */
import { SyncPg } from './sync-pg.js';

export interface Sent {
  readonly trips: number;
  readonly statements: number;
}

export function sentBy(fn: () => unknown): Sent {
  const { query, pipeline } = SyncPg.prototype;
  const sent = { trips: 0, statements: 0 };
  SyncPg.prototype.query = function (this: SyncPg, ...args: Parameters<SyncPg['query']>) {
    sent.trips++;
    sent.statements++;
    return query.apply(this, args);
  };
  SyncPg.prototype.pipeline = function (this: SyncPg, ...args: Parameters<SyncPg['pipeline']>) {
    sent.trips++;
    sent.statements += args[0].length;
    return pipeline.apply(this, args);
  };
  try {
    fn();
  } finally {
    Object.assign(SyncPg.prototype, { query, pipeline });
  }
  return sent;
}

export const roundTripsOf = (fn: () => unknown): number => sentBy(fn).trips;
