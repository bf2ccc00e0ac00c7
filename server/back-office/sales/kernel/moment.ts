/**
 * One instant of a business operation, taken once so every row a write touches carries the same
 * time: stored as UTC ISO (sorts as text), filtered by the shop-local date, shown with its offset.
 */
import { localDate, localDateTime } from '../../../../shared/time/zone.js';
import type { BackOfficeContext } from '../../handlers.js';

export interface Moment {
  readonly at: Date;
  /** UTC ISO 8601, what the tables store. */
  readonly iso: string;
  /** The shop's calendar date, what reports and filters use. */
  readonly date: string;
  readonly timeZone: string;
}

export function momentAt(at: Date, timeZone: string): Moment {
  return { at, iso: at.toISOString(), date: localDate(at, timeZone), timeZone };
}

export const momentOf = (ctx: BackOfficeContext): Moment => momentAt(ctx.now(), ctx.timeZone);

/** A stored UTC ISO instant as the contract's date-time with the shop's offset. */
export const shownAt = (iso: string, timeZone: string): string => localDateTime(new Date(iso), timeZone);
