/**
 * The amounts a buyer usually hands over: the exact total, then the next round sums in the
 * banknotes of the hryvnia (10, 20, 50, 100, 200, 500, 1000). At most `max` of them, each above
 * the total and each different.
 */
import { Dec } from '../../money/money.js';

const NOTES = [10, 20, 50, 100, 200, 500, 1000].map((n) => new Dec(n));

export function quickCash(total: Dec, max = 5): Dec[] {
  const out: Dec[] = [total];
  for (const note of NOTES) {
    const next = total.div(note).ceil().mul(note);
    if (next.gt(total) && !out.some((x) => x.eq(next))) out.push(next);
    if (out.length >= max) break;
  }
  return out;
}
