/**
 * What a fiscal document says, field for field as the DPS schemas name them (check01.xsd,
 * zrep01.xsd), apart from its place in the register's chain (the head: numbers, time, offline
 * fields). Money and quantities are the strings the document carries. The back office builds a
 * content from its books, renders it with a head, and keeps it beside the body: a document
 * requeued by a manager must still say the same (integrity.ts), and a Z-report sums the contents
 * of its shift's documents.
 */

export interface CheckTotal {
  readonly SUM: string;
  readonly RNDSUM?: string;
  readonly NORNDSUM?: string;
  readonly DISCOUNTSUM?: string;
  readonly PARTPAYTYPE?: string;
  readonly PARTPAYPERCENT?: string;
  readonly PARTPAYSUM?: string;
  readonly PARTPAYORDPREPAYNUM?: string;
}

/** TROWSPAYSYS's elements the back office writes, in schema order (TAXNUM, ACQUIREPN, POSTRANSDATE and COMMISSION it has no value for). */
export const PAYSYS_FIELDS = [
  'NAME',
  'ACQUIRENM',
  'ACQUIRETRANSID',
  'POSTRANSNUM',
  'DEVICEID',
  'EPZDETAILS',
  'AUTHCD',
  'SUM',
] as const;

/** A payment system's row of a payment (TROWSPAYSYS): a card terminal's approval. */
export interface PaySysRow {
  readonly NAME?: string;
  readonly ACQUIRENM?: string;
  readonly ACQUIRETRANSID?: string;
  readonly POSTRANSNUM?: string;
  readonly DEVICEID?: string;
  readonly EPZDETAILS?: string;
  readonly AUTHCD?: string;
  readonly SUM?: string;
}

export interface PayRow {
  readonly PAYFORMCD: string;
  readonly PAYFORMNM: string;
  readonly SUM: string;
  readonly PROVIDED?: string;
  readonly REMAINS?: string;
  readonly PAYSYS?: readonly PaySysRow[];
}

export interface TaxRowXml {
  readonly TYPE: string;
  readonly NAME: string;
  readonly LETTER: string;
  readonly PRC: string;
  readonly TURNOVER: string;
  readonly SOURCESUM: string;
  readonly SUM: string;
}

export interface BodyRow {
  readonly CODE: string;
  readonly BARCODE?: string;
  readonly UKTZED?: string;
  readonly NAME: string;
  readonly UNITCD?: string;
  readonly UNITNM: string;
  readonly AMOUNT: string;
  readonly PRICE: string;
  readonly LETTERS?: string;
  readonly COST: string;
  readonly DISCOUNTTYPE?: string;
  readonly DISCOUNTSUM?: string;
  readonly PARTPAYSUM?: string;
  readonly EXCISELABELS?: readonly string[];
}

/** A CHECK of DOCTYPE 0: sale, return, service deposit or withdrawal. */
export interface CheckContent {
  readonly doc: 'check';
  readonly DOCSUBTYPE: '0' | '1' | '2' | '4';
  readonly ORDERRETNUM?: string;
  readonly CHECKTOTAL?: CheckTotal;
  readonly CHECKPAY?: readonly PayRow[];
  readonly CHECKTAX?: readonly TaxRowXml[];
  readonly CHECKBODY?: readonly BodyRow[];
}

/** A CHECK with only a head: shift open/close, offline session begin/end. */
export interface HeadOnlyContent {
  readonly doc: 'head';
  readonly DOCTYPE: '100' | '101' | '102' | '103';
  readonly REVOKELASTONLINEDOC?: 'true';
}

export interface ZPay {
  readonly SUM: string;
  readonly RNDSUM?: string;
  readonly NORNDSUM?: string;
  readonly ORDERSCNT: string;
  readonly PAYFORMS?: readonly { PAYFORMCD: string; PAYFORMNM: string; SUM: string }[];
  readonly TAXES?: readonly TaxRowXml[];
}

export interface ZrepContent {
  readonly doc: 'zrep';
  readonly ZREPREALIZ?: ZPay;
  readonly ZREPRETURN?: ZPay;
  readonly ZREPBODY: { readonly SERVICEINPUT: string; readonly SERVICEOUTPUT: string };
}

export type FiscalContent = CheckContent | HeadOnlyContent | ZrepContent;

/** The head: where the document stands in its register's chain and who issued it. */
export interface DocHead {
  readonly UID: string;
  readonly TIN: string;
  readonly IPN?: string;
  readonly ORGNM: string;
  readonly POINTNM: string;
  readonly POINTADDR?: string;
  readonly ORDERDATE: string;
  readonly ORDERTIME: string;
  readonly ORDERNUM: string;
  readonly CASHDESKNUM: string;
  readonly CASHREGISTERNUM: string;
  readonly CASHIER?: string;
  readonly VER: string;
  readonly ORDERTAXNUM?: string;
  readonly OFFLINE?: 'true';
  readonly PREVDOCHASH?: string;
  readonly TESTING?: 'true';
}

/** The total a control number and a QR code carry: the money of a receipt-class document. */
export function contentTotal(c: FiscalContent): string | undefined {
  return c.doc === 'check' ? c.CHECKTOTAL?.SUM : undefined;
}
