/**
 * The totals of a shift from its documents (shared/fiscal/choices.ts, "shifts"): sales and
 * returns with their money by form, rounding and taxes, and the service deposits and
 * withdrawals. The Z-report says exactly these, so it always equals the sum of the shift's
 * documents; the X-report is the same reading of an open shift.
 */

import type { CheckContent, FiscalContent, TaxRowXml, ZPay, ZrepContent } from '../../../../dps/format/content.js';
import { D, dec } from '../../../decimal.js';
import { ZERO } from '../money.js';

interface PayAcc {
  sum: D;
  rnd: D;
  nornd: D;
  rounded: boolean;
  count: number;
  forms: Map<string, { name: string; sum: D }>;
  taxes: Map<string, { row: TaxRowXml; turnover: D; source: D; sum: D }>;
}

const emptyAcc = (): PayAcc => ({
  sum: ZERO,
  rnd: ZERO,
  nornd: ZERO,
  rounded: false,
  count: 0,
  forms: new Map(),
  taxes: new Map(),
});

function add(acc: PayAcc, c: CheckContent): void {
  const t = c.CHECKTOTAL;
  const paid = dec((t?.PARTPAYTYPE ? t.PARTPAYSUM : t?.SUM) ?? '0');
  const rnd = dec(t?.RNDSUM ?? '0');
  acc.sum = acc.sum.plus(paid);
  acc.rnd = acc.rnd.plus(rnd);
  acc.nornd = acc.nornd.plus(paid).plus(rnd);
  acc.rounded ||= t?.RNDSUM !== undefined;
  acc.count++;
  for (const p of c.CHECKPAY ?? []) {
    const f = acc.forms.get(p.PAYFORMCD) ?? { name: p.PAYFORMNM, sum: ZERO };
    acc.forms.set(p.PAYFORMCD, { name: f.name, sum: f.sum.plus(dec(p.SUM)) });
  }
  for (const x of c.CHECKTAX ?? []) {
    const key = `${x.TYPE}:${x.LETTER}:${x.PRC}`;
    const a = acc.taxes.get(key) ?? { row: x, turnover: ZERO, source: ZERO, sum: ZERO };
    acc.taxes.set(key, {
      row: a.row,
      turnover: a.turnover.plus(dec(x.TURNOVER)),
      source: a.source.plus(dec(x.SOURCESUM)),
      sum: a.sum.plus(dec(x.SUM)),
    });
  }
}

const x2 = (v: D) => v.toFixed(2);

function zPay(acc: PayAcc): ZPay | undefined {
  if (acc.count === 0) return undefined;
  const forms = [...acc.forms].sort(([a], [b]) => Number(a) - Number(b));
  const taxes = [...acc.taxes.values()].sort((a, b) => (a.row.LETTER < b.row.LETTER ? -1 : a.row.LETTER > b.row.LETTER ? 1 : 0));
  return {
    SUM: x2(acc.sum),
    ...(acc.rounded ? { RNDSUM: x2(acc.rnd), NORNDSUM: x2(acc.nornd) } : {}),
    ORDERSCNT: String(acc.count),
    ...(forms.length > 0 ? { PAYFORMS: forms.map(([code, f]) => ({ PAYFORMCD: code, PAYFORMNM: f.name, SUM: x2(f.sum) })) } : {}),
    ...(taxes.length > 0
      ? {
          TAXES: taxes.map((t) => ({
            TYPE: t.row.TYPE,
            NAME: t.row.NAME,
            LETTER: t.row.LETTER,
            PRC: t.row.PRC,
            TURNOVER: x2(t.turnover),
            SOURCESUM: x2(t.source),
            SUM: x2(t.sum),
          })),
        }
      : {}),
  };
}

/** The Z-report content of a shift's documents (in chain order; withdrawn ones left out by the caller). */
export function shiftTotals(contents: readonly FiscalContent[]): ZrepContent {
  const realiz = emptyAcc();
  const ret = emptyAcc();
  let input = new D(0);
  let output = new D(0);
  for (const c of contents) {
    if (c.doc !== 'check') continue;
    if (c.DOCSUBTYPE === '0') add(realiz, c);
    if (c.DOCSUBTYPE === '1') add(ret, c);
    if (c.DOCSUBTYPE === '2') input = input.plus(dec(c.CHECKTOTAL?.SUM ?? '0'));
    if (c.DOCSUBTYPE === '4') output = output.plus(dec(c.CHECKTOTAL?.SUM ?? '0'));
  }
  const r = zPay(realiz);
  const b = zPay(ret);
  return {
    doc: 'zrep',
    ...(r ? { ZREPREALIZ: r } : {}),
    ...(b ? { ZREPRETURN: b } : {}),
    ZREPBODY: { SERVICEINPUT: x2(input), SERVICEOUTPUT: x2(output) },
  };
}
