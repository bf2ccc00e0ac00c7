/**
 * A register's documents are dated in the order of its chain. A till whose clock went back would
 * write a document dated before the one it follows: the tax server reads the chain as going back
 * in time, and the shift's 24 hours and the offline hours, measured from earlier documents, would
 * shrink. So it is refused, naming both times, until the clock is set right; nothing is written.
 * A change of the clocks is no such step: documents are ordered by the UTC instant, not the wall
 * clock, so 03:30 winter time after 03:30 summer time is later.
 */
import type { Db } from '../../../../../shared-node/sql/db.js';
import { refuse } from '../../../../upstream/upstream.js';
import type { FiscalTill } from '../fiscal/identity.js';
import { type Moment, shownAt } from '../moment.js';
import { prroSql } from './statements.js';

/** A head's time is to the second: within one second two documents are not out of order on paper. */
const second = (ms: number): number => Math.floor(ms / 1000);

/** The register's last document when `now` is an earlier second than it; undefined when the clock is fine. */
export function clockBehind(db: Db, till: FiscalTill, now: Moment): { readonly created_at: string } | undefined {
  const last = prroSql(db).chainTail.get(till.numprro);
  return last && second(now.at.getTime()) < second(new Date(last.created_at).getTime()) ? last : undefined;
}

export function checkClock(db: Db, till: FiscalTill, now: Moment, path: string): void {
  const last = clockBehind(db, till, now);
  if (last) {
    throw refuse(path, 'fiscal.clock_behind', {
      kasm: till.kasm,
      last_at: shownAt(last.created_at, now.timeZone),
      now: shownAt(now.iso, now.timeZone),
    });
  }
}
