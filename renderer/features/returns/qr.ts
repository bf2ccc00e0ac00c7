/**
 * What the cashier types or scans into the return's receipt field. A barcode scanner types the
 * QR code of the customer's paper receipt as text: the tax service's verification link
 * `https://cabinet.tax.gov.ua/cashregs/check?id=<fiscal number>&fn=<register>&date=…&time=…&sm=…`
 * (shared/fiscal/verification.ts, domain notes "Customer receipt"). Only that exact host and path
 * over https is a receipt: a link anywhere else is refused, never followed or looked up, so a
 * doctored code cannot point the till at another register's receipt by a look-alike address.
 */
import { VERIFICATION_BASE } from '../../../shared/fiscal/verification.js';

export interface ReceiptQr {
  /** The receipt's fiscal number: the tax server's (digits) or an offline one (session.n.control). */
  readonly fiscalNumber: string;
  /** The register's fiscal number (fn). */
  readonly numprro: string;
  /** yyyymmdd and hhmmss as the link says them ('' when absent). */
  readonly date: string;
  readonly time: string;
  /** The receipt's sum as the link says it ('' when absent). */
  readonly sum: string;
}

export type ReceiptQuery =
  | { readonly kind: 'number'; readonly checkNumber: number }
  | { readonly kind: 'qr'; readonly qr: ReceiptQr }
  | { readonly kind: 'invalid'; readonly why: 'empty' | 'link' | 'host' | 'text' };

const BASE = new URL(VERIFICATION_BASE);
const FISCAL = /^\d{1,20}(\.\d{1,10}\.\d{1,10})?$/;
const REGISTER = /^\d{1,20}$/;
const DATE = /^\d{8}$/;
const TIME = /^\d{6}$/;
const SUM = /^\d{1,10}\.\d{2}$/;
const INT32_MAX = 2_147_483_647;

/** The receipt a verification link names; undefined for anything else (other hosts included). */
export function parseReceiptQr(text: string): ReceiptQr | undefined {
  const q = readQr(text.trim());
  return q.kind === 'qr' ? q.qr : undefined;
}

function readQr(text: string): ReceiptQuery {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { kind: 'invalid', why: 'text' };
  }
  if (
    url.protocol !== BASE.protocol ||
    url.hostname !== BASE.hostname ||
    url.port !== '' ||
    url.username !== '' ||
    url.password !== ''
  ) {
    return { kind: 'invalid', why: 'host' };
  }
  if (url.pathname.replace(/\/$/, '') !== BASE.pathname) return { kind: 'invalid', why: 'link' };
  const p = url.searchParams;
  const one = (name: string) => (p.getAll(name).length > 1 ? undefined : (p.get(name) ?? ''));
  const fiscalNumber = one('id');
  const numprro = one('fn');
  const date = one('date');
  const time = one('time');
  const sum = one('sm');
  if (
    fiscalNumber === undefined ||
    numprro === undefined ||
    date === undefined ||
    time === undefined ||
    sum === undefined ||
    !FISCAL.test(fiscalNumber) ||
    !REGISTER.test(numprro) ||
    (date !== '' && !DATE.test(date)) ||
    (time !== '' && !TIME.test(time)) ||
    (sum !== '' && !SUM.test(sum))
  ) {
    return { kind: 'invalid', why: 'link' };
  }
  return { kind: 'qr', qr: { fiscalNumber, numprro, date, time, sum } };
}

/** A receipt number typed by hand, or a scanned verification link; anything else says why not. */
export function readReceiptQuery(typed: string): ReceiptQuery {
  // A scanner ends with Enter (sometimes CR LF or a tab): none of it is part of the code.
  const text = typed.trim();
  if (text === '') return { kind: 'invalid', why: 'empty' };
  if (/^\d{1,10}$/.test(text)) {
    const n = Number(text);
    return n >= 1 && n <= INT32_MAX ? { kind: 'number', checkNumber: n } : { kind: 'invalid', why: 'text' };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return readQr(text);
  return { kind: 'invalid', why: 'text' };
}
