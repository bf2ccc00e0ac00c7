/**
 * The one sign cash rounding is shown with on every paper and screen of the till (the receipt, the
 * X- and Z-report, mixed payment, returns, a debt repaid): the amount paid less the amount due, so
 * due + rounding = paid and a drawer reconciles. 12.57 paid as 12.60 is +0,03; 1 014.10 paid as
 * 1 014.00 is −0,10; a refund's "paid" is what the drawer gave back.
 *
 * The fiscal document writes the same amount the other way round: RNDSUM = NORNDSUM − SUM, the
 * amount due less the amount paid (the DPS schema's "Заокруглення" beside "Загальна сума без
 * заокруглення", and its sample "Заокруглення": SUM 12.60, NORNDSUM 12.57, RNDSUM −0.03). A
 * Z-report's RNDSUM is the sum of its receipts'. So what a document or a report says is shown
 * negated, here and nowhere else.
 */
import { Dec, dec, formatAmount } from './format.js';

/** The rounding shown for an amount paid against an amount due. */
export const roundingOf = (paid: Dec, due: Dec): Dec => paid.minus(due);

/** The rounding shown for a document's RNDSUM ('' or absent: none). */
export const roundingOfRndsum = (rndsum: string | undefined): Dec =>
  rndsum === undefined || rndsum.trim() === '' ? new Dec(0) : dec(rndsum).neg();

/** "+0,03", "−0,10", "0,00": the sign always written, as a change to the amount due. */
export function formatRounding(rounding: Dec): string {
  const shown = formatAmount(rounding);
  return rounding.toDecimalPlaces(2).gt(0) ? `+${shown}` : shown;
}
