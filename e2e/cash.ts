/** Cash at the demo shop's till is rounded by the NBU rule for today (shared/fiscal/rounding.ts). */
import { DEFAULT_STEPS, roundCashKopecks, stepOn } from '../shared/fiscal/rounding.js';

/** The shop's date today (YYYY-MM-DD): which rounding step and which discount actions apply. */
export const todayInKyiv = (): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Kyiv', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );

/** The cash due for an exact amount in kopecks, rounded as the till and the back office round it today. */
export const cashDue = (kopecks: number): number => roundCashKopecks(kopecks, stepOn(DEFAULT_STEPS, todayInKyiv()));
