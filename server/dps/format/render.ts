/**
 * A fiscal document as the tax service takes it: the head and the content in schema order
 * (check01.xsd / zrep01.xsd: the order of elements matters), written as XML and encoded
 * windows-1251. Optional elements without a value are left out, never written empty.
 */
import { encodeCp1251 } from '../../../shared/fiscal/cp1251.js';
import { headRun } from '../../../shared/fiscal/head-order.js';
import {
  type BodyRow,
  type CheckContent,
  type DocHead,
  type FiscalContent,
  PAYSYS_FIELDS,
  type PayRow,
  type TaxRowXml,
  type ZPay,
  type ZrepContent,
} from './content.js';
import { el, writeXml, type XmlNode } from './xml.js';

type Fields = Readonly<Record<string, string | undefined>>;

/** Elements for the named fields that have a value, in the order given. */
const pick = (from: Fields, names: readonly string[]): XmlNode[] =>
  names.flatMap((n) => (from[n] === undefined ? [] : [el(n, from[n] as string)]));

const rows = (items: readonly XmlNode[][]): XmlNode[] =>
  items.map((children, i) => el('ROW', children, { ROWNUM: String(i + 1) }));

/** Head elements of CHECKHEAD around the type-specific ones (schema order: shared/fiscal/head-order.ts). */
const HEAD_START = headRun('UID', 'CASHREGISTERNUM');
const HEAD_END = headRun('VER', 'PREVDOCHASH');
const TOTAL = ['SUM', 'RNDSUM', 'NORNDSUM', 'DISCOUNTSUM', 'PARTPAYTYPE', 'PARTPAYPERCENT', 'PARTPAYSUM', 'PARTPAYORDPREPAYNUM'];
const PAY = ['PAYFORMCD', 'PAYFORMNM', 'SUM', 'PROVIDED', 'REMAINS'];
const TAX = ['TYPE', 'NAME', 'LETTER', 'PRC', 'TURNOVER', 'SOURCESUM', 'SUM'];
const BODY = ['CODE', 'BARCODE', 'UKTZED', 'NAME', 'UNITCD', 'UNITNM', 'AMOUNT', 'PRICE', 'LETTERS', 'COST'];
const BODY_DISCOUNT = ['DISCOUNTTYPE', 'DISCOUNTSUM', 'PARTPAYSUM'];

const taxRows = (taxes: readonly TaxRowXml[]) => rows(taxes.map((t) => pick(t as unknown as Fields, TAX)));

function bodyRow(r: BodyRow): XmlNode[] {
  const fields = r as unknown as Fields;
  const labels = r.EXCISELABELS ?? [];
  return [
    ...pick(fields, BODY),
    ...pick(fields, BODY_DISCOUNT),
    ...(labels.length > 0 ? [el('EXCISELABELS', rows(labels.map((m) => [el('EXCISELABEL', m)])))] : []),
  ];
}

function payRow(p: PayRow): XmlNode[] {
  const sys = p.PAYSYS ?? [];
  return [
    ...pick(p as unknown as Fields, PAY),
    ...(sys.length > 0 ? [el('PAYSYS', rows(sys.map((r) => pick(r as Fields, PAYSYS_FIELDS))))] : []),
  ];
}

function checkHead(head: DocHead, docType: string, extra: { subtype?: string; retNum?: string; revoke?: string }): XmlNode {
  const h = head as unknown as Fields;
  return el('CHECKHEAD', [
    el('DOCTYPE', docType),
    ...(extra.subtype === undefined ? [] : [el('DOCSUBTYPE', extra.subtype)]),
    ...pick(h, HEAD_START),
    ...(extra.retNum === undefined ? [] : [el('ORDERRETNUM', extra.retNum)]),
    ...(extra.revoke === undefined ? [] : [el('REVOKELASTONLINEDOC', extra.revoke)]),
    ...pick(h, ['CASHIER']),
    ...pick(h, HEAD_END),
    ...pick(h, ['TESTING']),
  ]);
}

function check(head: DocHead, c: CheckContent): XmlNode {
  const parts: XmlNode[] = [checkHead(head, '0', { subtype: c.DOCSUBTYPE, retNum: c.ORDERRETNUM })];
  if (c.CHECKTOTAL) parts.push(el('CHECKTOTAL', pick(c.CHECKTOTAL as unknown as Fields, TOTAL)));
  if (c.CHECKPAY?.length) parts.push(el('CHECKPAY', rows(c.CHECKPAY.map(payRow))));
  if (c.CHECKTAX?.length) parts.push(el('CHECKTAX', taxRows(c.CHECKTAX)));
  if (c.CHECKBODY?.length) parts.push(el('CHECKBODY', rows(c.CHECKBODY.map(bodyRow))));
  return el('CHECK', parts);
}

function zPay(name: string, z: ZPay): XmlNode {
  return el(name, [
    ...pick(z as unknown as Fields, ['SUM', 'RNDSUM', 'NORNDSUM', 'ORDERSCNT']),
    ...(z.PAYFORMS?.length ? [el('PAYFORMS', rows(z.PAYFORMS.map((p) => pick(p, ['PAYFORMCD', 'PAYFORMNM', 'SUM']))))] : []),
    ...(z.TAXES?.length ? [el('TAXES', taxRows(z.TAXES))] : []),
  ]);
}

function zrep(head: DocHead, c: ZrepContent): XmlNode {
  const h = head as unknown as Fields;
  return el('ZREP', [
    el('ZREPHEAD', [...pick(h, HEAD_START), ...pick(h, ['CASHIER']), ...pick(h, HEAD_END), ...pick(h, ['TESTING'])]),
    ...(c.ZREPREALIZ ? [zPay('ZREPREALIZ', c.ZREPREALIZ)] : []),
    ...(c.ZREPRETURN ? [zPay('ZREPRETURN', c.ZREPRETURN)] : []),
    el('ZREPBODY', pick(c.ZREPBODY, ['SERVICEINPUT', 'SERVICEOUTPUT'])),
  ]);
}

export const DPS_ENCODING = 'windows-1251';

export function renderXml(head: DocHead, content: FiscalContent): string {
  switch (content.doc) {
    case 'check':
      return writeXml(check(head, content), DPS_ENCODING);
    case 'head':
      return writeXml(el('CHECK', [checkHead(head, content.DOCTYPE, { revoke: content.REVOKELASTONLINEDOC })]), DPS_ENCODING);
    case 'zrep':
      return writeXml(zrep(head, content), DPS_ENCODING);
  }
}

/** The document as sent: its bytes, whose SHA-256 is the document's hash. */
export const renderDocument = (head: DocHead, content: FiscalContent): Buffer =>
  Buffer.from(encodeCp1251(renderXml(head, content)));
