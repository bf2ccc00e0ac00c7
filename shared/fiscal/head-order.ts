/**
 * The order of a document head's elements, in one place: the DPS schemas (check01.xsd,
 * zrep01.xsd) take them in this order only. Building a head and patching one both follow it, and
 * so does the manager's correction form in the PRRO queue, which may add a head element.
 */
/** Every element a CHECKHEAD / ZREPHEAD may hold, in schema order. */
export const HEAD_ORDER = [
  'DOCTYPE',
  'DOCSUBTYPE',
  'UID',
  'TIN',
  'IPN',
  'ORGNM',
  'POINTNM',
  'POINTADDR',
  'ORDERDATE',
  'ORDERTIME',
  'ORDERNUM',
  'CASHDESKNUM',
  'CASHREGISTERNUM',
  'ORDERRETNUM',
  'ORDERSTORNUM',
  'OPERTYPENM',
  'VEHICLERN',
  'REVOKELASTONLINEDOC',
  'CASHIER',
  'LOGOURL',
  'COMMENT',
  'VER',
  'ORDERTAXNUM',
  'OFFLINE',
  'PREVDOCHASH',
  'REVOKED',
  'STORNED',
  'TESTING',
] as const;

export type HeadElement = (typeof HEAD_ORDER)[number];

/** The head elements from `first` to `last`, both included, in schema order. */
export function headRun(first: HeadElement, last: HeadElement): readonly HeadElement[] {
  return HEAD_ORDER.slice(HEAD_ORDER.indexOf(first), HEAD_ORDER.indexOf(last) + 1);
}
