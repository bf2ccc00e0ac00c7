/**
 * Kyiv's wall clock, which the tax server reads and writes every date in: a document's
 * ORDERDATE/ORDERTIME (ddMMyyyy, HHmmss), a ticket's, and the ISO 8601 times with offset of its
 * JSON answers; the zone arithmetic is shared/time/zone.ts's, as the back office's.
 */
import { instantOfWall, localDateTime } from '../../../shared/time/zone.js';

const ZONE = 'Europe/Kyiv';

export interface KyivWall {
  /** ddMMyyyy */
  readonly date: string;
  /** HHmmss */
  readonly time: string;
  /** ISO 8601 with Kyiv's offset, e.g. 2025-03-14T12:00:00+02:00. */
  readonly iso: string;
  /** The wall clock's fields read as if they were UTC: what the DPS server writes into its signing-time. */
  readonly wallAsUtc: Date;
}

export function kyivWall(at: Date): KyivWall {
  const iso = localDateTime(at, ZONE);
  return {
    date: `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}`,
    time: `${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}`,
    iso,
    wallAsUtc: new Date(`${iso.slice(0, 19)}Z`),
  };
}

/**
 * The instant of a Kyiv wall-clock reading (ddMMyyyy + HHmmss), read with the offset Kyiv had
 * then: an offline session's hours are real hours, so one over the March change is not an hour
 * longer than it lasted. In the hour the October change repeats, the later (winter) one.
 */
export function instantOfKyivWall(date: string, time: string): number {
  const wall = Date.UTC(
    Number(date.slice(4, 8)),
    Number(date.slice(2, 4)) - 1,
    Number(date.slice(0, 2)),
    Number(time.slice(0, 2)),
    Number(time.slice(2, 4)),
    Number(time.slice(4, 6)),
  );
  return instantOfWall(wall, ZONE);
}
