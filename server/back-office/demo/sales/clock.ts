/** The demo's time: every instant is counted back from the shop's "now", in the shop's zone. */
import type { Db } from '../../../../shared-node/sql/db.js';
import type { BackOfficeContext } from '../../handlers.js';

export const DEMO_TIME_ZONE = 'Europe/Kyiv';
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** A back office context for one operation done by `user` at `at`. */
export const contextAt = (db: Db, user: string, at: Date): BackOfficeContext => ({
  db,
  user,
  now: () => at,
  timeZone: DEMO_TIME_ZONE,
});
