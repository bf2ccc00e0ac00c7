/**
 * The sums a fiscal server checks in a receipt: the rows add up to the total (after their
 * discounts), the payments to what was paid (all of it, or the partial payment), the rounding
 * to the difference, and each tax to its rate. Problems are worded for a store manager.
 */
import { Decimal } from 'decimal.js';
import type { CheckContent } from '../format/content.js';

// The documents' sums are kopecks with at most a few places: 40 digits keep every step exact.
const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
type D = InstanceType<typeof D>;

const money = (s: string | undefined): D => new D((s ?? '0').replace(',', '.'));
const show = (v: D) => v.toFixed(2);

export function sumsProblem(c: CheckContent): string | undefined {
  const t = c.CHECKTOTAL;
  if (!t) return c.DOCSUBTYPE === '0' || c.DOCSUBTYPE === '1' ? 'чек не містить підсумку (CHECKTOTAL)' : undefined;
  if (c.DOCSUBTYPE === '2' || c.DOCSUBTYPE === '4') return undefined;
  const rows = c.CHECKBODY ?? [];
  if (rows.length === 0) return 'чек не містить жодного рядка товару (CHECKBODY/ROW)';
  const goods = rows.reduce((s, r) => s.plus(money(r.COST)).minus(money(r.DISCOUNTSUM)), new D(0));
  const paid = (c.CHECKPAY ?? []).reduce((s, p) => s.plus(money(p.SUM)), new D(0));
  const rounding = money(t.RNDSUM);
  if (t.PARTPAYTYPE === undefined) {
    if (!money(t.SUM).plus(rounding).eq(goods)) {
      return `сума рядків ${show(goods)} не дорівнює сумі чека ${show(money(t.SUM))} з заокругленням ${show(rounding)}`;
    }
    if (!paid.eq(money(t.SUM))) return `сума оплат ${show(paid)} не дорівнює сумі чека ${show(money(t.SUM))}`;
  } else {
    if (!money(t.SUM).eq(goods)) return `сума рядків ${show(goods)} не дорівнює сумі чека ${show(money(t.SUM))}`;
    if (!paid.eq(money(t.PARTPAYSUM))) {
      return `сума оплат ${show(paid)} не дорівнює сумі часткової оплати ${show(money(t.PARTPAYSUM))}`;
    }
  }
  if (
    t.NORNDSUM !== undefined &&
    !money(t.NORNDSUM)
      .minus(rounding)
      .eq(t.PARTPAYTYPE ? money(t.PARTPAYSUM) : money(t.SUM))
  ) {
    return `заокруглення ${show(rounding)} не дорівнює різниці NORNDSUM ${show(money(t.NORNDSUM))} і сплаченої суми`;
  }
  for (const tax of c.CHECKTAX ?? []) {
    const prc = money(tax.PRC);
    const expected = money(tax.SOURCESUM).mul(prc).div(prc.plus(100));
    if (money(tax.SUM).minus(expected).abs().gt('0.01')) {
      return `податок ${tax.LETTER} ${show(money(tax.SUM))} не відповідає ставці ${tax.PRC}% від ${show(money(tax.SOURCESUM))}`;
    }
  }
  return undefined;
}
