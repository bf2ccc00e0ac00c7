/**
 * The one sign cash rounding is shown with on every paper and screen of the till: the amount paid
 * less the amount due (shared/money/rounding-shown.ts says why, and is what the papers use in the
 * interface and in the main process alike).
 */
export { formatRounding, roundingOf, roundingOfRndsum } from '../../shared/money/rounding-shown.js';
