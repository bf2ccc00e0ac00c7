/**
 * A shift's totals as result rows, the same for the X-report screen (pos.shift_x_report) and the
 * report's paper (pos.shift_report_print): per kind (sales, returns) the sum with its rounding as
 * the document writes it (RNDSUM, NORNDSUM − SUM), the money by form and the taxes by letter, then
 * the service deposits and withdrawals.
 */
import type { ZPay, ZrepContent } from '../../../../dps/format/content.js';
import { dec, fmt } from '../../../decimal.js';

function payRows(kind: 'sales' | 'returns', z: ZPay | undefined) {
  if (!z) return [];
  return [
    { tag: 'TOTAL', kind, sum: z.SUM, rnd_sum: z.RNDSUM ?? '0.00', nornd_sum: z.NORNDSUM ?? z.SUM, count: z.ORDERSCNT },
    ...(z.PAYFORMS ?? []).map((f) => ({ tag: 'PAYFORM', kind, code: f.PAYFORMCD, name: f.PAYFORMNM, sum: f.SUM })),
    ...(z.TAXES ?? []).map((t) => ({
      tag: 'TAX',
      kind,
      type: t.TYPE,
      letter: t.LETTER,
      name: t.NAME,
      prc: fmt(dec(t.PRC), 'pct'),
      turnover: t.TURNOVER,
      source: t.SOURCESUM,
      sum: t.SUM,
    })),
  ];
}

export const totalsRows = (z: ZrepContent) => [
  ...payRows('sales', z.ZREPREALIZ),
  ...payRows('returns', z.ZREPRETURN),
  { tag: 'SERVICE', input: z.ZREPBODY.SERVICEINPUT, output: z.ZREPBODY.SERVICEOUTPUT },
];
