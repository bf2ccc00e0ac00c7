/**
 * What a financial answer of the terminal says: approved, with the details the fiscal document and
 * the receipt carry, or declined with the terminal's code and words. Approved is only an answer
 * without an error and with response code 0000; anything else keeps the sale open (a partial
 * approval, 0010, is told apart: it took money, which the till gives back).
 */
import type { Message } from './codec.js';

/** The details of an approved card operation, as the fiscal document's PAYSYS row wants them. */
export interface CardApproval {
  /** The amount the terminal says it took (or gave back), as it wrote it. */
  readonly amount: string;
  /** Retrieval reference number: the acquirer's id of the operation (ACQUIRETRANSID). */
  readonly rrn: string;
  /** Authorisation code (AUTHCD). */
  readonly authCode: string;
  /** The card number masked as the terminal printed it (EPZDETAILS). */
  readonly pan: string;
  /** Payment system: Visa, MasterCard, ПРОСТІР… (NAME). */
  readonly paymentSystem: string;
  /** The terminal's id (DEVICEID). */
  readonly terminalId: string;
  /** The acquiring bank (ACQUIRENM). */
  readonly acquirer: string;
  /** The terminal's receipt number (POSTRANSNUM); a void names it. */
  readonly invoiceNumber: string;
  /** When the terminal did it, as it wrote it (date dd.mm.yyyy, time hh:mm:ss), '' if it did not. */
  readonly date: string;
  readonly time: string;
}

export type CardResult =
  | { readonly kind: 'approved'; readonly approval: CardApproval }
  /**
   * Approved for part of the amount (the card's balance ran short): money left the card, but not
   * what the sale needs. The till cannot close on it, so it voids it; never taken as a decline.
   */
  | { readonly kind: 'partial'; readonly code: string; readonly approval: CardApproval }
  | { readonly kind: 'declined'; readonly code: string; readonly reason: string };

export const APPROVED = '0000';
/** Partial approval: ISO 8583's response code 10, as the terminal writes it in four digits (or two). */
const PARTIAL = new Set(['0010', '10']);

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

export function paramsOf(m: Message): Message {
  const p = m.params;
  return typeof p === 'object' && p !== null && !Array.isArray(p) ? (p as Message) : {};
}

/** The answer to Purchase, Refund or a void, or a last result's transaction (its params). */
export function readResult(error: unknown, errorDescription: unknown, p: Message): CardResult {
  const code = text(p.responseCode);
  // A partial approval is read before the error flag: whatever the terminal flags it, money left the card.
  if (PARTIAL.has(code)) return { kind: 'partial', code, approval: approvalOf(p) };
  if (error === true || error === 'true' || code !== APPROVED) {
    return { kind: 'declined', code: code || 'error', reason: text(errorDescription) || text(p.responseText) || '' };
  }
  return { kind: 'approved', approval: approvalOf(p) };
}

function approvalOf(p: Message): CardApproval {
  return {
    amount: text(p.amount),
    rrn: text(p.rrn),
    authCode: text(p.approvalCode),
    pan: text(p.pan),
    paymentSystem: text(p.paymentSystem) || text(p.issuerName),
    terminalId: text(p.terminalId),
    acquirer: text(p.bankAcquirer),
    invoiceNumber: text(p.invoiceNumber),
    date: text(p.date),
    time: text(p.time),
  };
}

export const resultOf = (m: Message): CardResult => readResult(m.error, m.errorDescription, paramsOf(m));
