/**
 * The tax service's check-verification link a customer receipt carries as its QR code
 * (domain facts, "Customer receipt": sure): the receipt's fiscal number, the register's fiscal
 * number, the date and time of the receipt and its sum.
 */
export interface Verifiable {
  /** The receipt's fiscal number (online: the tax server's; offline: session.n.control). */
  readonly fiscalNumber: string;
  readonly numprro: string;
  /** ORDERDATE ddMMyyyy and ORDERTIME HHmmss, as the document says them. */
  readonly orderDate: string;
  readonly orderTime: string;
  /** CHECKTOTAL/SUM, "0.00". */
  readonly sum: string;
}

export const VERIFICATION_BASE = 'https://cabinet.tax.gov.ua/cashregs/check';

export function verificationUrl(v: Verifiable): string {
  const date = `${v.orderDate.slice(4, 8)}${v.orderDate.slice(2, 4)}${v.orderDate.slice(0, 2)}`;
  const q = new URLSearchParams({ id: v.fiscalNumber, fn: v.numprro, date, time: v.orderTime, sm: v.sum });
  return `${VERIFICATION_BASE}?${q.toString()}`;
}

/** Reads the link back (a receipt's QR scanned at the till for a return); undefined when it is not one. */
export function parseVerificationUrl(
  url: string,
): { fiscalNumber: string; numprro: string; date: string; sum: string } | undefined {
  if (!url.startsWith(`${VERIFICATION_BASE}?`)) return undefined;
  const q = new URLSearchParams(url.slice(VERIFICATION_BASE.length + 1));
  const fiscalNumber = q.get('id') ?? '';
  const numprro = q.get('fn') ?? '';
  if (fiscalNumber === '' || numprro === '') return undefined;
  return { fiscalNumber, numprro, date: q.get('date') ?? '', sum: q.get('sm') ?? '' };
}
