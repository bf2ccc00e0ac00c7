/**
 * Fiscal document types of the queue and how each looks in DPS XML: the root element, DOCTYPE
 * and, for receipts, DOCSUBTYPE. Codes follow the DPS format of PRRO documents (CHECK / ZREP).
 * Uncertain: the DOCSUBTYPE codes of service deposit/withdrawal and storno are from public
 * descriptions of that format; verify against the current DPS specification before real use.
 */
export const DOC_TYPES = {
  receipt: { root: 'CHECK', docType: '0', subType: '0' },
  return: { root: 'CHECK', docType: '0', subType: '1' },
  service_deposit: { root: 'CHECK', docType: '0', subType: '2' },
  service_withdrawal: { root: 'CHECK', docType: '0', subType: '4' },
  storno: { root: 'CHECK', docType: '0', subType: '5' },
  shift_open: { root: 'CHECK', docType: '100', subType: undefined },
  shift_close: { root: 'CHECK', docType: '101', subType: undefined },
  offline_begin: { root: 'CHECK', docType: '102', subType: undefined },
  offline_end: { root: 'CHECK', docType: '103', subType: undefined },
  z_report: { root: 'ZREP', docType: undefined, subType: undefined },
} as const;

export type DocType = keyof typeof DOC_TYPES;

export const isDocType = (s: string): s is DocType => Object.hasOwn(DOC_TYPES, s);

/** Documents that carry goods and payments, so their sums must add up. */
export const carriesGoods = (t: DocType): boolean => t === 'receipt' || t === 'return';
