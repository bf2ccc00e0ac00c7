/**
 * The one sign cash rounding is shown with on every paper and screen of the till: the amount paid
 * less the amount due (shared/money/rounding-shown.ts says why, and is what the papers use in the
 * interface and in the main process alike).
 */
import { formatRounding } from '../../shared/money/rounding-shown.js';
import { type Dec, dec } from './money.js';

export { formatRounding, roundingOf, roundingOfRndsum } from '../../shared/money/rounding-shown.js';

/** The same with the currency, as screens say an amount: "+0,03 ₴". */
export const formatRoundingMoney = (rounding: Dec | string): string =>
  `${formatRounding(typeof rounding === 'string' ? dec(rounding) : rounding)}\u00a0₴`;
