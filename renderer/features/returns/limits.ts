/**
 * The return above which a manager confirms it with a PIN (issue 10: "manager PIN above the
 * limit"). One constant, here: 1000.00 UAH, about a day's cash of a small till's returns and far
 * above an everyday return of a few items. It is the till's rule, not the back office's; a shop
 * setting can replace it later without touching the dialog, which reads only this.
 */
import { type Dec, dec } from '../../money/money.js';

export const MANAGER_RETURN_LIMIT = '1000.00';

/** The money a return pays back (its total) needs a manager when it is above the limit. */
export const needsManager = (total: Dec, limit: string = MANAGER_RETURN_LIMIT): boolean => total.gt(dec(limit));
