/**
 * Service documents of a register's day for the demo: shift open, shift close and the Z-report,
 * shaped like DPS documents so the fiscal-server simulator checks them as it checks receipts.
 */

import { el, writeXml } from '../../../dps/format/xml.js';
import type { D } from '../../decimal.js';
import { fmt } from '../../decimal.js';
import type { Moment } from '../../sales/kernel/moment.js';
import { DOC_TYPES } from '../../sales/kernel/register/doc-types.js';
import { headTime } from '../../sales/kernel/register/head-time.js';

interface Head {
  readonly numprro: string;
  readonly kasm: number;
  readonly orderNum: number;
  readonly cashier: string;
  readonly moment: Moment;
}

const headOf = (h: Head) => {
  const { date, time } = headTime(h.moment);
  return [
    el('ORDERDATE', date),
    el('ORDERTIME', time),
    el('ORDERNUM', String(h.orderNum)),
    el('CASHDESKNUM', String(h.kasm)),
    el('CASHREGISTERNUM', h.numprro),
    el('CASHIER', h.cashier),
  ];
};

export const shiftXml = (type: 'shift_open' | 'shift_close', h: Head): string =>
  writeXml(el('CHECK', [el('CHECKHEAD', [el('DOCTYPE', DOC_TYPES[type].docType), ...headOf(h)])]));

export const zReportXml = (h: Head, total: D, receipts: number): string =>
  writeXml(el('ZREP', [el('ZREPHEAD', headOf(h)), el('ZREPREALIZ', [el('SUM', fmt(total)), el('ORDERSCNT', String(receipts))])]));
